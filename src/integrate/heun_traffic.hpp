// The traffic model of one LLG-Heun step on a CPU: the bytes it must move between memory and the
// core per atom, the numerator of the run report's roofline (achieved bytes per second against
// the measured triad bandwidth, util/memory_bandwidth.hpp) and of bench/llg_throughput's bound.
//
// A store counts as a read and a write (write-allocate), and neighbours' spins are taken to hit
// the cache (the storage follows the lattice, so a neighbour's spin was loaded for an earlier atom
// of the same pass). Two passes: the predictor reads the spins S (24 B) and stores the predicted
// spin P (48); at T > 0 it also stores the thermal field (48) and reads the global id the noise
// is keyed by (8). The corrector reads P (24) and S (24) and stores S (48); at T > 0 it reads the
// thermal field (24). Fused (the corrector trailing the predictor in one sweep,
// integrate/heun_fusion.hpp): the corrector finds P, S and the thermal field still in cache, and
// S's store only writes back (24). Only when the code reads them: the neighbour table (4 B per
// neighbour per pass; with one material the exchange reads its stencil runs instead) and the
// material index (4 B per pass; with one material its constants are loop invariants).
#pragma once

namespace miniasd {

inline double heun_bytes_per_atom_step(int width, bool thermal, bool reads_table,
                                       bool reads_material, bool fused) {
    const double per_pass = (reads_table ? 4.0 * width : 0.0) + (reads_material ? 4.0 : 0.0);
    const double predictor = per_pass + 24 + 48 + (thermal ? 48 + 8 : 0);
    const double corrector = fused ? per_pass + 24 : per_pass + 24 + 24 + 48 + (thermal ? 24 : 0);
    return predictor + corrector;
}

}  // namespace miniasd
