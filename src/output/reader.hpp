// Reads any snapshot back, whatever mode wrote it, through its metadata file: the canonical form
// is the values in ascending global-id order (little-endian float64 [N][3] from canonical_bytes).
// Checks everything it can: the format version, that every data file exists and is long enough,
// every piece's checksum, that pieces tile the record sequence, and the content hash recomputed
// from the decoded values. Pure file I/O: no MPI, usable from tools and tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "output/metadata.hpp"

namespace miniasd {

struct SnapshotData {
    SnapshotMetadata meta;
    std::vector<std::int64_t> gid;       // ascending
    std::vector<double> values;          // [n][3]: spin components, or positions in angstrom
    std::vector<std::int32_t> material;  // coordinates only: 0-based material per atom
};

// Throws Error naming the file at fault.
SnapshotData read_snapshot(const std::string& metadata_path);

// The values as little-endian float64 [n][3] bytes: identical for every mode of the same state.
std::string canonical_bytes(const SnapshotData& s);

}  // namespace miniasd
