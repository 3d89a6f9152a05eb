// Halo exchange of spins. The plan (who sends which owned atoms to whom, where ghosts land) is
// computed once by system/local_system from the lattice and the process grid; this class only
// moves data along it (Cabana's Halo pattern). Ghosts from one peer are contiguous in the local
// arrays, so receives unpack into one slice per peer.
//
// Usage per field evaluation: start(x, y, z); compute core atoms; finish(x, y, z); compute
// boundary.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/comm.hpp"
#include "parallel/halo_plan.hpp"

namespace miniasd::parallel {

class HaloExchange {
  public:
    HaloExchange(Comm comm, std::vector<HaloPeer> peers);

    // Collective over the peers. Packs and posts non-blocking sends and receives of the three
    // components; returns at once.
    void start(const double* x, const double* y, const double* z);
    // Waits for every message and writes the ghosts of x, y, z.
    void finish(double* x, double* y, double* z);

    const std::vector<HaloPeer>& peers() const { return peers_; }
    std::int64_t bytes_per_exchange() const;               // sent by this rank
    std::int64_t exchanges() const { return exchanges_; }  // finished so far
    // Time on this rank so far, s: in MPI_Waitall (the messages' transfer plus any wait for a
    // peer that posted its sends late: load imbalance), and packing, posting and unpacking.
    double wait_seconds() const { return wait_seconds_; }
    double busy_seconds() const { return busy_seconds_; }

  private:
    Comm comm_;
    std::vector<HaloPeer> peers_;
    std::vector<std::vector<double>> send_buf_, recv_buf_;
    std::vector<MPI_Request> requests_;
    std::int64_t exchanges_ = 0;
    double wait_seconds_ = 0, busy_seconds_ = 0;
};

}  // namespace miniasd::parallel
