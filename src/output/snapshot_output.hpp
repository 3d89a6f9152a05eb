// Spin snapshots of a run: chooses the writer (config:output-mode), selects the atoms once,
// writes the coordinates once, then each snapshot: encode this rank's records, write them with
// the mode, and let rank 0 write the metadata last and atomically. Keeps an I/O log table
// (io-log in the output directory) and a summary for the end-of-run report.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "input/config.hpp"
#include "output/records.hpp"
#include "output/selection.hpp"
#include "output/writer.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

// What a snapshot's metadata records about the state besides the spins.
struct SnapshotState {
    std::int64_t step = 0;
    double time = 0, dt = 0, temperature = 0;  // s, s, K
    Vec3 field{0, 0, 0};                       // T
    Vec3 magnetisation{0, 0, 0};
};

struct SnapshotTiming {
    std::int64_t bytes = 0;
    double write_seconds = 0;  // open to close, slowest rank
    double total_seconds = 0;  // the whole snapshot, slowest rank
};

struct IoSummary {
    std::int64_t snapshots = 0;
    std::int64_t bytes = 0;    // data bytes of all snapshots
    double write_seconds = 0;  // sum over snapshots of the slowest rank's open-to-close time
    double total_seconds = 0;  // sum of whole-snapshot times (copy, encode, write, metadata)
};

// Where a run's snapshots continue from (a continued run) and what else to write.
struct SnapshotSeries {
    std::int64_t first_snapshot = 0;               // number of the first spin snapshot written
    std::string coordinates_stem = "coordinates";  // the index the snapshots name
    bool io_log = true;                            // keep the io-log table
    bool append_log = false;                       // continue an existing io-log
};

class SnapshotOutput {
  public:
    // Collective. Fails on every rank (Error) when the directory is missing or not writable, or
    // when the disk lacks room for the run's snapshots.
    SnapshotOutput(const Config& c, const Lattice& l, const LocalSystem& sys,
                   const parallel::Comm& comm, std::string directory,
                   std::int64_t expected_snapshots, bool verbose, SnapshotSeries series = {});
    ~SnapshotOutput();

    // Collective. Positions (angstrom), global ids and materials of the selected atoms.
    void write_coordinates();
    // Collective. The next spin snapshot.
    void write_spins(const Spins& s, const SnapshotState& state);

    const IoSummary& summary() const { return summary_; }
    const std::vector<SnapshotTiming>& timings() const { return timings_; }  // one per snapshot
    const std::string& mode() const { return mode_; }

  private:
    SnapshotMetadata base_metadata(const char* kind, const char* record) const;
    void finish(SnapshotMetadata m, const WriteOutcome& w, const std::string& meta_name,
                std::uint64_t local_hash, double started);

    bool sync_;         // config:output-sync
    double time_step_;  // s
    // The lattice and local system outlive this object (both belong to the simulation).
    const Lattice& lattice_;
    const LocalSystem& system_;
    parallel::Comm comm_;
    std::string directory_;
    Selection selection_;
    RecordFormat format_;
    std::unique_ptr<SnapshotWriter> writer_;
    std::string mode_;
    std::vector<std::string> material_names_;     // metadata "materials"
    std::vector<double> material_moments_;        // metadata "moments", Bohr magnetons
    std::vector<std::string> material_elements_;  // metadata "elements" (material-element)
    std::int64_t total_selected_ = 0;
    std::int64_t next_snapshot_ = 0;
    std::string coordinates_stem_;
    std::vector<double> x_, y_, z_;  // selected components, reused
    std::vector<char> buffer_;       // encoded records, reused
    std::FILE* log_ = nullptr;       // rank 0's io-log
    IoSummary summary_;
    std::vector<SnapshotTiming> timings_;
};

}  // namespace miniasd
