// The end-of-run report as data: where the time loop went on each rank (compute, halo, load
// imbalance, other MPI, I/O as min/avg/max with the slowest rank), per-phase timers, throughput,
// set-up cost, the threads and binding in effect, I/O per snapshot and the spin-state hash.
// Simulation::gather_report() fills it (collective); two printers read it: the screen summary
// and report.json, so both always show the same figures.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "output/pipeline/snapshot_output.hpp"
#include "parallel/comm.hpp"
#include "util/placement.hpp"

namespace miniasd {

struct RunReport {
    struct Part {  // one share of the time loop; the shares add up to it on every rank
        const char* name;
        const char* meaning;
        parallel::Spread seconds;
    };
    struct Timer {
        std::string name;
        parallel::Spread seconds;
    };
    // How close the step comes to the memory's limit: the integrator's traffic model against the
    // triad bandwidth per core (util/memory_bandwidth.hpp), when measured.
    struct Roofline {
        double model_bytes = 0;      // per atom-step; 0: the integrator has no model
        parallel::Spread bandwidth;  // bytes/s per core over the ranks; max 0: not measured
        std::string not_measured;    // why not, "" when measured
    };
    // sim:program = gneb's outcome (absent otherwise).
    struct Barrier {
        bool present = false;
        double forward = 0, backward = 0;  // J: the highest image above the first, the last
        std::int64_t highest = 0, images = 0, iterations = 0;
        double force = 0;  // T: the largest force at the end
        bool converged = false;
    };
    // The structure factor's sampling (absent without one).
    struct Spectra {
        bool present = false;
        std::int64_t wave_vectors = 0, samples_taken = 0, samples = 0;
        std::string route;         // "direct" or "fft"
        parallel::Spread seconds;  // sampling time over the ranks (s)
    };
    struct Snapshots {
        std::string mode;
        bool asynchronous = false;
        int buffers = 0;
        std::string synchronous_reason;  // why not asynchronous ("" if it is)
        IoSummary io;
        std::vector<SnapshotTiming> each;
        double final_wait_seconds = 0;  // the loop's end waiting for the last writes, slowest rank
    };

    // The run
    std::string input_file, program, integrator, fingerprint;  // fingerprint: hex of describe()
    int ranks = 1, threads = 1;
    int threads_allowed = 1;  // before the count was fitted to the work (RunOptions)
    std::string grid;         // "2x1x1"
    std::int64_t atoms = 0, steps = 0, first_step = 0;  // steps: this job's (a continued run's)
    // What a step is: "step" (a time step, Monte Carlo sweep or minimiser step), or for a chain
    // of images (sim:program = gneb) "image-iteration": one moving image's iteration.
    std::string step_unit = "step";
    std::uint64_t spin_hash = 0;
    std::string integrator_summary;  // OpenMP regions per step, fused stages
    std::string loop_schedule;       // what acted around the steps, when (loop_observers.hpp)
    std::vector<std::pair<std::string, double>> integrator_figures;  // the same, as numbers
    // Per term that reports some (the dipolar field: evaluations, seconds, transpose bytes,
    // memory): each figure's maximum over the ranks.
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>> term_figures;
    std::string start_time;          // UTC, ISO 8601
    std::string run_id;              // util/run_id.hpp: the same in every job of a chain
    int exit_status = 0;             // 0 finished, 75 stopped early with a checkpoint
    std::string stopped_checkpoint;  // the checkpoint of a stopped run, "" otherwise
    std::string job_id, scheduler;   // SLURM_JOB_ID or PBS_JOBID and which; "" and "none" else
    std::string cpu_model;           // /proc/cpuinfo's model name of rank 0's host
    int cores_per_host = 0;          // physical cores of rank 0's host (logical CPUs if unknown)
    std::string statistics_path;     // "" when not written
    std::string output_dir;          // -o

    // Time
    parallel::Spread loop, mpi_fraction, setup, setup_per_atom;  // seconds; fraction; s per atom

    // Memory, bytes: the start-up estimate per rank (the fullest), and each rank's peak resident
    // memory over the whole run (getrusage's ru_maxrss)
    double memory_estimate = 0;
    parallel::Spread peak_resident;
    std::vector<Timer> timers;
    std::vector<Part> parts;
    std::vector<double> loop_seconds, halo_wait_seconds;  // per rank

    // Halo
    std::int64_t halo_exchanges = 0;
    parallel::Spread halo_kib, peers;      // KiB sent per exchange; neighbour ranks
    parallel::Spread shared_memory_peers;  // of those, served through a shared-memory window

    // Where the threads ran
    std::vector<ThreadPlacement> placement;  // per rank
    PlacementSummary where;
    std::string omp_places, omp_proc_bind;  // the environment, or "(unset)"

    std::optional<Snapshots> snapshots;
    Roofline roofline;
    Barrier barrier;
    Spectra spectra;

    double ns_per_atom_step() const {
        const double atom_steps = double(atoms) * double(steps);
        return atom_steps > 0 ? 1e9 * loop.max / atom_steps : 0.0;
    }
    int cores() const { return ranks * threads; }
    // The model's bytes per second per core at the measured speed; 0 without a model.
    double achieved_bytes_per_s_per_core() const {
        const double ns = ns_per_atom_step() * cores();
        return ns > 0 ? roofline.model_bytes / (ns * 1e-9) : 0.0;
    }
    // That as a fraction of the triad per core, and the model's time per atom-step per core at
    // the triad's rate (ns); 0 when the bandwidth was not measured.
    double fraction_of_triad() const {
        const double b = roofline.bandwidth.avg;
        return b > 0 ? achieved_bytes_per_s_per_core() / b : 0.0;
    }
    double bound_ns_per_atom_step() const {
        const double b = roofline.bandwidth.avg;
        return b > 0 ? roofline.model_bytes / b * 1e9 : 0.0;
    }
};

// The human summary, on rank 0's screen.
void print_report(std::FILE* out, const RunReport& r);

// report.json: the same figures, with the build and every rank's placement.
std::string report_json(const RunReport& r);

}  // namespace miniasd
