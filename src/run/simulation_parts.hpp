// The parts a Simulation holds besides the system it simulates: each groups the state one concern
// of the run keeps (what the statistics measure, where rows and snapshots go, how the run
// continues and stops, the run's health checks and its accounting), so that the loop in
// simulation.cpp reads as named calls on them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.hpp"
#include "output/pipeline/output_files.hpp"
#include "output/pipeline/snapshot_output.hpp"
#include "run/phase.hpp"
#include "run/stop_policy.hpp"
#include "stats/height_profile.hpp"
#include "stats/observables.hpp"
#include "stats/time_series.hpp"
#include "stats/topology.hpp"
#include "stats/wall_profile.hpp"
#include "util/progress.hpp"

namespace miniasd {

// Which copy of the spins is current when a device integrator keeps its own.
struct SpinSync {
    mutable bool device_ahead = false;  // the device's are newer than the host's
    bool host_ahead = true;             // the host's changed since the device had them
};

// What the statistics measure: the latest sample, the counted atoms and moments, and the
// analysers that only some columns need.
struct Measures {
    Observables sample;                       // the latest statistics sample
    std::unique_ptr<LayerTextures> textures;  // when a column shows Q or a skyrmion
    std::unique_ptr<WallProfile> wall;        // when a column shows a domain wall
    std::unique_ptr<HeightProfile> heights;   // when a column shows a height profile
    double total_moment = 0;                  // J/T, atoms in the statistics
    std::int64_t counted_atoms = 0;
    std::vector<char> counted;  // [material]: not non-magnetic
    std::vector<double> material_moment;
    std::vector<std::int64_t> material_atoms;  // the whole system's, per material
};

// Where a run's rows and snapshots go: the text output files, the statistics table on rank 0's
// file and screen, and the snapshot output.
struct RowOutput {
    RowOutput(const parallel::Comm& comm, const std::string& dir, bool write)
        : files(comm, dir, write) {}
    ~RowOutput() {
        if (table_file) std::fclose(table_file);
    }
    RowOutput(const RowOutput&) = delete;
    RowOutput& operator=(const RowOutput&) = delete;

    mutable OutputFiles files;        // the text output files (programs open theirs through us)
    std::FILE* table_file = nullptr;  // rank 0's statistics file
    std::string table_path;
    std::unique_ptr<TimeSeriesTable> table, screen;
    std::unique_ptr<SnapshotOutput> snapshots;  // when config:atoms is set
    std::unique_ptr<Progress> progress;         // rank 0's progress line of the phase running
    std::int64_t planned_rows = -1;             // < 0: from the time-series settings
    bool started = false;                       // output files opened (on the first run())
    bool claimed = false;  // the output and checkpoint directories claimed (claim_directories)
    bool snapshot_written = false;  // the last row took a snapshot
};

// How the run continues and stops: checkpoints, the stop policy, and where a continued run
// stands.
struct Continuation {
    Continuation(const parallel::Comm& comm, double wall_time_limit, std::int64_t atoms)
        : stop_policy(comm, wall_time_limit, atoms) {}

    StopPolicy stop_policy;                    // signals and the wall-time limit
    std::unique_ptr<Checkpoints> checkpoints;  // when the input writes or reads checkpoints
    std::string run_id;        // util/run_id.hpp: drawn by rank 0, or the continued run's
    bool unnamed_run = false;  // continues a checkpoint from before run ids (no id on snapshots)
    bool resuming = false;     // continuing a checkpoint: its phase is still to come
    bool continued = false;    // this run continues a checkpoint's run
    bool sampled_at_resume = false;  // the checkpoint's step already had its sample (end)
    std::int64_t phase_calls = 0;    // phases begun (or skipped) in this job
    const Phase* phase = nullptr;    // the phase running (its drive acts before each step)
    std::int64_t first_step = 0;     // the run state's step when this job started its loop
    std::int64_t checked_step = -1;  // the last step check_finite found every spin finite
    // The after-step observers' shared verdict of this step (simulation_observers.cpp): whether
    // the stop policy checked (the spins are checked then too), and whether the run stops now.
    bool checking = false, stopping = false;
    std::string stop_why;
};

// Counters the report splits the time loop by (s, this rank): MPI time of this thread (I/O
// scopes paused), halo wait and halo work, output and checkpoint timers.
struct LoopCounters {
    double mpi = 0, halo_wait = 0, halo_busy = 0, io = 0;
};

// What the run report accounts: timer ids, the loop's and set-up's wall time, when the run
// started and how many threads it had.
struct Accounting {
    int t_checkpoint = 0, t_stats = 0, t_output = 0;  // ids in the Simulation's Timers
    int t_spectra = -1;       // the structure factor's sampling (when the input asks for it)
    double loop_seconds = 0;  // wall time of the time loop on this rank
    double setup_seconds = 0;
    LoopCounters loop_counters;  // accumulated over the time loop
    std::string start_time;      // UTC, ISO 8601, when the simulation was made (report.json)
    int threads_allowed = 1;     // OpenMP's thread count before fit_threads_to_work
    int ranks_per_node = 1;      // of the fullest node (the memory estimate's writers)
};

}  // namespace miniasd
