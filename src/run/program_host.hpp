// What a program (src/programs/) may do with the simulation it drives, and no more: run phases of
// the time loop or relax the spins, set the run state the next steps see (temperatures, field,
// the program's point and carried state) and read the samples accumulated, plan and write
// statistics rows, and open its own output files. The system, the spins, the Hamiltonian and the
// parallel machinery stay behind it, so a program reads as physics and cannot break the loop's
// invariants.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "run/config/config.hpp"
#include "run/phase.hpp"
#include "stats/energy_path.hpp"
#include "stats/run_state.hpp"
#include "system/stiffness_planes.hpp"
#include "system/wall_slices.hpp"

namespace miniasd {

class Simulation;

class ProgramHost {
  public:
    explicit ProgramHost(Simulation& sim) : sim_(sim) {}

    const Config& config() const;

    // Collective. The time loop over one phase (Simulation::run): false when a continued run had
    // finished it before its checkpoint (the program then skips its results).
    bool run(const Phase& phase);
    // Collective. The relax program's minimisation (Simulation::relax).
    Relaxation relax();
    // Collective. One static-hysteresis-loop point relaxed (Simulation::relax_point); nullopt
    // when a continued run had finished it before its checkpoint.
    std::optional<Relaxation> relax_point(std::int64_t max_steps);
    // Collective. The gneb program's chain of images (Simulation::gneb).
    EnergyPath gneb();

    // The run state: the temperatures and field of the steps to come (a phase sets them when it
    // begins), the program's point and carried state (restored by a continued run), and the
    // samples accumulated since the phase's statistics began.
    RunState& state();

    // Collective. The polar angles (degrees, from +z) of the spins of the atoms in the statistics
    // in VAMPIRE's bins: bin b counts angles in [b - 1, b), b = 1 .. 180 (180 itself in bin
    // 180), summed over the ranks (exact: counts).
    std::vector<std::int64_t> polar_angle_counts() const;
    // Every spin turned by `degrees` about +x, right-handed (y -> y cos - z sin,
    // z -> y sin + z cos), owned atoms and ghosts alike: VAMPIRE's effective-damping kick. Each
    // atom's arithmetic alone, so the same bits on any decomposition.
    void rotate_spins_about_x(double degrees);
    // Every spin along `direction` (a unit vector), owned atoms and ghosts alike: constrained
    // Monte Carlo's start at a constraint direction; `material` >= 0: that material's only.
    void set_spins(const Vec3& direction, int material = -1);
    // Every spin turned by the rotation that takes unit vector `from` onto `to` about the axis
    // normal to both (Rodrigues' formula; the identity when they are equal, and a half turn about
    // an axis normal to `from` when they are opposite). Each atom's arithmetic alone;
    // `material` >= 0: that material's only.
    void turn_spins(const Vec3& from, const Vec3& to, int material = -1);
    // VAMPIRE's domain-wall program's wall placed on the present spins (system/wall_slices.hpp),
    // owned atoms and ghosts alike, each atom's arithmetic alone.
    void place_domain_wall();
    // Collective. VAMPIRE's setting program's count: the exchange bonds from an atom of a
    // ferromagnet (a material index above 4 but 9, 1-based) to one of materials 1 to 4 (the
    // antiferromagnet's sublattices), by that sublattice, over every rank (exact: counts).
    std::vector<std::int64_t> setting_interface_bonds() const;
    // Every spin along its material's direction (unit vectors), owned atoms and ghosts alike.
    void set_material_spins(const std::vector<Vec3>& direction_of_material);
    // Collective. The exchange-stiffness program's planes (system/stiffness_planes.hpp) of the
    // constrained material along sim:domain-wall-axis.
    StiffnessPlanes stiffness_planes() const;
    // VAMPIRE's start of an exchange-stiffness angle (owned atoms and ghosts alike, each atom's
    // arithmetic alone): every spin, the constrained material's from +z and the others' from
    // their material[i]:initial-spin-direction, turned about x (y -> y cos + z sin,
    // z -> -y sin + z cos) by `degrees` times the planes' fraction at its coordinate; then the
    // first plane's spins along +z and the middle plane's along `middle`.
    void place_stiffness_twist(const StiffnessPlanes& p, double degrees, const Vec3& middle);
    // Collective. The planes' torques and spin sums of the present spins (exact sums).
    StiffnessSums stiffness_sums(const StiffnessPlanes& p);
    // Collective. The magnetisation sum mu S / sum mu over the atoms in the statistics (exact
    // sums: the same bits on any decomposition).
    Vec3 magnetisation() const;
    // Collective. The mean spin of each material in each slice of sim:domain-wall-discretisation
    // along sim:domain-wall-axis (system/wall_slices.hpp), over every rank (exact sums).
    WallSlices domain_wall_slices() const;
    // Collective. One statistics row of the present sample (a program that writes its own rows).
    void write_row();
    // Statistics rows of the whole run, before the first phase (snapshot disk-space check).
    void plan_rows(std::int64_t rows);

    // What the samples are normalised by: the moments of the atoms in the statistics (J/T), in
    // all and per material, and their count.
    double total_moment() const;
    const std::vector<double>& material_moments() const;
    std::int64_t counted_atoms() const;

    // Where a continued run stands: the step this job started from, and whether it continues a
    // checkpoint's run.
    std::int64_t first_step() const;
    bool continued() const;

    // Rank 0's screen (null elsewhere, and when the run is quiet).
    std::FILE* screen() const;
    // Collective. A text output file of the run (Simulation::open_output_file): rank 0's stream,
    // null elsewhere; a continued run appends (*appended).
    std::FILE* open_output_file(const std::string& name, std::string& path,
                                bool* appended = nullptr) const;

  private:
    Simulation& sim_;
};

}  // namespace miniasd
