// The metadata file of a snapshot (docs/output.md): plain "key = value" lines, versioned, written
// by rank 0 after every data file is complete, to a temporary name and then renamed, so a
// snapshot exists only when its metadata does. docs/output.md describes every field.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "output/format/records.hpp"
#include "util/vec3.hpp"

namespace miniasd {

inline constexpr int metadata_major_version = 1;
inline constexpr int metadata_minor_version = 3;  // 1.1 added box, periodic, materials, moments;
                                                  // 1.2 elements; 1.3 run-id

// One row of the file table: a contiguous run of records in one data file.
struct FilePiece {
    std::string file;               // name relative to the metadata file's directory
    std::int64_t first_record = 0;  // position of its first record in the snapshot's record order
    std::int64_t count = 0;         // records
    std::int64_t offset = 0;        // byte offset in the file
    std::int64_t length = 0;        // bytes
    std::uint64_t checksum = 0;     // checksum64 of those bytes
    std::int64_t first_gid = -1;    // global id of its first record (-1: no records)
};

struct SnapshotMetadata {
    std::string kind = "spins";  // spins | coordinates
    std::string writer_version;
    std::int64_t snapshot = 0, step = 0;
    double time = 0, dt = 0, temperature = 0;  // s, s, K
    Vec3 field{0, 0, 0};                       // T
    Vec3 magnetisation{0, 0, 0};               // normalised
    std::string mode;                          // the write mode's keyword
    std::string ordering;  // "global": records in ascending global id; "rank": rank order
    std::string record;    // "spin" (3 values) or "coordinate" (x y z, gid, material)
    RecordFormat format;
    std::int64_t atoms = 0;  // records in the snapshot
    int ranks = 0, io_groups = 0;
    std::string index;  // metadata of the coordinates, whose gids give the record order
    std::uint64_t content_hash =
        0;                          // sum over atoms of atom_hash(gid, values): equal for all modes
    std::vector<FilePiece> pieces;  // in record order
    std::vector<std::pair<std::string, std::string>> extra;  // mode-specific keys (hdf5-io-mode)
    // Since 1.1 (absent from 1.0 files: box stays 0 and tools fall back to the atoms' extent).
    Vec3 box{0, 0, 0};                           // edge lengths of the simulated box, angstrom
    std::array<bool, 3> periodic{};              // periodic boundaries along x, y, z
    std::vector<std::string> material_names;     // by 0-based material index, no spaces
    std::vector<double> material_moments;        // atomic moment per material, Bohr magnetons
    std::vector<std::string> material_elements;  // chemical symbol per material, "-" if not given
                                                 // (since 1.2)
    // The run that wrote it (since 1.3; "" before): 16 hexadecimal digits drawn when a run
    // starts afresh and kept by a run that continues it, so the snapshots of one run, its
    // coordinates and its checkpoints carry one id and a reader can tell another run's apart.
    std::string run_id;
};

std::string format_metadata(const SnapshotMetadata& m);

// Throws Error naming `source` for malformed text or an unknown major version.
SnapshotMetadata parse_metadata(const std::string& text, const std::string& source);

// The run id of the metadata file at `path` from its first 1 KiB only ("" for a file from
// before run ids): a directory of a long run holds thousands, and their piece tables are as long
// as the writers. false when the file is not a miniASD snapshot's metadata.
bool peek_run_id(const std::string& path, std::string& id);

// Writes `text` to `path` through a temporary file and a rename (atomic on POSIX file systems:
// readers see the old file or the new one, never a part). With `sync` the temporary file is
// fsynced before the rename, so the metadata also survives a power loss (config:output-sync).
// Throws LocalError on failure; an existing file of that name is left intact then.
void write_file_atomically(const std::string& path, const std::string& text, bool sync = false);

// "<stem>-<snapshot:08d>.meta" and friends.
std::string snapshot_stem(const std::string& name, std::int64_t snapshot);

}  // namespace miniasd
