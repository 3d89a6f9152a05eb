#include "parallel/comm.hpp"

#include <algorithm>
#include <climits>
#include <utility>

#include "parallel/mpi_clock.hpp"
#include "util/error.hpp"

namespace miniasd::parallel {

namespace {
void check(int rc, const char* what) {
    if (rc != MPI_SUCCESS) throw LocalError(std::string("MPI call failed: ") + what);
}
}  // namespace

Comm::Comm(MPI_Comm c) : Comm(std::make_shared<MPI_Comm>(c)) {}

Comm::Comm(std::shared_ptr<MPI_Comm> h) : handle_(std::move(h)) {
    if (*handle_ != MPI_COMM_NULL) {
        MPI_Comm_rank(*handle_, &rank_);
        MPI_Comm_size(*handle_, &size_);
    }
}

Comm Comm::adopt(MPI_Comm c) {
    auto del = [](MPI_Comm* p) {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (!finalized && *p != MPI_COMM_NULL) MPI_Comm_free(p);
        delete p;
    };
    return Comm(std::shared_ptr<MPI_Comm>(new MPI_Comm(c), del));
}

void Comm::barrier() const {
    const MpiClock clock;
    check(MPI_Barrier(handle()), "MPI_Barrier");
}

void Comm::throw_if_any(const std::string& local_error) const {
    const MpiClock clock;
    const std::vector<std::int64_t> failed =
        all_gather(std::vector<std::int64_t>{local_error.empty() ? 0 : 1});
    const auto first = std::find(failed.begin(), failed.end(), 1);
    if (first == failed.end()) return;
    int status = 1;
    std::string text = local_error;
    broadcast(status, text, static_cast<int>(first - failed.begin()));
    throw Error(text);
}

void Comm::broadcast(int& status, std::string& text, int root) const {
    const MpiClock clock;
    // Length travels with the status so a failed read needs no second message.
    long long header[2] = {status, static_cast<long long>(text.size())};
    check(MPI_Bcast(header, 2, MPI_LONG_LONG, root, handle()), "MPI_Bcast");
    status = static_cast<int>(header[0]);
    if (rank_ != root) text.assign(static_cast<std::size_t>(header[1]), '\0');
    // Broadcast in pieces below INT_MAX bytes: MPI counts are int.
    const std::size_t piece = std::size_t(1) << 30;
    for (std::size_t off = 0; off < text.size(); off += piece) {
        int n = static_cast<int>(std::min(piece, text.size() - off));
        check(MPI_Bcast(text.data() + off, n, MPI_CHAR, root, handle()), "MPI_Bcast");
    }
}

double Comm::sum(double v) const {
    const MpiClock clock;
    double r = 0;
    check(MPI_Allreduce(&v, &r, 1, MPI_DOUBLE, MPI_SUM, handle()), "MPI_Allreduce");
    return r;
}

std::int64_t Comm::sum(std::int64_t v) const {
    const MpiClock clock;
    std::int64_t r = 0;
    check(MPI_Allreduce(&v, &r, 1, MPI_INT64_T, MPI_SUM, handle()), "MPI_Allreduce");
    return r;
}

std::uint64_t Comm::wrapping_sum(std::uint64_t v) const {
    const MpiClock clock;
    // Unsigned addition wraps modulo 2^64 in MPI as in C++.
    std::uint64_t r = 0;
    check(MPI_Allreduce(&v, &r, 1, MPI_UINT64_T, MPI_SUM, handle()), "MPI_Allreduce");
    return r;
}

void Comm::sum_in_place(std::vector<double>& v) const {
    const MpiClock clock;
    check(MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_DOUBLE, MPI_SUM,
                        handle()),
          "MPI_Allreduce");
}

std::vector<double> Comm::reduce_scatter_sum(const std::vector<double>& send,
                                             const std::vector<int>& counts) const {
    const MpiClock clock;
    std::vector<double> recv(static_cast<std::size_t>(std::max(counts[std::size_t(rank_)], 1)));
    check(
        MPI_Reduce_scatter(send.data(), recv.data(), counts.data(), MPI_DOUBLE, MPI_SUM, handle()),
        "MPI_Reduce_scatter");
    recv.resize(static_cast<std::size_t>(counts[std::size_t(rank_)]));
    return recv;
}

void Comm::sum_in_place(std::vector<std::int64_t>& v) const {
    const MpiClock clock;
    check(MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_INT64_T, MPI_SUM,
                        handle()),
          "MPI_Allreduce");
}

