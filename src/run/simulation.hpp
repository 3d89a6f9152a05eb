// A simulation on a set of ranks: set-up (decomposition, local system, Hamiltonian, integrator)
// and the one time loop. Programs (src/programs/) drive it through phases; the tests drive it
// directly with sub-communicators.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "checkpoint/checkpoint.hpp"
#include "hamiltonian/hamiltonian.hpp"
#include "integrate/integrator.hpp"
#include "output/pipeline/output_files.hpp"
#include "output/pipeline/snapshot_output.hpp"
#include "parallel/decomposition.hpp"
#include "parallel/halo.hpp"
#include "parallel/mpi_clock.hpp"
#include "report/run_report.hpp"
#include "run/config/config.hpp"
#include "run/loop_observers.hpp"
#include "run/phase.hpp"
#include "run/simulation_parts.hpp"
#include "run/stop_policy.hpp"
#include "spectra/structure_factor.hpp"
#include "stats/energy_path.hpp"
#include "stats/run_state.hpp"
#include "stats/time_series.hpp"
#include "stats/topology.hpp"
#include "stats/wall_profile.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"
#include "system/memory_estimate.hpp"
#include "system/spins.hpp"
#include "system/stiffness_planes.hpp"
#include "system/wall_slices.hpp"
#include "util/timers.hpp"
#include "util/units.hpp"

namespace miniasd {

// sim:demagnetisation-factor's field (T): -mu_0 N M, M = m total_moment / V the magnetisation of
// the box (m = sum mu S / sum mu; total_moment = sum mu, J/T; box the extent, m).
inline Vec3 demag_field(const Vec3& n, const Vec3& m, double total_moment, const Vec3& box) {
    const double scale = -4 * 3.14159265358979323846 * constants::mu0_over_4pi * total_moment /
                         (box[0] * box[1] * box[2]);
    return {scale * n[0] * m[0], scale * n[1] * m[1], scale * n[2] * m[2]};
}

struct RunOptions {
    std::string output_dir = ".";  // where the statistics table goes
    bool write_files = true;       // false: no files at all (tests)
    bool progress = true;          // progress lines with ETA on rank 0 for long runs
    std::FILE* screen = stdout;    // rank 0's screen output; nullptr for none
    bool verbose = false;          // more detail (MPI-IO hints in effect)
    // Delete another run's snapshots in the output directory instead of refusing to start
    // there (--overwrite; output/pipeline/run_directory.hpp).
    bool overwrite = false;
    // Lower the thread count to the work: one thread per min_atoms_per_thread atoms of a rank's
    // share (util/placement.hpp), at most the threads OpenMP allows now. The program sets it;
    // tests that choose their thread count do not.
    bool fit_threads_to_work = false;
};

// A scope of output or checkpoint work: its time goes to the timer `id` and its MPI calls (the
// ranks agreeing on a write, collective writes) are not counted as the loop's MPI, so the
// report's parts never count one second twice.
struct IoTimer {
    IoTimer(Timers& t, int id) : timer(t, id) {}
    ScopedTimer timer;
    parallel::MpiClockPause pause;
};

// Thrown on every rank when the run stops early with a checkpoint (sim:wall-time-limit, SIGTERM,
// SIGUSR1): not a failure; the application exits with exit_stopped_with_checkpoint.
class RunStopped : public std::runtime_error {
  public:
    RunStopped(const std::string& why, std::string checkpoint)
        : std::runtime_error(why), checkpoint_(std::move(checkpoint)) {}
    const std::string& checkpoint() const { return checkpoint_; }

  private:
    std::string checkpoint_;
};

// The memory a run of `c` on `lattice` needs per rank, with the neighbour table as wide and the
// halo as deep as the Hamiltonian's reach, and the snapshots' and checkpoints' buffers (their
// writers gather a node's atoms: `ranks_per_node`, the fullest node's).
MemoryEstimate estimate_run_memory(const Config& c, const Lattice& lattice, int ranks,
                                   int ranks_per_node, const ReachUnion& reach);
// Collective. The terms `c` uses on `l` and their reach, checked to fit the memory of the fullest
// node (Error on every rank, before anything is allocated).
HamiltonianPlan checked_plan(const Config& c, const Lattice& l, const parallel::Comm& comm);

class Simulation {
  public:
    // Collective over world: decomposes the lattice and builds this rank's part.
    Simulation(const parallel::Comm& world, Config config, RunOptions options);

