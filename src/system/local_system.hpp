// The atoms one rank works on, in local indices:
//   [0, n_core)              owned atoms whose neighbours are all owned (computed while the
//                            halo exchange is in flight)
//   [n_core, n_owned)        owned atoms with at least one ghost neighbour
//   [n_owned, n_local)       ghosts: copies of other ranks' atoms, grouped by owner rank
// Each group is in global-id order. Interaction lists refer to local indices. Built once; atoms
// never move, so the halo plan is fixed for the run.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/halo_plan.hpp"
#include "parallel/process_grid.hpp"
#include "system/lattice.hpp"
#include "system/materials.hpp"

namespace miniasd {

struct LocalSystem {
    std::int64_t n_core = 0;
    std::int64_t n_owned = 0;
    std::int64_t n_local = 0;  // owned + ghosts
    std::int64_t n_global = 0;

    std::vector<std::int64_t> gid;       // [n_local] global ids
    std::vector<std::int32_t> material;  // [n_local] 0-based material index

    // Nearest neighbours of owned atom i: nbr[nbr_start[i] .. nbr_start[i+1]).
    std::vector<std::int64_t> nbr_start;  // [n_owned + 1]
    std::vector<std::int32_t> nbr;

    std::vector<parallel::HaloPeer> peers;  // the halo plan, by ascending peer rank
};

// Builds this rank's part of the lattice from its place in the process grid. Pure: no MPI.
// Throws LocalError if the local arrays would not fit 32-bit local indices.
LocalSystem build_local_system(const Lattice& lattice, const parallel::ProcessGrid& grid,
                               const MaterialMap& materials);

}  // namespace miniasd
