#include "output/modes/global_order.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <queue>

#include "output/modes/writer_common.hpp"
#include "util/error.hpp"

namespace miniasd::output_detail {

namespace {

// The order that merges the sorted runs ids[start[s] .. start[s] + count[s]) of every sender s.
void merge_runs(const std::vector<std::int64_t>& ids, const std::vector<int>& start,
                const std::vector<int>& count, std::vector<std::size_t>& order) {
    using Head = std::pair<std::int64_t, int>;  // (global id, sender)
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    std::vector<int> next(start.begin(), start.end());
    for (std::size_t s = 0; s < start.size(); ++s)
        if (count[s] > 0) heads.emplace(ids[start[s]], static_cast<int>(s));
    order.clear();
    while (!heads.empty()) {
        const int s = heads.top().second;
        heads.pop();
        order.push_back(static_cast<std::size_t>(next[s]));
        if (++next[s] < start[s] + count[s]) heads.emplace(ids[next[s]], s);
    }
}

}  // namespace

GlobalOrder::GlobalOrder(parallel::Comm c, int k_writers, std::int64_t piece_bytes)
    : comm_(std::move(c)), piece_bytes_(piece_bytes) {
    const int p = comm_.size();
    if (k_writers > p)
        throw Error("config:output-nodes = " + std::to_string(k_writers) + " is more than the " +
                    std::to_string(p) + " ranks of this run");
    k_ = k_writers > 0 ? k_writers : node_of_rank(comm_).second;
    // Writers spread evenly over the ranks (rank k * P / K), so they fall on different nodes.
    for (int k = 0; k < k_; ++k)
        if (static_cast<int>((std::int64_t(k) * p) / k_) == comm_.rank()) my_writer_ = k;
    writers_ = comm_.split(my_writer_ >= 0 ? 0 : -1, comm_.rank());
}

// Sub-range j = k * rounds + r is round r of writer k's global-id range. The number of rounds
// doubles until no writer's share of any round exceeds piece_bytes (or a range is one id wide).
const GlobalOrder::Plan& GlobalOrder::plan_for(const LocalRecords& r) {
    return plans_.get(r, [&] { return make_plan(r); });
}

GlobalOrder::Plan GlobalOrder::make_plan(const LocalRecords& r) {
    Plan plan;
    const std::int64_t ids = std::max<std::int64_t>(r.id_space, 1);
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    for (;;) {
        const int rounds = plan.rounds;
        plan.bounds.assign(static_cast<std::size_t>(k_) * rounds + 1, ids);
        for (int k = 0; k < k_; ++k) {
            const std::int64_t lo = ids * k / k_, hi = ids * (k + 1) / k_;
            for (int q = 0; q < rounds; ++q)
                plan.bounds[k * rounds + q] = lo + (hi - lo) * q / rounds;
        }
        plan.first.resize(plan.bounds.size());
        for (std::size_t j = 0; j < plan.bounds.size(); ++j)
            plan.first[j] = std::lower_bound(r.gid, r.gid + r.count, plan.bounds[j]) - r.gid;
        plan.count.assign(plan.bounds.size() - 1, 0);
        for (std::size_t j = 0; j + 1 < plan.bounds.size(); ++j)
            plan.count[j] = plan.first[j + 1] - plan.first[j];
        comm_.sum_in_place(plan.count);
        const std::int64_t largest = *std::max_element(plan.count.begin(), plan.count.end());
        const std::int64_t narrowest = ids / (std::int64_t(k_) * rounds);
        if (largest * rb <= piece_bytes_ || narrowest <= 1 || rounds >= (1 << 20)) break;
        plan.rounds *= 2;
    }
    plan.before.assign(static_cast<std::size_t>(k_) + 1, 0);
    for (int k = 0; k < k_; ++k) {
        std::int64_t in_range = 0;
        for (int q = 0; q < plan.rounds; ++q)
            in_range += plan.count[k * plan.rounds + q];
        plan.before[k + 1] = plan.before[k] + in_range;
    }
    return plan;
}

std::int64_t GlobalOrder::first_record_of(const LocalRecords& r, int k) {
    return plan_for(r).before[k];
}

std::int64_t GlobalOrder::records_of(const LocalRecords& r, int k) {
    const Plan& p = plan_for(r);
    return p.before[k + 1] - p.before[k];
}

std::int64_t GlobalOrder::total_records(const LocalRecords& r) {
    return plan_for(r).before[k_];
}

FilePiece GlobalOrder::writer_piece(const LocalRecords& r, const std::string& file,
                                    std::int64_t data_offset, std::uint64_t checksum,
                                    std::int64_t first_gid) {
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    FilePiece piece;
    piece.file = file;
    piece.first_record = first_record_of(r, my_writer_);
    piece.count = records_of(r, my_writer_);
    piece.offset = data_offset + piece.first_record * rb;
    piece.length = piece.count * rb;
    piece.checksum = checksum;
    piece.first_gid = first_gid;
    return piece;
}

void GlobalOrder::run(const LocalRecords& r, const Slice& slice) {
    const Plan& plan = plan_for(r);
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const int p = comm_.size();
    std::vector<int> send_bytes(p), send_at(p), recv_bytes(p), recv_at(p);
    std::vector<int> send_ids(p), send_id_at(p), recv_ids(p), recv_id_at(p);
    std::vector<char> received, sorted;
    std::vector<std::int64_t> received_ids, sorted_ids;
    std::vector<std::size_t> order;
    std::int64_t done = 0;  // records this writer has passed on
    for (int q = 0; q < plan.rounds; ++q) {
        std::fill(send_ids.begin(), send_ids.end(), 0);
        std::fill(send_id_at.begin(), send_id_at.end(), 0);
        // My records for round q: one sorted run per writer, consecutive in my buffer.
        std::int64_t base = -1;
        for (int k = 0; k < k_; ++k) {
            const int dest = static_cast<int>((std::int64_t(k) * p) / k_);
            const std::size_t j = static_cast<std::size_t>(k) * plan.rounds + q;
            send_ids[dest] = static_cast<int>(plan.first[j + 1] - plan.first[j]);
            send_id_at[dest] = static_cast<int>(plan.first[j]);
            if (send_ids[dest] > 0 && (base < 0 || plan.first[j] < base)) base = plan.first[j];
        }
        if (base < 0) base = 0;
        for (int d = 0; d < p; ++d) {
            send_id_at[d] = send_ids[d] > 0 ? static_cast<int>(send_id_at[d] - base) : 0;
            send_at[d] = static_cast<int>(std::int64_t(send_id_at[d]) * rb);
            send_bytes[d] = static_cast<int>(std::int64_t(send_ids[d]) * rb);
        }
        MPI_Alltoall(send_ids.data(), 1, MPI_INT, recv_ids.data(), 1, MPI_INT, comm_.handle());
        int total = 0;
        for (int s = 0; s < p; ++s) {
            recv_id_at[s] = total;
            recv_at[s] = static_cast<int>(std::int64_t(total) * rb);
            recv_bytes[s] = static_cast<int>(std::int64_t(recv_ids[s]) * rb);
            total += recv_ids[s];
        }
        received.resize(static_cast<std::size_t>(total * rb));
        received_ids.resize(static_cast<std::size_t>(total));
        MPI_Alltoallv(r.bytes + base * rb, send_bytes.data(), send_at.data(), MPI_BYTE,
                      received.data(), recv_bytes.data(), recv_at.data(), MPI_BYTE, comm_.handle());
        MPI_Alltoallv(r.gid + base, send_ids.data(), send_id_at.data(), MPI_INT64_T,
                      received_ids.data(), recv_ids.data(), recv_id_at.data(), MPI_INT64_T,
                      comm_.handle());
        if (my_writer_ < 0) continue;
        // Each sender's records arrive as one run already in global-id order: a k-way merge of
        // the runs (O(N log P)) puts them in global order; it measured 4x faster than sorting.
        merge_runs(received_ids, recv_id_at, recv_ids, order);
        sorted.resize(received.size());
        sorted_ids.resize(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            std::memcpy(&sorted[k * rb], &received[order[k] * rb], static_cast<std::size_t>(rb));
            sorted_ids[k] = received_ids[order[k]];
        }
        slice(plan.before[my_writer_] + done, sorted.data(), total, sorted_ids.data());
        done += total;
    }
}

}  // namespace miniasd::output_detail
