// Pieces shared by the write modes (MPI is allowed here: src/output is an I/O module).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "output/format/metadata.hpp"
#include "output/modes/writer.hpp"
#include "parallel/comm.hpp"
#include "util/error.hpp"

namespace miniasd::output_detail {

// State that follows from a record set fixed for the run (this rank's record count and the
// record size: the selection never changes): computed, with collectives, the first time the set
// is written and reused by every later snapshot. All ranks write the same sequence of record
// sets, and the sets differ in record size, so the first-time collectives match on every rank.
template <typename T>
class PerRecordSet {
  public:
    template <typename Make>
    const T& get(const LocalRecords& r, Make&& make) {
        const auto key = std::make_pair(r.count, r.record_bytes);
        auto it = cache_.find(key);
        if (it == cache_.end()) it = cache_.emplace(key, make()).first;
        return it->second;
    }

  private:
    std::map<std::pair<std::int64_t, std::size_t>, T> cache_;
};

// Throws LocalError with `what` and the MPI library's message unless rc is MPI_SUCCESS.
void check_mpi(int rc, const std::string& what);

// The first failure of this rank's part of a write (a full disk on one node), kept while the
// collective calls of the write go on, then agreed: every rank throws the same Error, naming
// the file and the reason, before anyone writes metadata for the snapshot. (A LocalError would
// abort the job; an unchecked failure would leave metadata for incomplete data.)
class WriteStatus {
  public:
    // `directory`: where the files go; a failure whose message does not give the cause says
    // whether that file system is full (MPI-IO and HDF5 report a full disk as MPI_ERR_INTERN or
    // "file write failed").
    explicit WriteStatus(std::string directory) : directory_(std::move(directory)) {}
    // Runs one step of this rank's writing unless an earlier step failed; a LocalError it
    // throws becomes this rank's failure.
    template <typename F>
    void attempt(F&& step) {
        if (!ok()) return;
        try {
            step();
        } catch (const LocalError& e) {
            fail(e.what());
        }
    }
    void check_mpi(int rc, const std::string& what);  // a failure unless rc is MPI_SUCCESS
    void fail(const std::string& what);
    bool ok() const { return error_.empty(); }
    // Test hook (docs/testing.md): MINIASD_TEST_FAIL_WRITE=<name>:<rank> fails this rank's
    // write of the data file whose path contains <name> as a full disk would.
    void inject(const std::string& path, int rank);
    // Test hook (docs/testing.md): MINIASD_TEST_LOSE_WRITE=<name>:<rank> overwrites this rank's
    // piece of the file whose path contains <name> with zeros after the file is closed, without
    // an error: what an MPI-IO library that loses a write error (a full storage target) leaves.
    // `part` names a part of the file the piece is ("/positions": <name> then matches
    // "coordinates.h5/positions"), so a hook can hit one dataset of several.
    void lose(const FilePiece& piece, int rank, const std::string& part = "") const;
    // Test hook: MINIASD_TEST_HANG_WRITE=<name>:<rank> makes this rank wait for ever here, as a
    // rank stuck inside the I/O library would (the write guard must end the job).
    void hang(const std::string& path, int rank) const;
    // Reads this rank's pieces back from the directory and compares their checksums with what was
    // written: an MPI-IO or HDF5 library can report success for bytes that never reached the
    // file (Open MPI 4.1's collective writes on a full disk), so these modes confirm every byte
    // before the metadata exists. A difference is this rank's failure, naming the file.
    // The pieces are read in 16 MiB reads, never whole.
    void verify(const std::vector<FilePiece>& mine);
    // Collective. Throws Error on every rank with the first failing rank's message.
    void agree(const parallel::Comm& comm) const;

  private:
    std::string directory_;
    std::string error_;
};

// config:mpi-io-hints "cb_nodes=4,cb_buffer_size=16777216" as an MPI_Info (validated by the
// parser); the caller frees it. Every mode that opens files through MPI-IO passes it.
MPI_Info make_info(const std::string& hints);

// Prints (rank 0's stdout) the hints the MPI-IO library reports for an open file (-v).
void print_hints(MPI_File fh, const std::string& file);

// Collective. Every rank's pieces, in rank order, on rank 0 (empty elsewhere).
std::vector<FilePiece> gather_pieces(const parallel::Comm& comm,
                                     const std::vector<FilePiece>& mine);

// Collective. Sum of v over the ranks before this one (0 on rank 0).
std::int64_t exclusive_prefix(const parallel::Comm& comm, std::int64_t v);

// A piece describing `n` records of this rank's buffer written at `offset` of `file`.
FilePiece make_piece(const std::string& file, std::int64_t first_record, std::int64_t offset,
                     const char* bytes, std::int64_t n, std::size_t record_bytes,
                     const std::int64_t* gid);

// Collective. This rank's shared-memory node as (index, count), nodes numbered in the order of
// their lowest rank.
std::pair<int, int> node_of_rank(const parallel::Comm& comm);

// Collective. The outcome every writer reports: the slowest rank's open-to-close time (from
// `started`, a wall_seconds() value), every rank's pieces on rank 0, all ranks' bytes.
// `closed`: when this rank's files were closed (wall_seconds()), if not now: the read-back
// check of the MPI-IO modes is part of the snapshot's time, not of the write's.
WriteOutcome finish_outcome(const parallel::Comm& comm, double started,
                            const std::vector<FilePiece>& mine, const char* ordering, int io_groups,
                            const LocalRecords& r, double closed = -1);

// "stem.dat", "stem.p00003.dat", "stem.g00001.dat".
std::string data_file_name(const std::string& stem, const char* kind, int index);

}  // namespace miniasd::output_detail
