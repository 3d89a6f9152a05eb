// How much memory a run needs per rank, from the lattice alone, so a system that cannot fit is
// refused before anything is allocated (and `miniasd --check` can say what a run will need).
// The bytes per atom follow peak memory measured at 1M atoms on one rank (sc 115, bcc 115,
// fcc 139 B/atom after the ~22 MB a process needs): the larger of the set-up's (42 B + 8 B per
// neighbour) and the run's (115 B, + 4 B per neighbour with several materials), and 60 B per
// ghost atom (spins, ids, materials).
#pragma once

#include <cstdint>
#include <string>

#include "system/lattice.hpp"

namespace miniasd {

struct MemoryEstimate {
    double atoms_per_rank = 0;  // owned atoms of an average rank
    double ghosts_per_rank = 0;
    double bytes_per_atom = 0;
    double dipole_bytes_per_rank = 0;  // the dipolar field's kernel, grids and buffers
    double output_bytes_per_rank =
        0;                      // snapshots' and checkpoints' (output/pipeline/output_memory)
    double fixed_bytes = 0;     // the ghosts' and the process's own
    double bytes_per_rank = 0;  // everything, with the fixed cost of a process
};

// `materials` > 1 keeps the neighbour table for the whole run (one material releases it once the
// exchange term has its compact form). `width`: neighbour columns of the table, the widest
// site's offsets in the union of the terms' reaches (-1: the lattice's first shell); a table
// wider than the first shell is kept for the run too. `ghost_depth`: cells of ghosts on each
// face, the reach in cells (1 for nearest neighbours). `dipole_bytes`: the dipolar field's
// peak on the fullest rank (dipole/memory_plan.hpp), 0 without one.
MemoryEstimate estimate_memory(const Lattice& l, int ranks, int materials = 1, int width = -1,
                               int ghost_depth = 1, double dipole_bytes = 0);

// The memory the ranks of one node may use, and what says so.
struct NodeMemory {
    double bytes = 0;    // 0: not known, not checked
    std::string source;  // "this node has", "the job's memory limit (cgroup) is", ...
    std::string remedy;  // what else would lift it (", or raise sim:memory-limit"), or ""
};

// The smallest memory limit (bytes; 0: none) of the control groups that `proc_self_cgroup` (the
// text of /proc/self/cgroup) names, reading memory.max (cgroup v2) or the memory controller's
// memory.limit_in_bytes (v1) under `root` (/sys/fs/cgroup) for the group and each above it.
double cgroup_memory_limit(const std::string& proc_self_cgroup, const std::string& root);

// Throws Error naming the size keywords, the atom count and the memory per rank when a rank
// would hold more atoms than its 32-bit local indices can number, or when the ranks of a node
// would need more than the node's memory.
void check_memory(const Lattice& l, const MemoryEstimate& m, int ranks_on_node,
                  const NodeMemory& node);

// What this process may use: the node's physical memory or, when smaller, the memory limit of
// its control group (a Slurm or PBS job's allocation, a container's limit), its own and every
// group above it. `limit` (bytes, sim:memory-limit; 0: none) caps it further.
NodeMemory node_memory(double limit = 0);

// "164 MB" or "2.5 GB".
std::string size_text(double bytes);

// "about 164 MB per rank (1024000 atoms, 144 B each, + 20 MB)".
std::string describe(const MemoryEstimate& m);

}  // namespace miniasd
