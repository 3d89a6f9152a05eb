// Halo exchange of spins. The plan (who sends which owned atoms to whom, where ghosts land) is
// computed once by system/local_system from the lattice and the process grid; this class only
// moves data along it (Cabana's Halo pattern). Ghosts from one peer are contiguous in the local
// arrays, so receives unpack into one slice per peer.
//
// Two transports, chosen per peer once:
//  - messages (MPI_Isend/MPI_Irecv of packed x, y, z), for peers on other nodes;
//  - an MPI-3 shared-memory window, for peers on this rank's node: each rank packs into its own
//    part of the window, tells the peer with an empty message, and the peer copies the values
//    straight into its ghosts. That is one copy across cores instead of the library's copies
//    through its own buffers (about 14 against 34 us for 150 KiB each way on a 2-core node).
//    Two slots per peer, used in turn, let a rank pack exchange k+1 while its peer may still be
//    reading exchange k: a rank packs into a slot only after it has received the peer's signal of
//    the exchange after the peer last read that slot.
// MINIASD_HALO=messages sends every peer messages (an MPI library whose shared windows are slow
// or broken). Both transports copy values exactly, so the spins are the same bits either way.
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
    // Collective over `comm`, and so is destruction (the window is freed collectively).
    HaloExchange(Comm comm, std::vector<HaloPeer> peers);
    ~HaloExchange();
    HaloExchange(const HaloExchange&) = delete;
    HaloExchange& operator=(const HaloExchange&) = delete;

    // Collective over the peers. Packs and posts non-blocking sends and receives of the three
    // components; returns at once.
    void start(const double* x, const double* y, const double* z);
    // Waits for every message and writes the ghosts of x, y, z.
    void finish(double* x, double* y, double* z);

    const std::vector<HaloPeer>& peers() const { return peers_; }
    int shared_memory_peers() const;                       // peers served through the window
    std::int64_t bytes_per_exchange() const;               // sent by this rank
    std::int64_t exchanges() const { return exchanges_; }  // finished so far
    // Time on this rank so far, s: in MPI_Waitall (the messages' transfer plus any wait for a
    // peer that posted its sends late: load imbalance), and packing, posting and unpacking.
    double wait_seconds() const { return wait_seconds_; }
    double busy_seconds() const { return busy_seconds_; }

  private:
    void open_window();  // the shared-memory transport for the peers on this node

    Comm comm_;
    std::vector<HaloPeer> peers_;
    std::vector<std::vector<double>> send_buf_, recv_buf_;  // message peers only
    // Per peer: whether it shares this rank's node (the same answer on both sides); then this
    // rank's two slots for it (3 x send values each) and its two slots for this rank (3 x ghost
    // values each) in the window.
    std::vector<char> shared_;
    std::vector<double*> out_slots_;
    std::vector<const double*> in_slots_;
    MPI_Win window_ = MPI_WIN_NULL;
    std::vector<MPI_Request> requests_;
    std::int64_t exchanges_ = 0;
    double wait_seconds_ = 0, busy_seconds_ = 0;
};

// Windows whose owner was destroyed while an exception unwound the stack: freeing one there
// could wait forever for ranks that never get there (an error only this rank saw, about to
// abort). An error every rank saw reaches MPI_Finalize on every rank; Environment frees them
// just before it, in the same order everywhere.
void free_deferred_windows();

}  // namespace miniasd::parallel
