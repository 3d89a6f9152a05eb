// A simulation on a set of ranks: set-up (decomposition, local system, Hamiltonian, integrator)
// and the one time loop. Programs (src/programs/) drive it through phases; the tests drive it
// directly with sub-communicators.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "checkpoint/checkpoint.hpp"
#include "hamiltonian/hamiltonian.hpp"
#include "input/config.hpp"
#include "integrate/integrator.hpp"
#include "output/output_files.hpp"
#include "output/snapshot_output.hpp"
#include "parallel/decomposition.hpp"
#include "parallel/halo.hpp"
#include "parallel/mpi_clock.hpp"
#include "report/run_report.hpp"
#include "stats/run_state.hpp"
#include "stats/time_series.hpp"
#include "stats/topology.hpp"
#include "stats/wall_profile.hpp"
#include "stop_policy.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"
#include "system/memory_estimate.hpp"
#include "system/spins.hpp"
#include "util/timers.hpp"

namespace miniasd {

struct RunOptions {
    std::string output_dir = ".";  // where the statistics table goes
    bool write_files = true;       // false: no files at all (tests)
    bool progress = true;          // progress lines with ETA on rank 0 for long runs
    std::FILE* screen = stdout;    // rank 0's screen output; nullptr for none
    bool verbose = false;          // more detail (MPI-IO hints in effect)
    // Delete another run's snapshots in the output directory instead of refusing to start
    // there (--overwrite; output/run_directory.hpp).
    bool overwrite = false;
    // Lower the thread count to the work: one thread per min_atoms_per_thread atoms of a rank's
    // share (util/placement.hpp), at most the threads OpenMP allows now. The program sets it;
    // tests that choose their thread count do not.
    bool fit_threads_to_work = false;
};

// One stretch of the time loop: equilibration steps (no statistics), then steps with a statistics
// sample every `increment` steps. The samples since the phase's start are accumulated (mean-*
// columns, and the programs' per-point averages with errors). Programs are sequences of phases:
// a Curie sweep runs one per temperature, a hysteresis loop one per field.
struct Phase {
    std::int64_t equilibration_steps = 0;
    std::int64_t steps = 0;
    std::int64_t increment = 1;
    double equilibration_temperature = 0;  // K
    double temperature = 0;                // K
    std::optional<double> field_strength;  // T along sim:applied-field-unit-vector; unset: keep
    bool row_per_sample = true;   // false: samples only accumulate; the program writes the rows
    bool sample_at_start = true;  // false: no sample at the phase's first step (benchmark)
    // Called before every step with the phase's step index (0 = first equilibration step): sets
    // time-dependent temperatures or fields in the run state (field cooling, laser pulse).
    std::function<void(RunState&, std::int64_t)> drive;
};
// A scope of output or checkpoint work: its time goes to the timer `id` and its MPI calls (the
// ranks agreeing on a write, collective writes) are not counted as the loop's MPI, so the
// report's parts never count one second twice.
struct IoTimer {
    IoTimer(Timers& t, int id) : timer(t, id) {}
    ScopedTimer timer;
    parallel::MpiClockPause pause;
};

Phase time_series_phase(const Config& c);
// Rows of a time series: samples at steps equil + k * increment (k = 0 .. total / increment)
// whose step is a multiple of output-rate (VAMPIRE's rule), counted without a loop over k.
std::int64_t rows_of_phase(std::int64_t equil, std::int64_t total, std::int64_t increment,
                           std::int64_t rate);

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
// halo as deep as the Hamiltonian's reach.
MemoryEstimate estimate_run_memory(const Config& c, const Lattice& lattice, int ranks,
                                   const ReachUnion& reach);
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

