#include <mpi.h>

#include <algorithm>
#include <climits>
#include <tuple>
#include <vector>

#include "output/format/file_io.hpp"
#include "output/modes/writer_common.hpp"
#include "output/modes/writers.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"

namespace miniasd {

using namespace output_detail;

FilePerNodeWriter::FilePerNodeWriter(parallel::Comm c, const SnapshotSection& o)
    : WriterBase(OutputMode::file_per_node, std::move(c), o) {
    const int p = comm_.size();
    if (o.output_nodes > 0) {
        // N groups of contiguous ranks, sizes differing by at most one (N need not divide P).
        if (o.output_nodes > p)
            throw Error("config:output-nodes = " + std::to_string(o.output_nodes) +
                        " is more than the " + std::to_string(p) + " ranks of this run");
        groups_ = o.output_nodes;
        group_index_ = static_cast<int>((std::int64_t(comm_.rank()) * groups_) / p);
    } else {
        // One group per shared-memory node.
        std::tie(group_index_, groups_) = node_of_rank(comm_);
    }
    group_ = comm_.split(group_index_, comm_.rank());
}

namespace {

// The master's receive counts and displacements (records) of round k, each member sending at most
// per_round records; returns the records received. The master's own records go to the file
// straight from its buffer, not through the gather: a group of one rank copies nothing.
std::int64_t round_plan(const std::vector<std::int64_t>& counts, std::int64_t k,
                        std::int64_t per_round, std::vector<int>& recv_counts,
                        std::vector<int>& displs) {
    std::int64_t total = 0;
    for (std::size_t m = 0; m < counts.size(); ++m) {
        const std::int64_t s = std::min(counts[m], k * per_round);
        recv_counts[m] = m == 0 ? 0 : static_cast<int>(std::min(per_round, counts[m] - s));
        if (total > INT_MAX)
            throw LocalError("file-per-node: round too large; lower config:output-piece-size");
        displs[m] = static_cast<int>(total);
        total += recv_counts[m];
    }
    return total;
}

}  // namespace

// The master gathers its group's records in rounds: in each round every member sends at most
// piece_bytes (as whole records, counted in a record datatype so no count overflows an int),
// and the master writes each member's slice at that member's place in the group file. The
// master's memory is bounded by (group size x piece_bytes) whatever the snapshot size.
WriteOutcome FilePerNodeWriter::write(const std::string& directory, const std::string& stem,
                                      const LocalRecords& r) {
    const parallel::Comm& g = group_;
    const std::string name = data_file_name(stem, "g", group_index_);
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const std::int64_t per_round = std::max<std::int64_t>(1, piece_bytes_ / rb);  // records
    // Where everything goes depends only on the record set: its collectives run once per run.
    const Layout& layout = layouts_.get(r, [&] {
        Layout l;
        l.first = exclusive_prefix(comm_, r.count);
        l.in_group = exclusive_prefix(g, r.count);
        l.rounds = static_cast<std::int64_t>(g.max(double((r.count + per_round - 1) / per_round)));
        l.counts.resize(static_cast<std::size_t>(g.size()));
        l.offsets.resize(l.counts.size());
        MPI_Gather(&r.count, 1, MPI_INT64_T, l.counts.data(), 1, MPI_INT64_T, 0, g.handle());
        for (std::size_t m = 1; m < l.counts.size(); ++m)
            l.offsets[m] = l.offsets[m - 1] + l.counts[m - 1];
        return l;
    });
    const std::vector<std::int64_t>& counts = layout.counts;  // on the master
    const std::vector<std::int64_t>& offsets = layout.offsets;
    const std::int64_t rounds = layout.rounds;
    const FilePiece mine = make_piece(name, layout.first, layout.in_group * rb, r.bytes, r.count,
                                      r.record_bytes, r.gid);

    MPI_Datatype record;
    MPI_Type_contiguous(static_cast<int>(rb), MPI_BYTE, &record);
    MPI_Type_commit(&record);
    const double t0 = wall_seconds();
    std::unique_ptr<OutputFile> file;
    WriteStatus st(directory);
    const std::string path = join_path(directory, name);
    if (g.is_root()) st.attempt([&] { file = std::make_unique<OutputFile>(path); });
    std::vector<char> buf;
    std::vector<int> recv_counts(counts.size()), displs(counts.size());
    for (std::int64_t k = 0; k < rounds; ++k) {
        const std::int64_t start = std::min(r.count, k * per_round);
        const int n = static_cast<int>(std::min(per_round, r.count - start));
        if (g.is_root())
            buf.resize(static_cast<std::size_t>(
                round_plan(counts, k, per_round, recv_counts, displs) * rb));
        MPI_Gatherv(r.bytes + start * rb, g.is_root() ? 0 : n, record, buf.data(),
                    recv_counts.data(), displs.data(), record, 0, g.handle());
        // After a failure the master still gathers every round (the members must not block).
        if (g.is_root())
            st.attempt([&] {
                file->write_at(start * rb, r.bytes + start * rb, std::int64_t(n) * rb,
                               piece_bytes_);
                for (std::size_t m = 1; m < counts.size(); ++m)
                    file->write_at((offsets[m] + std::min(counts[m], k * per_round)) * rb,
                                   buf.data() + std::int64_t(displs[m]) * rb,
                                   std::int64_t(recv_counts[m]) * rb, piece_bytes_);
            });
    }
    if (g.is_root()) {
        st.inject(path, comm_.rank());
        st.hang(path, comm_.rank());
    }
    st.attempt([&] {
        if (file) {
            if (sync_) file->sync();
            file->close();
        }
    });
    MPI_Type_free(&record);
    st.agree(comm_);

    return finish_outcome(comm_, t0, {mine}, "rank", groups_, r);
}

}  // namespace miniasd
