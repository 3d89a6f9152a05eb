// The spin snapshots' settings (config: keywords; docs/output.md): a configuration section
// (input/section.hpp), read from the keywords in snapshot_keywords.cpp. The write modes' names and
// properties are the write-mode table's (output/write_modes.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "system/system_settings.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

enum class OutputMode { serial, file_per_process, mpi_io, file_per_node, sorted, hdf5 };

// Spin snapshots (config:* keywords; VAMPIRE's names where they exist).
struct SnapshotSection {
    bool atoms = false;                  // write spin snapshots at all
    std::int64_t atoms_output_rate = 1;  // every this many statistics rows (x time-steps-increment)
    OutputMode mode = OutputMode::file_per_node;
    bool text = false;              // encoding: text, else binary
    bool single_precision = false;  // float32, else float64
    int output_nodes = 0;           // I/O groups or writers; 0 = one per shared-memory node
    // config:output-mode = auto / config:output-nodes = auto: choose by a write test at start-up
    // (output/pipeline/auto_mode.hpp); `mode` and `output_nodes` are then what the test falls back
    // to.
    bool auto_mode = false, auto_nodes = false;
    std::string mpi_io_hints;                 // "key=value,key=value" passed through MPI_Info
    Vec3 box_min{0, 0, 0}, box_max{1, 1, 1};  // fractional box of atoms to write (inclusive)
    std::vector<int> materials;               // 0-based materials to write; empty: all
    std::int64_t piece_bytes = std::int64_t(64) << 20;  // largest single write, bytes
    bool sync = false;                                  // fsync data files before the metadata
    // Write snapshots in a background thread per rank while the time loop goes on (where the
    // MPI library provides MPI_THREAD_MULTIPLE), with at most `buffers` snapshots in flight.
    bool asynchronous = true;
    int buffers = 1;
    // A write not finished after this long (or 1 s per MB, if longer) ends the job (s).
    double timeout = 600;
    // VAMPIRE's config:field-range-*: in hysteresis-loop, static-hysteresis-loop and
    // partial-hysteresis-loop, a snapshot due at its rate is written only while the field (T,
    // signed) lies in the branch's range, [descending_min, descending_max] on the way down and
    // [ascending_min, ascending_max] on the way up (either order); the defaults hold every field.
    double descending_min = -1e4, descending_max = 1e4;
    double ascending_min = -1e4, ascending_max = 1e4;
    MINIASD_FIELDS(atoms, atoms_output_rate, mode, text, single_precision, output_nodes, auto_mode,
                   auto_nodes, mpi_io_hints, box_min, box_max, materials, piece_bytes, sync,
                   asynchronous, buffers, timeout, descending_min, descending_max, ascending_min,
                   ascending_max);
};
MINIASD_SIZE_GUARD(SnapshotSection, 192);

// Whether a snapshot at field `b` (T) on a hysteresis branch going `branch` (-1 down, +1 up; 0:
// not a hysteresis loop's point) lies in config:field-range-*.
inline bool in_field_range(const SnapshotSection& s, int branch, double b) {
    if (branch == 0) return true;
    const double p = branch < 0 ? s.descending_min : s.ascending_min;
    const double q = branch < 0 ? s.descending_max : s.ascending_max;
    return b >= (p < q ? p : q) && b <= (p < q ? q : p);
}

// What the snapshot output reads of the input: its section, over the system's (the materials a
// selection names).
struct SnapshotSettings : virtual SystemSettings {
    SnapshotSection output;
};

SectionOf<SnapshotSettings> snapshot_section();  // snapshot_keywords.cpp

}  // namespace miniasd