    // What a relaxation reached.
    struct Relaxation {
        bool converged = false;  // every torque below sim:relax-torque-tolerance
        std::int64_t steps = 0;  // the minimiser's steps taken (by this job)
        double torque = 0;       // T, the largest |S_i x H_i| at the end
        double energy = 0;       // J per atom at the end
    };
    // Collective. Minimises the energy from the present spins (integrate/minimiser.hpp,
    // sim:relax-method) until every torque is below sim:relax-torque-tolerance. As the program
    // relax (`program` true), every minimiser step is a step of the run, at most
    // sim:total-time-steps: statistics rows every time-steps-increment steps, snapshots,
    // checkpoints and stops as in a time loop, a last row and snapshot at the end. Before a
    // program (sim:relax-first) at most sim:relax-maximum-steps, and the run's step count is left
    // alone. Rank 0 prints progress and the outcome.
    Relaxation relax(bool program);
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
    void plan_rows(std::int64_t rows) { planned_rows_ = rows; }

    // Collective. Order-independent hash of all spins (the same on every rank).
    std::uint64_t spin_hash() const;
    // Collective. Observables of the current state (refreshes the ghosts first: energies of
    // links across ranks need the neighbours' current spins).
    Observables observe();
    // Collective. Prints the run report (report/run_report.hpp) on rank 0's screen and writes
    // it to report.json. `stopped_checkpoint`: the checkpoint a run stopped early with (exit
    // status 75; job scripts read it from report.json when the launcher's own status is lost).
    void report(const std::string& stopped_checkpoint = "") const;
    // Collective. The run report, complete on rank 0 (nullopt elsewhere).
    std::optional<RunReport> gather_report() const;
    // Wall time of building the system, neighbours and halo plan on this rank (s), measured by
    // the caller around the constructor; the report gives it per atom.
    void set_setup_seconds(double s) { setup_seconds_ = s; }

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
    const SnapshotOutput* snapshots() const { return snapshots_.get(); }  // null: none written
    Spins& spins() {
        pull_spins();
        host_ahead_ = true;
        return spins_;
    }
    const Timers& timers() const { return timers_; }
    RunState& state() { return state_; }
    const RunState& state() const { return state_; }
    const Observables& last_sample() const { return sample_; }
    double total_moment() const { return total_moment_; }  // J/T, atoms in the statistics
    // Atoms the statistics count: all but those of non-magnetic materials.
    std::int64_t counted_atoms() const { return counted_atoms_; }
    int threads_allowed() const { return threads_allowed_; }
    const std::vector<double>& material_moments() const { return material_moment_; }  // J/T
    std::int64_t steps_done() const { return state_.step; }
    const std::string& table_path() const { return table_path_; }  // "" when not writing files
    // Collective. Opens `name` in the output directory on rank 0 (nullptr elsewhere, and when
    // not writing files); every rank fails alike when it cannot be created. A continued run
    // reopens the file of the run it continues instead, cut to its length at the checkpoint
    // (rows written after it are written again, identically), and sets *appended: the caller
    // writes no header then. Checkpoints record the length of every file opened here.
    std::FILE* open_output_file(const std::string& name, std::string& path,
                                bool* appended = nullptr) const;
    std::int64_t first_step() const { return first_step_; }  // step this job started from
    bool continued() const { return continued_; }            // continues a checkpoint's run
    const std::string& run_id() const { return run_id_; }

  private:
    void write_report(const std::string& stopped_checkpoint) const;  // report() but its barrier
    // Collective. Opens the statistics table and the snapshot output, writes the coordinates.
    void start();
    void begin_phase(const Phase& p);
    void sample(bool write);  // statistics sample: observe, accumulate, maybe a row
    void write_snapshot();    // of the present spins and sample (config:atoms is set)
    void advance();           // one integrator step
    // The owned spins of spins_ made current when a device holds newer ones (keeps_spins).
    void pull_spins() const;
    void sync_field();          // the Hamiltonian's applied field := the run state's
    void load_checkpoint();     // sim:load-checkpoint(-if-exists)
    void load_initial_spins();  // sim:initial-spin-file, collective
    // After a step: `next` is the phase's next loop index. Writes a continuous checkpoint when
    // due; stops the run (RunStopped) when every rank agrees a limit or signal says so.
    void after_step(std::int64_t next);
    // Collective: throws Error naming the first non-finite spin (or bath temperature) found,
    // `when` saying at which point of the run (simulation_health.cpp).
    void check_finite(const std::string& when);
    void check_sample();  // the latest sample: throws Error if a statistic is non-finite
    void poison_spin(std::int64_t gid);  // test hook: this atom's spin := NaN, where it is owned