    ~Simulation();

    // Collective. The time loop over one phase; steps (and so the random-number counter) continue
    // from where the previous call stopped. A continued run (sim:load-checkpoint = continue)
    // skips the phases its checkpoint had finished, returning false for them (the program then
    // skips their results too), and resumes the checkpoint's phase at its step.
    bool run(const Phase& phase);
    // Collective. A program's run (programs/program.hpp, run_program) goes start_run(), the
    // program's phases, finish_run(). start_run loads a checkpoint if the input asks for one;
    // finish_run waits for the last snapshot and writes the end-of-run checkpoint if the input
    // asks for one. The phases throw RunStopped when a wall-time limit or a signal stopped the run
    // with a checkpoint.
    void start_run();
    void finish_run();

    // Collective. Minimises the energy from the present spins (integrate/minimiser.hpp,
    // sim:relax-method) until every torque is below sim:relax-torque-tolerance. As the program
    // relax (`program` true), every minimiser step is a step of the run, at most
    // sim:total-time-steps: statistics rows every time-steps-increment steps, snapshots,
    // checkpoints and stops as in a time loop, a last row and snapshot at the end. Before a
    // program (sim:relax-first) at most sim:relax-maximum-steps, and the run's step count is left
    // alone; its steps are counted in RunState::relax_first_step, and the loop's after-step
    // observers act on them (continuous checkpoints, stops, test hooks), so a stop there writes a
    // checkpoint the continued run relaxes on from. Rank 0 prints progress and the outcome.
    Relaxation relax(bool program);
    // Collective. VAMPIRE's Monte Carlo preconditioning (sim:preconditioning-steps): that many
    // Metropolis sweeps of the spins at sim:equilibration-temperature before a new run's program
    // (simulation_precondition.cpp), whatever the integrator; the time does not advance.
    void precondition();
    // Collective. One field point of sim:program = static-hysteresis-loop: the minimiser at the
    // present field and 0 K until every torque is below sim:relax-torque-tolerance, at most
    // `max_steps` steps; each step is a step of the run (checkpoints and stops act on them) and
    // the point is one phase, so a continued run skips the points its checkpoint had finished
    // (nullopt) and relaxes on in the one it stopped in. At the end one sample of the state
    // (state().accumulator), no row.
    std::optional<Relaxation> relax_point(std::int64_t max_steps);
    // Collective. sim:program = gneb (integrate/gneb.hpp, simulation_gneb.cpp): the chain from
    // the present spins to gneb:final-spin-direction or -file, its end points relaxed first
    // (gneb:relax-end-points), at most sim:total-time-steps iterations; rank 0 prints progress.
    // At the end one statistics row and snapshot per image (their step is the image's number),
    // and the spins are the highest image's. A signal or the wall-time limit stops the chain
    // (EnergyPath::stopped) with its path so far; there are no checkpoints of a chain.
    EnergyPath gneb();
    const EnergyPath& energy_path() const { return energy_path_; }  // the last gneb()'s
    const StructureFactor* structure_factor() const { return structure_factor_.get(); }
    // Collective. Writes a checkpoint of the present state; returns its directory.
    std::string write_checkpoint();

    // Collective. Writes one statistics row (output file and screen) from the current sample and
    // the accumulated samples, and a snapshot when config:atoms-output-rate says so (or, with
    // `snapshot`, whenever config:atoms is set: a relaxation's final state).
    void write_row(bool snapshot = false);
    // Collective: throws Error on every rank when rank 0's table write failed (`why` not "").
    void agree_table_write(const std::string& why) const;
    // Expected statistics rows of the whole run (for the snapshots' disk-space check); set by a
    // program before its first phase.
    void plan_rows(std::int64_t rows) { rows_.planned_rows = rows; }

