// Reading a checkpoint's files on any number of ranks: each rank reads the records of its own
// atoms from a file of records in global-id order (the sorted mode's), wherever the pieces
// split it. Used for the spins (then checked against the metadata's content hash) and for the
// coordinates (then checked against this run's lattice, atom by atom).
#pragma once

#include <string>
#include <vector>

#include "output/format/metadata.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd {

struct OwnedRecords {
    SnapshotMetadata meta;
    std::vector<char> bytes;  // record of owned atom i at i * record_bytes
    std::size_t record_bytes = 0;
};

// Collective. Reads `meta_name` in `dir` on rank 0 (every rank gets it), checks that its records
// are in global order and that it holds as many atoms as the lattice, then reads each owned
// atom's record. Throws Error on every rank (naming the file) for a missing or short file.
OwnedRecords read_owned_records(const parallel::Comm& comm, const Lattice& lattice,
                                const LocalSystem& system, const std::string& dir,
                                const std::string& meta_name);

// Rank 0 reads a small file; every rank gets its text (or the same Error).
std::string read_on_root(const parallel::Comm& comm, const std::string& path);

}  // namespace miniasd
