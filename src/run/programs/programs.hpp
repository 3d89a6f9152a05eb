// The programs (program.hpp), one class each.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "run/phase.hpp"
#include "run/programs/program.hpp"
#include "run/programs/two_temperature.hpp"
#include "stats/energy_path.hpp"
#include "system/wall_slices.hpp"

namespace miniasd {

class PointTable;

class TimeSeriesProgram final : public Program {
  public:
    const char* name() const override { return "time-series"; }
    void run(ProgramHost& sim) override;
};

// sim:program = relax (miniASD's): the energy minimised from the initial spins
// (Simulation::relax); exit status 1 when sim:total-time-steps end it before every torque is
// below sim:relax-torque-tolerance.
class RelaxProgram final : public Program {
  public:
    const char* name() const override { return "relax"; }
    void run(ProgramHost& sim) override;
    int exit_status() const override { return converged_ ? 0 : 1; }

  private:
    bool converged_ = true;
};

// sim:program = gneb (miniASD's): the minimum-energy path from the initial spins to the final
// state by the geodesic nudged elastic band (Simulation::gneb); writes `energy-path` and
// `energy-path-interpolated` and prints the barriers; exit status 1 when sim:total-time-steps
// end it before every force is below gneb:torque-tolerance.
class GnebProgram final : public Program {
  public:
    const char* name() const override { return "gneb"; }
    void run(ProgramHost& sim) override;
    int exit_status() const override { return path_.converged ? 0 : 1; }
    const EnergyPath& path() const { return path_; }  // after run()

  private:
    EnergyPath path_;
};

class BenchmarkProgram final : public Program {
  public:
    const char* name() const override { return "benchmark"; }
    void run(ProgramHost& sim) override;
};

// Temperatures from sim:minimum-temperature to sim:maximum-temperature in steps of
// sim:temperature-increment; at each, equilibration then loop-time-steps of sampling. Writes one
// `output` row per temperature and the table `curie-temperature`: <|m|>, susceptibility,
// specific heat and Binder cumulant, total and per material, each with its error.
class CurieTemperatureProgram final : public Program {
  public:
    const char* name() const override { return "curie-temperature"; }
    void run(ProgramHost& sim) override;
    // The rows of the table, as written (for tests and callers).
    const std::vector<std::vector<double>>& points() const { return points_; }

  private:
    std::vector<std::vector<double>> points_;
};

// The field along sim:applied-field-unit-vector from +H to -H and back to +H
// (H = sim:maximum-applied-field-strength) in steps of sim:applied-field-strength-increment,
// after equilibration at the larger of +H and sim:equilibration-applied-field-strength. Writes one
// `output` row per field, the table `hysteresis-loop` (<m.h> per field and branch, with errors)
// and the coercive fields found by interpolation. VAMPIRE's variants: `partial`, one branch up
// from sim:minimum-applied-field-strength to H after equilibration at
// sim:equilibration-applied-field-strength; `static_loop`, the full loop with the spins relaxed
// at each field by the minimiser (sim:relax-method, sim:relax-torque-tolerance) at 0 K, at most
// sim:loop-time-steps steps, instead of sampled at a temperature.
// `sweep` (VAMPIRE's field-sweep): the segments of the field-sweep file
// (field_sweep_file.hpp), each "H_start H_end increment steps", each after equilibration at the
// larger of +H and the equilibration field; a segment's branch label is its direction.
enum class HysteresisKind { full, partial, static_loop, sweep };
class HysteresisLoopProgram final : public Program {
  public:
    explicit HysteresisLoopProgram(HysteresisKind kind = HysteresisKind::full) : kind_(kind) {}
    const char* name() const override {
        return kind_ == HysteresisKind::partial       ? "partial-hysteresis-loop"
               : kind_ == HysteresisKind::static_loop ? "static-hysteresis-loop"
               : kind_ == HysteresisKind::sweep       ? "field-sweep"
                                                      : "hysteresis-loop";
    }
    void run(ProgramHost& sim) override;
    // Fields (T) where <m.h> crosses zero going down and going up (a field sweep: the first such
    // crossing over its segments each way); NaN where it does not (and going down in a partial
    // loop, which has no such branch).
    double coercive_down() const { return coercive_[0]; }
    double coercive_up() const { return coercive_[1]; }

  private:
    double point(ProgramHost& sim, PointTable& table, double b, int sign, std::int64_t steps);
    void settle(ProgramHost& sim, double field);
    HysteresisKind kind_;
    double coercive_[2] = {0, 0};
    std::int64_t next_point_ = 0;   // the index of the next field point
    std::int64_t unconverged_ = 0;  // static loop: fields whose relaxation hit its step limit
};

// Equilibration at sim:equilibration-temperature in the applied field, then total-time-steps in
// which the temperature falls to sim:temperature by sim:cooling-function with sim:cooling-time.
// `localised` (VAMPIRE's localised-field-cool): each material's thermal field cools instead, from
// its material[i]:maximum-temperature to its -minimum-temperature by the same function, after an
// equilibration at the materials' own temperatures (material[i]:temperature, 0 K if not given).
class FieldCoolProgram final : public Program {
  public:
    explicit FieldCoolProgram(bool localised = false) : localised_(localised) {}
    const char* name() const override { return localised_ ? "localised-field-cool" : "field-cool"; }
    void run(ProgramHost& sim) override;

