// config:output-mode = auto and config:output-nodes = auto: before the first snapshot, write a
// snapshot-sized test buffer once in every candidate mode (and I/O-group count) into a scratch
// directory of the output directory, time each write on the slowest rank, keep the fastest, and
// remove the scratch files (after every write, so the test needs the room of one write). Every rank
// sees the same max-reduced times, so every rank makes the same choice. The test is bounded: at
// most `max_total_bytes` per candidate (each rank writes the same fraction of its records) and
// candidates after `budget_seconds` of testing are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "output/snapshot_section.hpp"
#include "parallel/comm.hpp"

namespace miniasd {

struct ModeCandidate {
    OutputMode mode = OutputMode::file_per_node;
    int nodes = 0;        // config:output-nodes for this candidate (0: the mode's default)
    std::string label;    // "mpi-io", "file-per-node:4"
    double seconds = -1;  // slowest rank's wall time; < 0: not measured
    std::string note;     // why not measured, or why it failed
};

// The candidates for `o` on `ranks` ranks, simplest first (ties go to the earlier one):
// with auto_mode every mode, else o.mode only; for file-per-node with auto_nodes one group per
// node (0) and 1, 2, 4, ... groups up to the rank count (at most 6 counts), else o.output_nodes.
std::vector<ModeCandidate> auto_candidates(const SnapshotSection& o, int ranks);

// Index of the measured candidate with the least time; -1 if none was measured.
int pick_fastest(const std::vector<ModeCandidate>& c);

struct AutoChoice {
    SnapshotSection output;  // o with the chosen mode and output_nodes, auto flags cleared
    std::vector<ModeCandidate> candidates;
    std::int64_t test_bytes = 0;  // written per candidate, all ranks
    std::string summary;          // one line for the metadata: "mpi-io; serial=0.12s ..."
};

struct AutoTestData {
    std::int64_t local_records = 0;
    std::size_t record_bytes = 0;
    const std::int64_t* gid = nullptr;  // ascending, local_records of them
    std::int64_t id_space = 0;
    // Bytes the run's own snapshots will need in the directory: the test writes at most half of
    // what the file system has free beyond them, one write at a time (each deleted before the
    // next), and is skipped, saying so, when that is under 1 MB.
    double reserved_bytes = 0;
    double timeout = 600;  // s, config:output-timeout: each test write runs under a WriteGuard
};

// Collective over comm. Runs the test in `directory`/.miniasd-auto-output and removes it.
// MINIASD_TEST_AUTO_TIMES="label=seconds,..." replaces the measured times of those labels (a
// fake timer for tests; the writes still happen). Rank 0 prints the table to `screen`.
AutoChoice choose_output(const SnapshotSection& o, const parallel::Comm& comm,
                         const std::string& directory, const AutoTestData& data, std::FILE* screen,
                         std::int64_t max_total_bytes = std::int64_t(256) << 20,
                         double budget_seconds = 10.0);

}  // namespace miniasd