double Comm::max(double v) const {
    const MpiClock clock;
    double r = 0;
    check(MPI_Allreduce(&v, &r, 1, MPI_DOUBLE, MPI_MAX, handle()), "MPI_Allreduce");
    return r;
}

void Comm::max_in_place(std::vector<double>& v) const {
    const MpiClock clock;
    check(MPI_Allreduce(MPI_IN_PLACE, v.data(), static_cast<int>(v.size()), MPI_DOUBLE, MPI_MAX,
                        handle()),
          "MPI_Allreduce");
}

namespace {
std::vector<int> displacements(const std::vector<int>& counts) {
    std::vector<int> at(counts.size());
    long long off = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        at[r] = static_cast<int>(off);
        off += counts[r];
    }
    if (off > INT_MAX) throw LocalError("all_to_all: more than INT_MAX values on one rank");
    return at;
}

template <typename T>
void all_to_all_impl(const Comm& c, const T* send, const std::vector<int>& send_counts, T* recv,
                     const std::vector<int>& recv_counts, MPI_Datatype type) {
    const MpiClock clock;
    const std::vector<int> send_at = displacements(send_counts);
    const std::vector<int> recv_at = displacements(recv_counts);
    check(MPI_Alltoallv(send, send_counts.data(), send_at.data(), type, recv, recv_counts.data(),
                        recv_at.data(), type, c.handle()),
          "MPI_Alltoallv");
}
}  // namespace

void Comm::all_to_all(const double* send, const std::vector<int>& send_counts, double* recv,
                      const std::vector<int>& recv_counts) const {
    all_to_all_impl(*this, send, send_counts, recv, recv_counts, MPI_DOUBLE);
}

void Comm::all_to_all(const std::int64_t* send, const std::vector<int>& send_counts,
                      std::int64_t* recv, const std::vector<int>& recv_counts) const {
    all_to_all_impl(*this, send, send_counts, recv, recv_counts, MPI_INT64_T);
}

std::vector<int> Comm::all_to_all_counts(const std::vector<int>& send_counts) const {
    const MpiClock clock;
    std::vector<int> recv(send_counts.size());
    check(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, handle()),
          "MPI_Alltoall");
    return recv;
}

Comm Comm::duplicate() const {
    MPI_Comm c = MPI_COMM_NULL;
    check(MPI_Comm_dup(handle(), &c), "MPI_Comm_dup");
    return adopt(c);
}

Spread Comm::spread(double v) const {
    const MpiClock clock;
    Spread s;
    struct {
        double value;
        int rank;
    } in{v, rank_}, out{};
    check(MPI_Allreduce(&v, &s.min, 1, MPI_DOUBLE, MPI_MIN, handle()), "MPI_Allreduce");
    check(MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, handle()), "MPI_Allreduce");
    s.max = out.value;
    s.max_rank = out.rank;
    s.avg = sum(v) / size_;
    return s;
}

namespace {
template <typename T>
std::vector<T> all_gather_impl(const Comm& c, const std::vector<T>& local, MPI_Datatype type) {
    const int n = c.size();
    long long mine = static_cast<long long>(local.size());
    std::vector<long long> counts(n);
    check(MPI_Allgather(&mine, 1, MPI_LONG_LONG, counts.data(), 1, MPI_LONG_LONG, c.handle()),
          "MPI_Allgather");
    long long total = 0;
    for (long long k : counts)
        total += k;
    if (total > INT_MAX) throw LocalError("all_gather: more than INT_MAX elements");
    std::vector<int> icounts(n), displs(n);
    for (int r = 0, off = 0; r < n; ++r) {
        icounts[r] = static_cast<int>(counts[r]);
        displs[r] = off;
        off += icounts[r];
    }
    std::vector<T> out(static_cast<std::size_t>(total));
    check(MPI_Allgatherv(local.data(), static_cast<int>(mine), type, out.data(), icounts.data(),
                         displs.data(), type, c.handle()),
          "MPI_Allgatherv");
    return out;
}
}  // namespace

std::vector<std::int64_t> Comm::all_gather(const std::vector<std::int64_t>& local) const {
    const MpiClock clock;
    return all_gather_impl(*this, local, MPI_INT64_T);
}

std::vector<double> Comm::all_gather(const std::vector<double>& local) const {
    const MpiClock clock;
    return all_gather_impl(*this, local, MPI_DOUBLE);
}