  private:
    bool localised_;
};
// The field-cool temperature (K) t seconds after the cooling began.
double cooling_temperature(const Config& c, double t);
// The cooling function's f(t / cooling-time), from 1 at t = 0 towards 0.
double cooling_factor(const Config& c, double t);

// Equilibration without current, then total-time-steps in which the spin torques' current follows
// the pulse of sim:electrical-pulse-rise-time, -time and -fall-time.
class ElectricalPulseProgram final : public Program {
  public:
    const char* name() const override { return "electrical-pulse"; }
    void run(ProgramHost& sim) override;
};
// The electrical pulse's current as a fraction of the full one, t seconds after it began.
double electrical_pulse_current(const Config& c, double t);

// Equilibration without the oscillating field, then total-time-steps in which it acts
// (VAMPIRE's fmr program: sim:fmr-field-strength, -frequency, -unit-vector).
class FmrProgram final : public Program {
  public:
    const char* name() const override { return "fmr"; }
    void run(ProgramHost& sim) override;
};
// The oscillating field's strength (T, along sim:fmr-field-unit-vector) at time t (s) of the run.
double fmr_field(const Config& c, double t);
// A material's own oscillating field (T, along its material[i]:fmr-field-unit-vector) at time t.
double material_fmr_field(const MaterialConfig& m, double t);

// Equilibration without a field, then total-time-steps in which the applied field is a Gaussian
// pulse (VAMPIRE's field-pulse program: sim:applied-field-strength, sim:field-pulse-time).
class FieldPulseProgram final : public Program {
  public:
    const char* name() const override { return "field-pulse"; }
    void run(ProgramHost& sim) override;
};
// The pulse's field (T, along sim:applied-field-unit-vector) at time t (s) after equilibration.
double field_pulse_field(const Config& c, double t);

// VAMPIRE's cmc-anisotropy (sim:integrator = constrained-monte-carlo): for each constraint
// direction (the azimuths sim:constraint-angle-theta-minimum .. -maximum, and for each the polar
// angles sim:constraint-angle-phi-minimum .. -maximum) the spins start along it, and for each
// temperature of the Curie sweep's range the run equilibrates and then samples loop-time-steps,
// one row of the statistics per temperature (the mean torque gives the free energy's slope).
class CmcAnisotropyProgram final : public Program {
  public:
    const char* name() const override { return "cmc-anisotropy"; }
    void run(ProgramHost& sim) override;
};

// VAMPIRE's hybrid-cmc and reverse-hybrid-cmc (sim:integrator = hybrid-constrained-monte-carlo):
// each material's constraint directions swept in turn (hybrid_cmc.cpp), a row of the statistics
// per direction and temperature; `reverse` puts the polar angle phi in the outer loop.
class HybridCmcProgram final : public Program {
  public:
    explicit HybridCmcProgram(bool reverse) : reverse_(reverse) {}
    const char* name() const override { return reverse_ ? "reverse-hybrid-cmc" : "hybrid-cmc"; }
    void run(ProgramHost& sim) override;

  private:
    bool reverse_;
};

// VAMPIRE's LaGrange-Multiplier (lagrange.cpp): at 0 K, for each constraint direction of the
// sim:constraint-angle-* sweep, loop-time-steps of LLG in which every atom also feels the
// constraint's field N (lambda / |m| - nu), lambda integrated from the magnetisation's distance
// to the direction nu; a row of the statistics at the end of each direction.
class LagrangeMultiplierProgram final : public Program {
  public:
    const char* name() const override { return "lagrange-multiplier"; }
    void run(ProgramHost& sim) override;
};
// VAMPIRE's update of lambda (T) over one step of `dt` seconds, from the magnetisation m (its
// direction and length) and the constraint direction nu: lambda += -N (m/|m| - nu) gamma dt.
Vec3 lagrange_lambda(const Vec3& lambda, const Vec3& m, const Vec3& nu, double dt);
// The constraint's field (T) on every atom: N (lambda / |m| - nu).
Vec3 lagrange_field(const Vec3& lambda, const Vec3& m, const Vec3& nu);

// VAMPIRE's setting (setting.cpp): the exchange-bias setting of an IrMn3 antiferromagnet
// (materials 1 to 4, its sublattices) under a ferromagnet (materials above 4): no steps, the spins
// placed in the ordered state whose interface sublattice lies nearest the field, one row.
class SettingProgram final : public Program {
  public:
    const char* name() const override { return "setting"; }
    void run(ProgramHost& sim) override;
    const std::vector<Vec3>& directions() const { return directions_; }  // after run()

