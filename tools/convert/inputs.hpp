// What a conversion reads: one snapshot's metadata, a run directory (every complete snapshot in
// it, optionally a range), or the coordinates metadata alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace miniasd::convert {

struct SnapshotRange {
    std::int64_t first = 0, last = INT64_MAX, every = 1;  // snapshot numbers
};

struct InputSet {
    std::string directory;               // of the metadata files
    std::string coordinates;             // coordinates metadata (the index of every snapshot)
    std::vector<std::string> snapshots;  // spin metadata paths by snapshot number; empty:
                                         // convert the coordinates alone
    bool from_directory = false;
    std::vector<std::string> notes;  // what a directory holds but the conversion leaves out
};

// Throws Error for a missing path, a directory without snapshots, or an empty range.
InputSet resolve_inputs(const std::string& path, const SnapshotRange& range);

// "spins-00000012.meta" -> "spins-00000012".
std::string stem_of(const std::string& metadata_path);

}  // namespace miniasd::convert
