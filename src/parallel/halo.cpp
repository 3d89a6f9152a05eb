#include "parallel/halo.hpp"

#include <climits>

#include "parallel/mpi_clock.hpp"
#include "util/error.hpp"

namespace miniasd::parallel {

namespace {
constexpr int halo_tag = 101;
}

HaloExchange::HaloExchange(Comm comm, std::vector<HaloPeer> peers)
    : comm_(std::move(comm)), peers_(std::move(peers)) {
    for (const HaloPeer& p : peers_) {
        if (3 * p.send.size() > INT_MAX || 3 * p.ghost_count > INT_MAX)
            throw LocalError("halo message to one peer exceeds INT_MAX values");
        send_buf_.emplace_back(3 * p.send.size());
        recv_buf_.emplace_back(3 * p.ghost_count);
    }
    requests_.resize(2 * peers_.size(), MPI_REQUEST_NULL);
}

void HaloExchange::start(const double* x, const double* y, const double* z) {
    const MpiClock clock;
    const double t0 = MPI_Wtime();
    const std::size_t np = peers_.size();
    for (std::size_t k = 0; k < np; ++k) {
        MPI_Irecv(recv_buf_[k].data(), static_cast<int>(recv_buf_[k].size()), MPI_DOUBLE,
                  peers_[k].rank, halo_tag, comm_.handle(), &requests_[k]);
    }
    for (std::size_t k = 0; k < np; ++k) {
        const std::vector<std::int32_t>& idx = peers_[k].send;
        double* buf = send_buf_[k].data();
        for (std::size_t i = 0; i < idx.size(); ++i) {
            buf[3 * i] = x[idx[i]];
            buf[3 * i + 1] = y[idx[i]];
            buf[3 * i + 2] = z[idx[i]];
        }
        MPI_Isend(buf, static_cast<int>(send_buf_[k].size()), MPI_DOUBLE, peers_[k].rank, halo_tag,
                  comm_.handle(), &requests_[np + k]);
    }
    busy_seconds_ += MPI_Wtime() - t0;
}

void HaloExchange::finish(double* x, double* y, double* z) {
    const MpiClock clock;
    ++exchanges_;
    const double t0 = MPI_Wtime();
    const int rc =
        MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
    const double t1 = MPI_Wtime();
    wait_seconds_ += t1 - t0;
    if (rc != MPI_SUCCESS) throw LocalError("halo exchange failed in MPI_Waitall");
    for (std::size_t k = 0; k < peers_.size(); ++k) {
        const double* buf = recv_buf_[k].data();
        const std::int64_t g0 = peers_[k].ghost_begin;
        for (std::int64_t i = 0; i < peers_[k].ghost_count; ++i) {
            x[g0 + i] = buf[3 * i];
            y[g0 + i] = buf[3 * i + 1];
            z[g0 + i] = buf[3 * i + 2];
        }
    }
    busy_seconds_ += MPI_Wtime() - t1;
}

std::int64_t HaloExchange::bytes_per_exchange() const {
    std::int64_t b = 0;
    for (const auto& s : send_buf_)
        b += static_cast<std::int64_t>(s.size() * sizeof(double));
    return b;
}

}  // namespace miniasd::parallel
