// The halo plan as pure data (no MPI): built once by system/local_system from the lattice and the
// process grid, then handed to HaloExchange, which moves spins along it every step.
#pragma once

#include <cstdint>
#include <vector>

namespace miniasd::parallel {

// What this rank exchanges with one other rank. Neighbour relations are symmetric, so the atoms
// this rank sends to a peer are exactly the ghosts that peer expects from it; both sides order
// them by the owner's storage order (rows of cells, site by site), which each computes from the
// global ids alone, so agreeing on it needs no communication.
struct HaloPeer {
    int rank = -1;
    std::vector<std::int32_t> send;  // local indices of owned atoms to send, in that order
    std::int64_t ghost_begin = 0;    // first local index of the ghosts received from this peer
    std::int64_t ghost_count = 0;    // ghosts from this peer, in that order
};

}  // namespace miniasd::parallel