namespace {
// Element counts per rank and their offsets, as MPI's int counts (Error past INT_MAX in all).
void int_counts(const std::vector<long long>& counts, std::vector<int>& icounts,
                std::vector<int>& displs) {
    long long total = 0;
    for (long long k : counts)
        total += k;
    if (total > INT_MAX)
        throw Error("a gather or scatter of more than " + std::to_string(INT_MAX) +
                    " values (MPI counts are int)");
    icounts.resize(counts.size());
    displs.resize(counts.size());
    for (std::size_t r = 0, off = 0; r < counts.size(); ++r) {
        icounts[r] = static_cast<int>(counts[r]);
        displs[r] = static_cast<int>(off);
        off += std::size_t(icounts[r]);
    }
}

template <typename T>
std::vector<T> gather_impl(const Comm& c, const std::vector<T>& local, MPI_Datatype type) {
    long long mine = static_cast<long long>(local.size());
    std::vector<long long> counts(static_cast<std::size_t>(c.size()));
    check(MPI_Allgather(&mine, 1, MPI_LONG_LONG, counts.data(), 1, MPI_LONG_LONG, c.handle()),
          "MPI_Allgather");
    std::vector<int> icounts, displs;
    int_counts(counts, icounts, displs);
    std::vector<T> out;
    if (c.is_root()) out.resize(std::size_t(displs.back()) + std::size_t(icounts.back()));
    check(MPI_Gatherv(local.data(), static_cast<int>(mine), type, out.data(), icounts.data(),
                      displs.data(), type, 0, c.handle()),
          "MPI_Gatherv");
    return out;
}
}  // namespace

std::vector<double> Comm::gather_to_root(const std::vector<double>& local) const {
    const MpiClock clock;
    return gather_impl(*this, local, MPI_DOUBLE);
}

std::vector<std::int64_t> Comm::gather_to_root(const std::vector<std::int64_t>& local) const {
    const MpiClock clock;
    return gather_impl(*this, local, MPI_INT64_T);
}

std::vector<double> Comm::scatter_from_root(const std::vector<double>& all,
                                            std::int64_t mine) const {
    const MpiClock clock;
    long long n = mine;
    std::vector<long long> counts(static_cast<std::size_t>(size_));
    check(MPI_Allgather(&n, 1, MPI_LONG_LONG, counts.data(), 1, MPI_LONG_LONG, handle()),
          "MPI_Allgather");
    std::vector<int> icounts, displs;
    int_counts(counts, icounts, displs);
    std::vector<double> out(static_cast<std::size_t>(mine));
    check(MPI_Scatterv(all.data(), icounts.data(), displs.data(), MPI_DOUBLE, out.data(),
                       static_cast<int>(mine), MPI_DOUBLE, 0, handle()),
          "MPI_Scatterv");
    return out;
}

std::vector<std::string> Comm::all_gather(const std::string& local) const {
    const MpiClock clock;
    const std::vector<std::int64_t> sizes =
        all_gather(std::vector<std::int64_t>{static_cast<std::int64_t>(local.size())});
    const std::vector<char> chars =
        all_gather_impl(*this, std::vector<char>(local.begin(), local.end()), MPI_CHAR);
    std::vector<std::string> out;
    std::size_t off = 0;
    for (std::int64_t n : sizes) {
        out.emplace_back(chars.data() + off, static_cast<std::size_t>(n));
        off += static_cast<std::size_t>(n);
    }
    return out;
}

namespace {

// This rank's place on its node: (rank among the node's ranks, how many ranks the node has).
std::pair<int, int> node_place(MPI_Comm comm, int rank) {
    MPI_Comm node = MPI_COMM_NULL;
    check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node),
          "MPI_Comm_split_type");
    int r = 0, n = 1;
    MPI_Comm_rank(node, &r);
    MPI_Comm_size(node, &n);
    MPI_Comm_free(&node);
    return {r, n};
}

}  // namespace

int Comm::ranks_on_node() const {
    return node_place(handle(), rank_).second;
}

int Comm::rank_on_node() const {
    return node_place(handle(), rank_).first;
}

Comm Comm::split(int color, int key) const {
    MPI_Comm out = MPI_COMM_NULL;
    check(MPI_Comm_split(handle(), color < 0 ? MPI_UNDEFINED : color, key, &out), "MPI_Comm_split");
    if (out == MPI_COMM_NULL) return Comm(MPI_COMM_NULL);
    return adopt(out);
}

}  // namespace miniasd::parallel
