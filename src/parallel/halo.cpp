#include "parallel/halo.hpp"
#include "util/environment.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "parallel/mpi_clock.hpp"
#include "util/error.hpp"

namespace miniasd::parallel {

namespace {
constexpr int halo_tag = 101, signal_tag = 102, setup_tag = 103;

std::vector<MPI_Win>& deferred_windows() {
    static std::vector<MPI_Win> windows;
    return windows;
}

// Whether MINIASD_HALO allows the shared-memory transport; the same on every rank (the
// environment is), so a bad value is an Error every rank sees.
bool shared_memory_allowed() {
    const std::string v = environment(EnvVar::halo).value_or("");
    if (v.empty() || v == "shared-memory") return true;
    if (v == "messages") return false;
    throw Error("MINIASD_HALO = '" + v + "': expected messages or shared-memory");
}

void check(int rc, const char* what) {
    if (rc != MPI_SUCCESS) throw LocalError(std::string("halo set-up failed in ") + what);
}
}  // namespace

void free_deferred_windows() {
    for (MPI_Win& w : deferred_windows())
        MPI_Win_free(&w);
    deferred_windows().clear();
}

HaloExchange::HaloExchange(Comm comm, std::vector<HaloPeer> peers)
    : comm_(std::move(comm)), peers_(std::move(peers)) {
    for (const HaloPeer& p : peers_)
        if (3 * p.send.size() > INT_MAX || 3 * p.ghost_count > INT_MAX)
            throw LocalError("halo message to one peer exceeds INT_MAX values");
    shared_.assign(peers_.size(), 0);
    out_slots_.assign(peers_.size(), nullptr);
    in_slots_.assign(peers_.size(), nullptr);
    if (comm_.size() > 1 && shared_memory_allowed()) open_window();
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        send_buf_.emplace_back(shared_[k] ? 0 : 3 * peers_[k].send.size());
        recv_buf_.emplace_back(shared_[k] ? 0 : 3 * peers_[k].ghost_count);
    }
    requests_.resize(2 * peers_.size(), MPI_REQUEST_NULL);
}

void HaloExchange::open_window() {
    const MpiClock clock;
    MPI_Comm node_handle = MPI_COMM_NULL;
    check(MPI_Comm_split_type(comm_.handle(), MPI_COMM_TYPE_SHARED, comm_.rank(), MPI_INFO_NULL,
                              &node_handle),
          "MPI_Comm_split_type");
    // For tests: MINIASD_TEST_RANKS_PER_NODE=n treats each n consecutive ranks of a node as a
    // node of their own, so one machine runs peers of both transports at once.
    if (const auto env = environment(EnvVar::test_ranks_per_node)) {
        const char* n = env->c_str();
        int r = 0;
        MPI_Comm_rank(node_handle, &r);
        MPI_Comm part = MPI_COMM_NULL;
        check(MPI_Comm_split(node_handle, r / std::max(1, std::atoi(n)), r, &part),
              "MPI_Comm_split");
        MPI_Comm_free(&node_handle);
        node_handle = part;
    }
    const Comm node = Comm::adopt(node_handle);
    MPI_Group all = MPI_GROUP_NULL, here = MPI_GROUP_NULL;
    MPI_Comm_group(comm_.handle(), &all);
    MPI_Comm_group(node.handle(), &here);
    std::vector<int> ranks, node_rank(peers_.size(), MPI_UNDEFINED);
    for (const HaloPeer& p : peers_)
        ranks.push_back(p.rank);
    if (!ranks.empty())
        MPI_Group_translate_ranks(all, int(ranks.size()), ranks.data(), here, node_rank.data());
    MPI_Group_free(&all);
    MPI_Group_free(&here);

    // This rank's part: two slots per peer on the node, 3 values per atom sent.
    std::vector<std::int64_t> my_offset(peers_.size(), -1);
    std::int64_t doubles = 0;
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        if (node_rank[k] == MPI_UNDEFINED) continue;
        my_offset[k] = doubles;
        doubles += 2 * 3 * static_cast<std::int64_t>(peers_[k].send.size());
    }
    // Each rank's part in its own pages (on its own NUMA domain, where it writes).
    MPI_Info info = MPI_INFO_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    double* base = nullptr;
    const int rc = MPI_Win_allocate_shared(static_cast<MPI_Aint>(doubles * sizeof(double)),
                                           sizeof(double), info, node.handle(), &base, &window_);
    MPI_Info_free(&info);
    check(rc, "MPI_Win_allocate_shared");

    // Where each peer's slots for this rank start in its part: one number each way per peer.
    std::vector<std::int64_t> their_offset(peers_.size(), -1);
    std::vector<MPI_Request> req;
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        if (node_rank[k] == MPI_UNDEFINED) continue;
        req.emplace_back();
        MPI_Irecv(&their_offset[k], 1, MPI_INT64_T, peers_[k].rank, setup_tag, comm_.handle(),
                  &req.back());
        req.emplace_back();
        MPI_Isend(&my_offset[k], 1, MPI_INT64_T, peers_[k].rank, setup_tag, comm_.handle(),
                  &req.back());
    }
    check(MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        if (node_rank[k] == MPI_UNDEFINED) continue;
        MPI_Aint bytes = 0;
        int unit = 0;
        double* theirs = nullptr;
        check(MPI_Win_shared_query(window_, node_rank[k], &bytes, &unit, &theirs),
              "MPI_Win_shared_query");
        const std::int64_t need = their_offset[k] + 2 * 3 * peers_[k].ghost_count;
        if (their_offset[k] < 0 || need * std::int64_t(sizeof(double)) > std::int64_t(bytes))
            throw LocalError("internal error: rank " + std::to_string(peers_[k].rank) +
                             "'s halo slots do not hold this rank's ghosts");
        shared_[k] = 1;
        out_slots_[k] = base + my_offset[k];
        in_slots_[k] = theirs + their_offset[k];
    }
    // One passive epoch for the window's life; MPI_Win_sync orders the loads and stores around
    // each signal (the unified memory model's pattern for shared windows).
    check(MPI_Win_lock_all(MPI_MODE_NOCHECK, window_), "MPI_Win_lock_all");
}

