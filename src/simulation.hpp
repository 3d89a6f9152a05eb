// A simulation on a set of ranks: set-up (decomposition, local system, Hamiltonian, integrator)
// and the one time loop. Used by main and, with sub-communicators, by the tests.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "hamiltonian/hamiltonian.hpp"
#include "input/config.hpp"
#include "integrate/llg_heun.hpp"
#include "output/snapshot_output.hpp"
#include "parallel/decomposition.hpp"
#include "parallel/halo.hpp"
#include "stats/time_series.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/timers.hpp"

namespace miniasd {

struct RunOptions {
    std::string output_dir = ".";  // where the statistics table goes
    bool write_files = true;       // false: no files at all (tests)
    bool progress = true;          // progress lines with ETA on rank 0 for long runs
    std::FILE* screen = stdout;    // rank 0's screen output; nullptr for none
    bool verbose = false;          // more detail (MPI-IO hints in effect)
};

// One stretch of the time loop: equilibration steps (no statistics), then steps with statistics
// every `increment` steps. Programs are sequences of phases (a temperature sweep runs one per
// temperature); the time-series program is a single phase taken from the input.
struct Phase {
    std::int64_t equilibration_steps = 0;
    std::int64_t steps = 0;
    std::int64_t increment = 1;
    double equilibration_temperature = 0;  // K
    double temperature = 0;                // K
};
Phase time_series_phase(const Config& c);

class Simulation {
  public:
    // Collective over world: decomposes the lattice and builds this rank's part.
    Simulation(const parallel::Comm& world, Config config, RunOptions options);

    ~Simulation();

    // Collective. The time loop over one phase; steps (and so the random-number counter) continue
    // from where the previous call stopped.
    void run(const Phase& phase);
    // Collective. The program of the input file.
    void run() { run(time_series_phase(config_)); }

    // Collective. Order-independent hash of all spins (the same on every rank).
    std::uint64_t spin_hash() const;
    // Collective. Observables of the current state (refreshes the ghosts first: energies of
    // links across ranks need the neighbours' current spins).
    Observables observe();
    // Collective. Prints the timing report, throughput and spin hash on rank 0's screen.
    void report() const;

    const Config& config() const { return config_; }
    const parallel::Comm& comm() const { return decomposition_.comm; }
    const parallel::ProcessGrid& grid() const { return decomposition_.grid; }
    const Lattice& lattice() const { return lattice_; }
    const LocalSystem& system() const { return system_; }
    const Spins& spins() const { return spins_; }
    Spins& spins() { return spins_; }
    const Timers& timers() const { return timers_; }
    std::int64_t steps_done() const { return steps_done_; }
    const std::string& table_path() const { return table_path_; }  // "" when not writing files

  private:
    // Collective. Opens the statistics table and the snapshot output, writes the coordinates.
    void start();

    Config config_;
    RunOptions options_;
    Lattice lattice_;
    parallel::Decomposition decomposition_;
    LocalSystem system_;
    Spins spins_;
    Timers timers_;
    Hamiltonian hamiltonian_;
    parallel::HaloExchange halo_;
    LlgHeun integrator_;
    std::FILE* table_file_ = nullptr;  // rank 0's statistics file
    std::string table_path_;
    std::unique_ptr<TimeSeriesTable> table_, screen_;
    std::unique_ptr<SnapshotOutput> snapshots_;  // when config:atoms is set
    std::int64_t rows_ = 0;                      // statistics rows so far (snapshot cadence)
    bool started_ = false;                       // output files opened (on the first run())
    std::int64_t steps_done_ = 0;
    double loop_seconds_ = 0;  // wall time of the time loop on this rank
};

}  // namespace miniasd