    // Collective. Order-independent hash of all spins (the same on every rank).
    std::uint64_t spin_hash() const;
    // Collective. Observables of the current state (refreshes the ghosts first: energies of
    // links across ranks need the neighbours' current spins).
    Observables observe();
    // The accumulator's series (stats/observables.hpp): the materials', and the height
    // profiles' when a column shows them (simulation_rows.cpp).
    std::size_t series_width() const;
    // Collective. Prints the run report (report/run_report.hpp) on rank 0's screen and writes
    // it to report.json. `stopped_checkpoint`: the checkpoint a run stopped early with (exit
    // status 75; job scripts read it from report.json when the launcher's own status is lost).
    void report(const std::string& stopped_checkpoint = "") const;
    // Collective. The run report, complete on rank 0 (nullopt elsewhere).
    std::optional<RunReport> gather_report() const;
    // Wall time of building the system, neighbours and halo plan on this rank (s), measured by
    // the caller around the constructor; the report gives it per atom.
    void set_setup_seconds(double s) { account_.setup_seconds = s; }

    const Config& config() const { return config_; }
    const RunOptions& options() const { return options_; }
    const parallel::Comm& comm() const { return decomposition_.comm; }
    const parallel::ProcessGrid& grid() const { return decomposition_.grid; }
    const Lattice& lattice() const { return lattice_; }
    const MaterialMap& materials() const { return materials_; }
    const LocalSystem& system() const { return system_; }
    const Hamiltonian& hamiltonian() const { return hamiltonian_; }
    // The Hamiltonian's non-local stages run when prepared through it (tests drive it directly).
    Hamiltonian& hamiltonian() { return hamiltonian_; }
    // The terms the input uses, their reaches and their columns of the neighbour table.
    const HamiltonianPlan& plan() const { return plan_; }
    // The spins, brought back from the device first when the integrator keeps them there; the
    // non-const form hands changes back to it before the next step.
    const Spins& spins() const {
        pull_spins();
        return spins_;
    }
    const SnapshotOutput* snapshots() const { return rows_.snapshots.get(); }  // null: none written
    Spins& spins() {
        pull_spins();
        sync_.host_ahead = true;
        return spins_;
    }
    const Timers& timers() const { return timers_; }
    RunState& state() { return state_; }
    const RunState& state() const { return state_; }
    const Observables& last_sample() const { return measures_.sample; }
    double total_moment() const { return measures_.total_moment; }  // J/T, atoms in the statistics
    // Atoms the statistics count: all but those of non-magnetic materials.
    std::int64_t counted_atoms() const { return measures_.counted_atoms; }
    // Collective. ProgramHost::polar_angle_counts (simulation_histogram.cpp).
    std::vector<std::int64_t> polar_angle_counts() const;
    // Collective. ProgramHost::place_domain_wall and domain_wall_slices (simulation_wall.cpp).
    void place_domain_wall();
    WallSlices domain_wall_slices() const;
    // Collective. ProgramHost::magnetisation (simulation_histogram.cpp).
    Vec3 magnetisation() const;
    // Collective. ProgramHost::setting_interface_bonds and set_material_spins
    // (simulation_wall.cpp).
    std::vector<std::int64_t> setting_interface_bonds() const;
    void set_material_spins(const std::vector<Vec3>& direction_of_material);
    // Collective. ProgramHost::stiffness_planes, place_stiffness_twist and stiffness_sums
    // (simulation_stiffness.cpp).
    StiffnessPlanes stiffness_planes() const;
    void place_stiffness_twist(const StiffnessPlanes& p, double degrees, const Vec3& middle);
    StiffnessSums stiffness_sums(const StiffnessPlanes& p);
    int threads_allowed() const { return account_.threads_allowed; }
    int ranks_per_node() const { return account_.ranks_per_node; }  // the fullest node's
    const std::vector<double>& material_moments() const {
        return measures_.material_moment;
    }  // J/T
    std::int64_t steps_done() const { return state_.step; }
    const std::string& table_path() const { return rows_.table_path; }  // "" when not writing files
    // Collective. Opens `name` in the output directory on rank 0 (nullptr elsewhere, and when
    // not writing files); every rank fails alike when it cannot be created. A continued run
    // reopens the file of the run it continues instead, cut to its length at the checkpoint
    // (rows written after it are written again, identically), and sets *appended: the caller
    // writes no header then. Checkpoints record the length of every file opened here.
    std::FILE* open_output_file(const std::string& name, std::string& path,
                                bool* appended = nullptr) const;
    std::int64_t first_step() const {
        return continuation_.first_step;
    }                                                           // step this job started from
    bool continued() const { return continuation_.continued; }  // continues a checkpoint's run
    const std::string& run_id() const { return continuation_.run_id; }