HaloExchange::~HaloExchange() {
    if (window_ == MPI_WIN_NULL) return;
    MPI_Win_unlock_all(window_);
    if (std::uncaught_exceptions() > 0) {
        deferred_windows().push_back(window_);
        return;
    }
    MPI_Win_free(&window_);
}

int HaloExchange::shared_memory_peers() const {
    int n = 0;
    for (const char s : shared_)
        n += s;
    return n;
}

void HaloExchange::start(const double* x, const double* y, const double* z) {
    const MpiClock clock;
    const double t0 = MPI_Wtime();
    const std::size_t np = peers_.size();
    const std::size_t slot = static_cast<std::size_t>(exchanges_ & 1);
    for (std::size_t k = 0; k < np; ++k) {
        if (shared_[k])
            MPI_Irecv(nullptr, 0, MPI_BYTE, peers_[k].rank, signal_tag, comm_.handle(),
                      &requests_[k]);
        else
            MPI_Irecv(recv_buf_[k].data(), static_cast<int>(recv_buf_[k].size()), MPI_DOUBLE,
                      peers_[k].rank, halo_tag, comm_.handle(), &requests_[k]);
    }
    if (window_ != MPI_WIN_NULL) MPI_Win_sync(window_);
    for (std::size_t k = 0; k < np; ++k) {
        const std::vector<std::int32_t>& idx = peers_[k].send;
        double* buf = shared_[k] ? out_slots_[k] + slot * 3 * idx.size() : send_buf_[k].data();
        for (std::size_t i = 0; i < idx.size(); ++i) {
            buf[3 * i] = x[idx[i]];
            buf[3 * i + 1] = y[idx[i]];
            buf[3 * i + 2] = z[idx[i]];
        }
        if (shared_[k]) {
            MPI_Win_sync(window_);  // the values are visible before the signal
            MPI_Isend(nullptr, 0, MPI_BYTE, peers_[k].rank, signal_tag, comm_.handle(),
                      &requests_[np + k]);
        } else {
            MPI_Isend(buf, static_cast<int>(send_buf_[k].size()), MPI_DOUBLE, peers_[k].rank,
                      halo_tag, comm_.handle(), &requests_[np + k]);
        }
    }
    busy_seconds_ += MPI_Wtime() - t0;
}

void HaloExchange::finish(double* x, double* y, double* z) {
    const MpiClock clock;
    const double t0 = MPI_Wtime();
    const int rc =
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
    const double t1 = MPI_Wtime();
    wait_seconds_ += t1 - t0;
    if (rc != MPI_SUCCESS) throw LocalError("halo exchange failed in MPI_Waitall");
    if (window_ != MPI_WIN_NULL) MPI_Win_sync(window_);
    const std::size_t slot = static_cast<std::size_t>(exchanges_ & 1);
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        const std::int64_t g0 = peers_[k].ghost_begin, n = peers_[k].ghost_count;
        const double* buf =
            shared_[k] ? in_slots_[k] + slot * 3 * std::size_t(n) : recv_buf_[k].data();
        for (std::int64_t i = 0; i < n; ++i) {
            x[g0 + i] = buf[3 * i];
            y[g0 + i] = buf[3 * i + 1];
            z[g0 + i] = buf[3 * i + 2];
        }
    }
    ++exchanges_;
    busy_seconds_ += MPI_Wtime() - t1;
}

std::int64_t HaloExchange::bytes_per_exchange() const {
    std::int64_t b = 0;
    for (const HaloPeer& p : peers_)
        b += static_cast<std::int64_t>(3 * p.send.size() * sizeof(double));
    return b;
}

}  // namespace miniasd::parallel
