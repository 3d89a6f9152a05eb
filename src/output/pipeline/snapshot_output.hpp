// Spin snapshots of a run: chooses the writer (config:output-mode), selects the atoms once,
// writes the coordinates once, then each snapshot: encode this rank's records, write them with
// the mode, and let rank 0 write the metadata last and atomically. Keeps an I/O log table
// (io-log in the output directory) and a summary for the end-of-run report.
//
// Asynchronous output (config:output-asynchronous, the default where MPI provides
// MPI_THREAD_MULTIPLE): write_spins() copies the selected spins into one of
// config:output-buffers buffers and returns; a background thread per rank encodes and writes
// them, metadata last, with its own duplicate of the communicator (its collectives run while the
// time loop exchanges halos). When every buffer is in flight the loop waits for the oldest. A
// failed background write is agreed by every rank's writer (WriteStatus) and thrown by the
// time loop at its next snapshot or at wait_all(), the same snapshot on every rank.
// One asynchronous SnapshotOutput per process at a time (the run's): the HDF5 library is not
// thread-safe, and concurrent writers would compete for the same cores anyway.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "output/format/records.hpp"
#include "output/format/selection.hpp"
#include "output/modes/writer.hpp"
#include "output/snapshot_section.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/background_queue.hpp"
#include "util/write_guard.hpp"

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
    double total_seconds = 0;  // the whole snapshot (encode, write, metadata), slowest rank
    // The time loop held by this snapshot, slowest rank: synchronous, the whole snapshot;
    // asynchronous, waiting for a free buffer and copying the spins into it.
    double held_seconds = 0;
    double waited_seconds = 0;  // of held_seconds: waiting for earlier snapshots' writes
};

struct IoSummary {
    std::int64_t snapshots = 0;
    std::int64_t bytes = 0;    // data bytes of all snapshots
    double write_seconds = 0;  // sum over snapshots of the slowest rank's open-to-close time
    double total_seconds = 0;  // sum of whole-snapshot times (copy, encode, write, metadata)
    double held_seconds = 0;   // sum of the times the loop was held (SnapshotTiming)
    double waited_seconds = 0;
};

// Where a run's snapshots continue from (a continued run) and what else to write.
struct SnapshotSeries {
    std::int64_t first_snapshot = 0;                 // number of the first spin snapshot written
    std::string coordinates_stem = "coordinates";    // the index the snapshots name
    bool io_log = true;                              // keep the io-log table
    bool append_log = false;                         // continue an existing io-log
    std::string what = "the snapshots of this run";  // what is written, for messages
    std::string run_id;                              // util/run_id.hpp, in every metadata file
};

// The position of atom `gid` as the coordinate records hold it, in angstrom (the cell edge in
// angstrom times the fractional position; a checkpoint's coordinates are compared with it).
void atom_position(const Lattice& l, std::int64_t gid, double xyz[3]);

class SnapshotOutput {
  public:
    // Collective. Fails on every rank (Error) when the directory is missing or not writable, or
    // when the disk lacks room for the run's snapshots. `time_step` (s): a snapshot's time is its
    // step times it.
    SnapshotOutput(const SnapshotSettings& c, double time_step, const Lattice& l,
                   const LocalSystem& sys, const parallel::Comm& comm, std::string directory,
                   std::int64_t expected_snapshots, bool verbose, SnapshotSeries series = {});
    ~SnapshotOutput();  // lets the snapshots in flight finish

    // Collective. Positions (angstrom), global ids and materials of the selected atoms.
    void write_coordinates();
    // Collective. The next spin snapshot (asynchronous: queued; throws the Error of an earlier
    // snapshot's failed write).
    void write_spins(const Spins& s, const SnapshotState& state);
    // Collective. Waits for every snapshot in flight (before a checkpoint, at the end of the
    // run) and throws the Error of a failed one.
    void wait_all();

    // Valid after wait_all().
    const IoSummary& summary() const { return summary_; }
    const std::vector<SnapshotTiming>& timings() const { return timings_; }  // one per snapshot
    const std::string& mode() const { return mode_; }
    bool asynchronous() const { return queue_.threaded(); }
    int buffers() const { return static_cast<int>(slots_.size()); }
    // Why snapshots are synchronous although asynchronous output was asked for ("" if not).
    const std::string& synchronous_reason() const { return synchronous_reason_; }
    double final_wait_seconds() const { return final_wait_; }  // this rank, in wait_all()

  private:
    // A snapshot between write_spins() and its metadata: the selected spins as copied.
    struct Slot {
        std::vector<double> x, y, z;
        SnapshotState state;
        std::int64_t number = 0;
        double held = 0, waited = 0;  // s, this rank
    };
    SnapshotMetadata base_metadata(const char* kind, const char* record) const;
    void write_slot(Slot& slot);  // the background part of a spin snapshot
    // The write guard for the snapshot `stem` (its data and metadata): config:output-timeout, or
    // 1 s per MB of its records.
    WriteGuard guard_for(const std::string& stem, std::size_t record_bytes) const;
    void finish(SnapshotMetadata m, const WriteOutcome& w, const std::string& meta_name,
                std::uint64_t local_hash, double started, const Slot* slot);

    bool sync_;         // config:output-sync
    double time_step_;  // s
    // The lattice and local system outlive this object (both belong to the simulation).
    const Lattice& lattice_;
    const LocalSystem& system_;
    parallel::Comm io_;  // a duplicate of the simulation's: every collective of the output
    std::string directory_;
    Selection selection_;
    RecordFormat format_;
    std::unique_ptr<SnapshotWriter> writer_;
    std::string mode_;
    std::string auto_summary_;  // the start-up test's choice and times (metadata output-auto)
    std::vector<std::string> material_names_;     // metadata "materials"
    std::vector<double> material_moments_;        // metadata "moments", Bohr magnetons
    std::vector<std::string> material_elements_;  // metadata "elements" (material-element)
    std::int64_t total_selected_ = 0;
    std::int64_t next_snapshot_ = 0;
    std::string coordinates_stem_;
    std::string run_id_;
    std::vector<char> buffer_;  // encoded records, reused (by one job at a time)
    std::FILE* log_ = nullptr;  // rank 0's io-log
    double slow_write_ = 0;     // s, test hook MINIASD_TEST_SLOW_WRITE
    double timeout_ = 600;      // s, config:output-timeout (the write guard's limit)
    std::string synchronous_reason_;
    std::vector<Slot> slots_;  // config:output-buffers (one when synchronous)
    std::int64_t queued_ = 0;  // snapshots given to the queue (its job numbers)
    std::int64_t reaped_ = 0;  // of them, those the loop has waited for
    double final_wait_ = 0;
    IoSummary summary_;  // written by the jobs
    std::vector<SnapshotTiming> timings_;
    BackgroundQueue queue_;  // last: destroyed (joined) first, while the jobs' data lives
};

}  // namespace miniasd
