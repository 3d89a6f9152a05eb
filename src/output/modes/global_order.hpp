// Redistribution of records into global-id order on K writer ranks (DL_POLY's MPIW_SORTED):
// writer k owns a contiguous range of global ids; records travel there with MPI_Alltoallv, in
// rounds small enough that a writer never holds more than piece_bytes, and each writer merges
// what it receives (one sorted run per sender) into global order. Used by the sorted and hdf5
// modes, which differ only in how a writer stores its ordered slice.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "output/format/metadata.hpp"
#include "output/modes/writer.hpp"
#include "output/modes/writer_common.hpp"
#include "parallel/comm.hpp"

namespace miniasd::output_detail {

class GlobalOrder {
  public:
    // Collective. k_writers in [1, ranks]; 0 means one per shared-memory node.
    GlobalOrder(parallel::Comm comm, int k_writers, std::int64_t piece_bytes);

    int writers() const { return k_; }
    int my_writer() const { return my_writer_; }  // -1 on ranks that only send
    const parallel::Comm& writer_comm() const { return writers_; }

    // Records before writer k's range and in it, for this record set (collective on first use
    // of a record set; the answer is then cached).
    std::int64_t first_record_of(const LocalRecords& r, int k);
    std::int64_t records_of(const LocalRecords& r, int k);
    std::int64_t total_records(const LocalRecords& r);

    // This writer's row of the file table once run() is done: its records, stored from byte
    // `data_offset` of `file` in global order, with the checksum and first id of what it wrote.
    FilePiece writer_piece(const LocalRecords& r, const std::string& file, std::int64_t data_offset,
                           std::uint64_t checksum, std::int64_t first_gid);

    // Collective. Moves the records; on every writer calls
    //   slice(first_record, bytes, n, gids)
    // once per round, in order, with its next n records in global order (n may be 0: writers
    // must still make their collective calls).
    using Slice = std::function<void(std::int64_t first_record, const char* bytes, std::int64_t n,
                                     const std::int64_t* gids)>;
    void run(const LocalRecords& r, const Slice& slice);

  private:
    struct Plan {
        int rounds = 1;
        std::vector<std::int64_t> bounds;  // gid boundaries of the K x rounds sub-ranges
        std::vector<std::int64_t> first;   // my first record in each sub-range (+ end)
        std::vector<std::int64_t> count;   // all ranks' records in each sub-range
        std::vector<std::int64_t> before;  // records before writer k's range (K + 1 entries)
    };
    const Plan& plan_for(const LocalRecords& r);  // computed once per record set
    Plan make_plan(const LocalRecords& r);        // collective

    parallel::Comm comm_, writers_;
    int k_ = 1;
    int my_writer_ = -1;
    std::int64_t piece_bytes_;
    PerRecordSet<Plan> plans_;
};

}  // namespace miniasd::output_detail
