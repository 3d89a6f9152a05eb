// How much memory a run needs per rank, from the lattice alone, so a system that cannot fit is
// refused before anything is allocated (and `miniasd --check` can say what a run will need).
// The bytes per atom are a fit to peak memory measured at 1M atoms on one rank (sc 136, bcc 144,
// fcc 190 B/atom after the ~20 MB a process needs): 64 B plus 11 B per neighbour (the neighbour
// table and its set-up), and 60 B per ghost atom (spins, ids, materials).
#pragma once

#include <cstdint>
#include <string>

#include "system/lattice.hpp"

namespace miniasd {

struct MemoryEstimate {
    double atoms_per_rank = 0;  // owned atoms of an average rank
    double ghosts_per_rank = 0;
    double bytes_per_atom = 0;
    double bytes_per_rank = 0;  // everything, with the fixed cost of a process
};

MemoryEstimate estimate_memory(const Lattice& l, int ranks);

// Throws Error naming the size keywords, the atom count and the memory per rank when a rank
// would hold more atoms than its 32-bit local indices can number, or when the ranks of a node
// would need more than `node_bytes` (0: not known, not checked).
void check_memory(const Lattice& l, const MemoryEstimate& m, int ranks_on_node, double node_bytes);

// Physical memory of this node, bytes (0 if the system does not say).
double node_memory_bytes();

// "about 164 MB per rank (1024000 atoms, 144 B each, + 20 MB)".
std::string describe(const MemoryEstimate& m);

}  // namespace miniasd
