#include "output/pipeline/output_memory.hpp"

#include <algorithm>

namespace miniasd {

namespace {

// A write in global order (sorted, hdf5, checkpoints): its writers, one per node or the
// config:output-nodes count, each gathering atoms / writers of them.
double writer_atoms(int output_nodes, double atoms, int ranks, int ranks_per_node) {
    const int writers = output_nodes > 0 ? std::min(output_nodes, ranks)
                                         : std::max(1, ranks / std::max(1, ranks_per_node));
    return atoms / writers;
}

double snapshot_bytes(const SnapshotSection& s, double atoms, int ranks, int ranks_per_node) {
    const double local = atoms / ranks;
    const double node = local * std::min(ranks, std::max(1, ranks_per_node));
    const double writer = writer_atoms(s.output_nodes, atoms, ranks, ranks_per_node);
    double bytes = 0;
    switch (s.mode) {
        case OutputMode::serial:
            bytes = (ranks == 1 ? 80.0 : 110.0) * local;
            break;
        case OutputMode::file_per_process:
            bytes = 78.0 * local;
            break;
        case OutputMode::file_per_node:
            bytes = std::max(78.0 * local, 55.0 * node);
            break;
        case OutputMode::mpi_io:
            bytes = std::max(102.0 * local, 57.0 * node);
            break;
        case OutputMode::sorted:
            bytes = 104.0 * writer + 76.0 * local;
            break;
        case OutputMode::hdf5:
            bytes = ranks == 1 ? 218.0 * local : 60.0 * writer + 100.0 * local + 8e6;
            break;
    }
    if (s.text) {  // records about three times longer, and the buffers that hold them
        switch (s.mode) {
            case OutputMode::serial:
                bytes += (ranks == 1 ? 64.0 : 128.0) * local;
                break;
            case OutputMode::file_per_process:
                bytes += 64.0 * local;
                break;
            case OutputMode::file_per_node:
                bytes += 4e6 + 53.0 * node;
                break;
            case OutputMode::mpi_io:
                bytes += 6e6 + 40.0 * node;
                break;
            case OutputMode::sorted:
            case OutputMode::hdf5:
                bytes += 20e6 + 50.0 * local;
                break;
        }
    }
    if (s.asynchronous) bytes += 24.0 * local * std::max(0, s.buffers - 1);
    return bytes;
}

}  // namespace

double output_bytes_per_rank(const SnapshotSection& snapshots, bool checkpoints, double atoms,
                             int ranks, int ranks_per_node) {
    ranks = std::max(1, ranks);
    double bytes = snapshots.atoms ? snapshot_bytes(snapshots, atoms, ranks, ranks_per_node) : 0;
    if (checkpoints) {
        SnapshotSection sorted;  // what a checkpoint writes: sorted, float64, binary
        sorted.mode = OutputMode::sorted;
        sorted.asynchronous = false;
        bytes += snapshot_bytes(sorted, atoms, ranks, ranks_per_node);
    }
    return bytes;
}

}  // namespace miniasd
