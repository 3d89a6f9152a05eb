// The memory that snapshots and checkpoints take per rank while they are written (the encoded
// records, the redistribution into global order, the read-back that checks each file before its
// metadata, the coordinates written once, the asynchronous copies), for the memory estimate
// (system/memory_estimate.hpp) that admits or refuses a run: left out, an admitted run could be
// killed at its first checkpoint, the one written at a wall-time stop included.
//
// Each mode's cost is the larger or the sum of a part per atom this rank owns and a part per atom
// its writer gathers (one writer per node, or per config:output-nodes group), fitted to the peaks
// measured with snapshots and checkpoints on at 125 000 and 1 000 000 atoms on 1, 2 and 4 ranks
// (docs/running-on-hpc.md, "Memory"): in bytes per atom, float64 binary records,
//   serial 80 (one rank) or 110 per owned atom; file-per-process 78;
//   file-per-node and mpi-io the larger of 78 (mpi-io 102) per owned atom and 55 (57) per
//   atom of the node; sorted 104 per writer's atom + 76 per owned atom; hdf5 218 per atom on one
//   rank, else 60 per writer's atom + 100 per owned atom + 8 MB;
//   text records (about three times longer) add 64 per owned atom (serial on several ranks 128;
//   file-per-node 4 MB + 53 and mpi-io 6 MB + 40 per atom of the node; sorted and hdf5 20 MB +
//   50 per owned atom); each asynchronous buffer beyond the first 24 per owned atom;
//   a checkpoint (sorted, float64) as a sorted snapshot, added to the snapshots'.
#pragma once

#include "output/snapshot_section.hpp"

namespace miniasd {

// Bytes one rank needs for snapshots (when `snapshots` sets atoms) and checkpoints (when the run
// saves any: `checkpoints`). `atoms`: of the whole system; `ranks`, `ranks_per_node`: of the job.
double output_bytes_per_rank(const SnapshotSection& snapshots, bool checkpoints, double atoms,
                             int ranks, int ranks_per_node);

}  // namespace miniasd
