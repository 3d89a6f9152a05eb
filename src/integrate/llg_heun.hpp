// Stochastic Landau-Lifshitz-Gilbert equation integrated with Heun's scheme (docs/physics.md):
//   dS/dt = -gamma/(1+alpha^2) [S x H + alpha S x (S x H)],  H = H_det(S) + H_th
//   predictor  S' = norm(S + dt f(S, H(S)))
//   corrector  S  = norm(S + dt/2 [f(S, H(S)) + f(S', H(S'))])
// The thermal field is drawn once per atom per step from (seed, global id, step) and shared by
// predictor and corrector. Every atom's update depends only on its own and its neighbours'
// spins, so the result is bitwise the same for any decomposition and thread count. The physics
// is two kernels (integrate/heun_kernels.hpp); the traversal is HeunSweep (integrate/sweep.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "integrate/heun_kernels.hpp"
#include "integrate/integrator.hpp"
#include "integrate/sweep.hpp"
#include "util/gaussian.hpp"

namespace miniasd {

// Standard deviation (T) of each Cartesian component of the Langevin field for one atom:
// sqrt(2 alpha k_B T / (gamma_rel gamma mu_s dt)).
double thermal_field_sigma(double alpha, double moment, double temperature, double dt,
                           double relative_gamma = 1.0);
// The same for an atom of material m at the run's temperature (K): its rescaled temperature
// (rescaled_temperature()) and relative gamma.
double thermal_field_sigma(const MaterialConfig& m, double temperature, double dt);
// Every material's sigma (T) at the run's temperature (K), their own temperatures instead where
// the materials give them (local_temperatures()), or `material_temperatures` (K, one per material)
// where a program sets them (localised-field-cool): what the CPU's and the GPU's steps draw with.
std::vector<double> thermal_field_sigmas(const std::vector<MaterialConfig>& materials,
                                         double temperature, double dt,
                                         const std::vector<double>& material_temperatures = {});

class LlgHeun final : public Integrator {
  public:
    LlgHeun(const SystemSettings& c, const Stepping& stepping, const LocalSystem& sys,
            Hamiltonian& h, parallel::HaloExchange& halo, Timers& timers);

    const char* name() const override { return "llg-heun"; }
    // One time step at state.temperature, state.step being the random-number counter.
    void step(Spins& s, RunState& state) override;
    // OpenMP parallel regions per step: each ends in a barrier of the rank's threads, where a
    // thread that was descheduled holds up the others.
    std::string summary() const override;
    std::vector<std::pair<std::string, double>> figures() const override;

  private:
    void set_temperature(double kelvin, const std::vector<double>& material_temperatures);
    // Advances owned spins by one time step; `step` is the global step number (the RNG counter).
    template <bool OneMaterial, bool Thermal>
    void advance(Spins& s, std::uint64_t step);

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;  // told when each step begins (non-local terms' update rates)
    HeunSweep sweep_;  // the traversal; fused unless MINIASD_NO_FUSED_HEUN is set (to compare)

    double dt_;  // s
    std::uint64_t seed_;
    ZigguratTables ziggurat_;                    // the thermal field's Gaussian tables
    double temperature_ = -1;                    // K; < 0: not set yet
    std::vector<double> material_temperatures_;  // K, the run state's (localised-field-cool)
    std::vector<double> moment_, alpha_, gamma_eff_, sigma_;  // per material
    std::vector<MaterialConfig> materials_;  // their settings (the thermal field's sigma)
    bool noise_ = false;                     // some sigma > 0: the thermal field is drawn

    Spins predicted_;                   // S', [n_local]
    std::vector<double> tx_, ty_, tz_;  // thermal field, T, [n_owned]; empty until T > 0
};

}  // namespace miniasd