  private:
    void write_report(const std::string& stopped_checkpoint) const;  // report() but its barrier
    // Collective. Opens the statistics table and the snapshot output, writes the coordinates.
    void start();
    // Collective, once (start() calls it): refuses an output or checkpoint directory that holds
    // another run's snapshots or checkpoints (run_directory.hpp, foreign_checkpoints.hpp), so
    // that no checkpoint of this run replaces them; before anything is written.
    void claim_directories();
    void begin_phase(const Phase& p);
    void sample(bool write);  // statistics sample: observe, accumulate, maybe a row
    void write_snapshot();    // of the present spins and sample (config:atoms is set)
    void advance();           // one integrator step
    // The owned spins of spins_ made current when a device holds newer ones (keeps_spins).
    void pull_spins() const;
    void sync_field();       // the Hamiltonian's applied field := the run state's
    void load_checkpoint();  // sim:load-checkpoint(-if-exists)
    // A continued run's held field state (the dipolar field's last spins) from checkpoint `path`.
    void restore_held_state(const std::string& path);
    void load_initial_spins();  // sim:initial-spin-file, collective
    // Collective: the chain's last image (gneb:final-spin-direction or -file) and an end point
    // relaxed (`which`: "initial" or "final"; Error when it does not converge), its field
    // evaluations counted on from `evaluations` (Hamiltonian::begin_iteration).
    Spins final_image();
    void relax_end_point(Spins& s, const char* which, std::int64_t& evaluations);
    // After a step: `next` is the phase's next loop index. Writes a continuous checkpoint when
    // due; stops the run (RunStopped) when every rank agrees a limit or signal says so.
    void after_step(std::int64_t next);
    // Collective: throws Error naming the first non-finite spin (or bath temperature) found,
    // `when` saying at which point of the run (simulation_health.cpp).
    void check_finite(const std::string& when);
    void check_sample();  // the latest sample: throws Error if a statistic is non-finite
    void poison_spin(std::int64_t gid);  // test hook: this atom's spin := NaN, where it is owned
    // Registers the loop's observers (simulation_observers.cpp), once, by the constructor, in
    // the order they act.
    void register_observers();
    void register_row_observers();   // before a step, at a sample, after a row
    void register_step_observers();  // after a step
    // The structure factor (simulation_spectra.cpp): built by the constructor when the input
    // asks for one; its sampling observer; its files, written at its last sample; its state in
    // checkpoints and the restoration of a continued run's.
    void build_structure_factor();
    void register_spectra_observer();
    void write_structure_factor();
    std::vector<std::pair<std::string, std::string>> structure_factor_state() const;
    void restore_structure_factor(const std::string& checkpoint);

    Config config_;
    RunOptions options_;
    Lattice lattice_;
    HamiltonianPlan plan_;  // the terms and their reach, before the system that is built on it
    parallel::Decomposition decomposition_;
    MaterialMap materials_;  // each atom's material, for the system and the terms' tables
    LocalSystem system_;
    // The host's spins. Mutable: with a GPU integrator they are a copy that readers refresh
    // (pull_spins) even through const access; sync_ says which copy is newer.
    mutable Spins spins_;
    SpinSync sync_;
    Timers timers_;
    Hamiltonian hamiltonian_;
    parallel::HaloExchange halo_;
    std::unique_ptr<Integrator> integrator_;
    RunState state_;
    Measures measures_;          // simulation_parts.hpp: the sample and what it is built from
    RowOutput rows_;             // statistics table and snapshots
    Continuation continuation_;  // checkpoints, stops, where a continued run stands
    LoopObservers observers_;    // what acts around the steps (simulation_observers.cpp)
    Accounting account_;         // timers and times of the run report
    EnergyPath energy_path_;     // sim:program = gneb's, for the report and tests
    std::unique_ptr<StructureFactor> structure_factor_;  // the structure-factor: keywords'

    LoopCounters counters() const;
    // Adds the loop time and counter changes since `wall` / `from` to the loop totals.
    void end_loop_stretch(double wall, const LoopCounters& from);
};

}  // namespace miniasd
