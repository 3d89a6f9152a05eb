// The write modes behind one interface. Every mode receives this rank's records
// (fixed-size, in ascending global-id order, already encoded) and writes them to one or more data
// files; it returns the file table, which rank 0 puts in the metadata. make_writer is the only
// place that constructs the modes; their names and properties are the write-mode table
// (output/write_modes.hpp), and what they share is WriterBase (writers.hpp).
//
// Every write() is collective over the simulation's ranks, including ranks with no records.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "output/format/metadata.hpp"
#include "output/snapshot_section.hpp"
#include "parallel/comm.hpp"

namespace miniasd {

struct LocalRecords {
    std::int64_t count = 0;  // records on this rank
    std::size_t record_bytes = 0;
    const char* bytes = nullptr;        // count * record_bytes
    const std::int64_t* gid = nullptr;  // ascending
    std::int64_t id_space = 0;          // every global id is in [0, id_space)
    bool coordinates = false;           // coordinate records (see records.hpp), else spin records
    // Scalars a self-describing format (HDF5) stores with the data: time, step, temperature...
    std::vector<std::pair<std::string, double>> attributes;
};

struct WriteOutcome {
    std::vector<FilePiece> pieces;  // every piece, in record order (complete on rank 0)
    std::string ordering;           // "global" or "rank"
    int io_groups = 1;              // processes that wrote files
    double write_seconds = 0;       // open to close, the slowest rank
    std::int64_t bytes = 0;         // all ranks
    std::vector<std::pair<std::string, std::string>> extra;  // mode-specific metadata keys
};

class SnapshotWriter {
  public:
    virtual ~SnapshotWriter() = default;
    virtual const char* mode() const = 0;
    // Writes the records of all ranks under `stem` (a file name without extension) in
    // `directory`. Collective.
    virtual WriteOutcome write(const std::string& directory, const std::string& stem,
                               const LocalRecords& records) = 0;
};

// Collective over comm (some modes build communicators). Throws Error for settings that cannot
// work with this many ranks.
// verbose: rank 0 prints what the MPI-IO library made of the hints.
std::unique_ptr<SnapshotWriter> make_writer(const SnapshotSection& o, const parallel::Comm& comm,
                                            bool verbose = false);

}  // namespace miniasd