  private:
    std::vector<Vec3> directions_;  // per material
};
// VAMPIRE's choice: per material (0-based), the direction the setting program gives its spins,
// from the interface bonds per sublattice and the field's unit vector.
std::vector<Vec3> setting_directions(const std::vector<std::int64_t>& bonds, const Vec3& field,
                                     std::size_t materials, int* largest = nullptr,
                                     int* closest = nullptr);

// VAMPIRE's exchange-stiffness (exchange_stiffness.cpp; sim:integrator =
// hybrid-constrained-monte-carlo with one constrained material): two planes of that material held
// at angles 0 and theta along sim:domain-wall-axis, over the angles and the Curie sweep's
// temperatures, a row of the statistics per point; the torques and their fitted slope in
// exchange-stiffness-torques.txt, exchange-stiffness.txt and exchange-stiffness-final-torques.txt.
struct StiffnessFit {
    double slope = 0, intercept = 0;  // J per radian, J (per atom)
};
class ExchangeStiffnessProgram final : public Program {
  public:
    const char* name() const override { return "exchange-stiffness"; }
    void run(ProgramHost& sim) override;
    const std::vector<StiffnessFit>& fits() const { return fits_; }  // per temperature, after run()

  private:
    void write_results(ProgramHost& sim, const std::vector<double>& angles,
                       const std::vector<double>& temperatures);
    std::vector<StiffnessFit> fits_;
};
// VAMPIRE's least-squares line through (x, y).
StiffnessFit stiffness_fit(const std::vector<double>& x, const std::vector<double>& y);

// VAMPIRE's effective-damping: equilibration at sim:equilibration-temperature, then every spin
// turned by 30 degrees about x, then total-time-steps at sim:temperature whose rows show the
// magnetisation relaxing back (its decay rate gives the effective damping).
class EffectiveDampingProgram final : public Program {
  public:
    const char* name() const override { return "effective-damping"; }
    void run(ProgramHost& sim) override;
};

// VAMPIRE's diagnostic-boltzmann: equilibration, then total-time-steps in which the spins' polar
// angles are binned at every sample (after each time-steps-increment); boltzmann-distribution.txt
// holds the histogram beside the single-spin Boltzmann distributions it should follow.
class BoltzmannProgram final : public Program {
  public:
    const char* name() const override { return "diagnostic-boltzmann"; }
    void run(ProgramHost& sim) override;
};
// The file's rows (b, P(b), its mirror average, P_K, P_H, P_KH) from the counts of bins 0..180.
std::vector<std::array<double, 6>> boltzmann_rows(const Config& c,
                                                  const std::vector<double>& counts);

// VAMPIRE's domain-wall: the wall placed on the initial spins (system/wall_slices.hpp; not in a
// continued run, whose spins are past it), equilibration at sim:equilibration-temperature, then
// total-time-steps at sim:temperature writing, at every sample, the wall's profile to
// dw-<step>.txt: slice, material (from 0), mean spin x, y, z, atoms.
class DomainWallProgram final : public Program {
  public:
    const char* name() const override { return "domain-wall"; }
    void run(ProgramHost& sim) override;
};
// A dw-<step>.txt file's text: its header and a row for each slice and material with atoms.
std::string domain_wall_text(const WallSlices& w, std::int64_t step);

// Equilibration at sim:temperature, then total-time-steps in which the spins feel the electron
// temperature of the two-temperature model heated by a laser pulse (or a square pulse).
class LaserPulseProgram final : public Program {
  public:
    const char* name() const override { return "laser-pulse"; }
    void run(ProgramHost& sim) override;
    const TwoTemperatureModel* model() const { return model_.get(); }  // after run()

  private:
    std::unique_ptr<TwoTemperatureModel> model_;
};
TwoTemperatureParameters two_temperature_parameters(const Config& c);
// sim:simulation-cycles: the phase of a cooling's or a pulse's next cycle (no equilibration, no
// sample at its start: the last cycle's final sample is there), and the rows of all cycles.
Phase next_cycle(const Config& c);
void plan_cycle_rows(ProgramHost& sim);

// One temperature point of a sweep (curie-temperature, cmc-anisotropy): equilibration-time-steps
// and then loop-time-steps sampled every time-steps-increment at temperature t (K), its rows
// written by the program (the averages).
Phase sweep_point_phase(const Config& c, double t);
// Collective. The start of a constraint direction (cmc-anisotropy, the hybrid programs): a phase
// of no steps at temperature t, false when a continued run's checkpoint lies beyond it (its spins
// had that start, so the program skips setting them).
bool start_direction(ProgramHost& sim, double t);
// Collective. The Curie sweep's temperatures at one constraint direction: each a point
// (state.point = point++) equilibrated and sampled, with its row; `done(t)` after each row (not
// for the points a continued run had finished).
void sweep_temperatures(ProgramHost& sim, const std::vector<double>& temperatures,
                        std::int64_t& point, const std::function<void(double)>& done);

// Points of a sweep from `from` to `to` (inclusive, either direction) in steps of `step` > 0;
// the last point is `to` itself when the range is not a whole number of steps.
std::vector<double> sweep_points(double from, double to, double step);

// Where y(x), given at points in order, first crosses zero, by linear interpolation between the
// two points around the crossing; NaN when it does not.
double zero_crossing(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace miniasd
