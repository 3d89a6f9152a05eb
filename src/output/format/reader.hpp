// Reads any snapshot back, whatever mode wrote it, through its metadata file: the canonical form
// is the values in ascending global-id order (little-endian float64 [N][3] from canonical_bytes).
// Checks everything it can: the format version, that every data file exists and is long enough,
// every piece's checksum, that pieces tile the record sequence, and the content hash recomputed
// from the decoded values. Pure file I/O: no MPI, usable from tools and tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "output/format/metadata.hpp"

namespace miniasd {

struct SnapshotData {
    SnapshotMetadata meta;
    std::vector<std::int64_t> gid;       // ascending
    std::vector<double> values;          // [n][3]: spin components, or positions in angstrom
    std::vector<std::int32_t> material;  // coordinates only: 0-based material per atom
};

// Reads the spin snapshots of one run against its coordinates, which are read, checked and
// sorted once (the converter reads many snapshots this way). read() is const and thread-safe.
class RunReader {
  public:
    explicit RunReader(const std::string& coordinates_metadata_path);
    const SnapshotData& coordinates() const { return coordinates_; }  // ascending gid
    SnapshotData read(const std::string& spins_metadata_path) const;  // ascending gid
    // For the k-th atom in ascending gid order, its position in the record order of the files.
    const std::vector<std::size_t>& record_positions() const { return order_; }

  private:
    std::string path_;
    std::vector<std::int64_t> record_gid_;  // gids in record order
    std::vector<std::size_t> order_;        // record positions in ascending gid order
    SnapshotData coordinates_;
};

// The coordinates metadata a spin snapshot names as its index (Error if it names none).
std::string index_path(const std::string& spins_metadata_path, const SnapshotMetadata& m);

// One snapshot, spins or coordinates. Throws Error naming the file at fault.
SnapshotData read_snapshot(const std::string& metadata_path);

// The values as little-endian float64 [n][3] bytes: identical for every mode of the same state.
std::string canonical_bytes(const SnapshotData& s);
std::string canonical_bytes(const std::vector<double>& values);  // any values, same layout

}  // namespace miniasd