    Config config_;
    RunOptions options_;
    Lattice lattice_;
    HamiltonianPlan plan_;  // the terms and their reach, before the system that is built on it
    parallel::Decomposition decomposition_;
    MaterialMap materials_;  // each atom's material, for the system and the terms' tables
    LocalSystem system_;
    // The host's spins. Mutable: with a GPU integrator they are a copy that readers refresh
    // (pull_spins) even through const access; device_ahead_ says the device's are newer,
    // host_ahead_ that the host's changed since the device last had them.
    mutable Spins spins_;
    mutable bool device_ahead_ = false;
    bool host_ahead_ = true;  // the initial spins are made on the host
    Timers timers_;
    Hamiltonian hamiltonian_;
    parallel::HaloExchange halo_;
    mutable OutputFiles files_;       // the text output files (programs open theirs through us)
    StopPolicy stop_policy_;          // signals and the wall-time limit
    std::int64_t checked_step_ = -1;  // the last step check_finite found every spin finite
    std::unique_ptr<Integrator> integrator_;
    std::unique_ptr<LayerTextures> textures_;  // when a column shows Q or a skyrmion
    std::unique_ptr<WallProfile> wall_;        // when a column shows a domain wall
    RunState state_;
    Observables sample_;       // the latest statistics sample
    int threads_allowed_ = 1;  // OpenMP's thread count before fit_threads_to_work
    std::string start_time_;   // UTC, ISO 8601, when the simulation was made (report.json)
    std::string run_id_;       // util/run_id.hpp: drawn by rank 0, or the continued run's
    bool unnamed_run_ =
        false;  // continues a checkpoint from before run ids (its snapshots have none)
    double total_moment_ = 0;  // J/T
    std::int64_t counted_atoms_ = 0;
    std::vector<char> counted_;  // [material]: not non-magnetic
    std::vector<double> material_moment_;
    std::FILE* table_file_ = nullptr;  // rank 0's statistics file
    std::string table_path_;
    std::unique_ptr<TimeSeriesTable> table_, screen_;
    std::unique_ptr<SnapshotOutput> snapshots_;  // when config:atoms is set
    std::unique_ptr<Checkpoints> checkpoints_;   // when the input writes or reads checkpoints
    bool resuming_ = false;           // continuing a checkpoint: its phase is still to come
    bool continued_ = false;          // this run continues a checkpoint's run
    bool sampled_at_resume_ = false;  // the checkpoint's step already had its sample (end)
    double test_slow_step_ = 0;       // s per step, MINIASD_TEST_SLOW_RANK (docs/testing.md)
    // MINIASD_TEST_NAN_AT_STEP=G:N: atom G's spin becomes NaN after step N (docs/testing.md).
    std::int64_t test_nan_atom_ = -1, test_nan_step_ = -1;
    std::int64_t phase_calls_ = 0;  // phases begun (or skipped) in this job
    std::int64_t first_step_ = 0;   // state_.step when this job started its loop
    int t_checkpoint_ = 0;
    std::int64_t planned_rows_ = -1;  // < 0: from the time-series settings
    bool started_ = false;            // output files opened (on the first run())
    bool snapshot_written_ = false;   // the last row took a snapshot
    int t_stats_ = 0, t_output_ = 0;
    double loop_seconds_ = 0;  // wall time of the time loop on this rank
    double setup_seconds_ = 0;
    // Counters the report splits the time loop by (s, this rank): MPI time of this thread
    // (I/O scopes paused), halo wait and halo work, output and checkpoint timers.
    struct LoopCounters {
        double mpi = 0, halo_wait = 0, halo_busy = 0, io = 0;
    };
    LoopCounters counters() const;
    // Adds the loop time and counter changes since `wall` / `from` to the loop totals.
    void end_loop_stretch(double wall, const LoopCounters& from);
    LoopCounters loop_counters_;  // accumulated over the time loop
};

}  // namespace miniasd
