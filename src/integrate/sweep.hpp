// The traversal of a two-stage field integrator (Heun), separate from its physics: which atoms are
// visited when, by which thread, with which halo in flight, in chunks whose field buffer stays in
// L1. The physics comes in as two kernels over ranges of owned atoms,
//     update(b, e, hx, hy, hz)   hx[k] the deterministic field (T) of atom b + k,
// which read their own atoms' data only, so any traversal (this one, or a GPU's) that gives every
// atom the field of the same spins gives the same bits.
//
// Two traversals, chosen at set-up:
//   two passes: each stage sweeps the core atoms while the halo travels, then the boundary atoms;
//   fused: the corrector trails the predictor a window behind in one sweep over each thread's block
//     of core atoms (integrate/heun_fusion.hpp); never with a non-local term prepared between
//     stages, which needs every predicted spin before any corrector field (a term prepared once
//     per step, the dipolar field, is prepared before the fused sweep).
#pragma once

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "hamiltonian/hamiltonian.hpp"
#include "integrate/heun_fusion.hpp"
#include "parallel/halo.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/timers.hpp"

namespace miniasd {

class HeunSweep {
  public:
    // fuse: plan the fused traversal (it stays empty when nothing fuses or a non-local term must
    // be prepared between the stages).
    HeunSweep(const LocalSystem& sys, Hamiltonian& h, parallel::HaloExchange& halo, Timers& timers,
              bool fuse);

    // One step: predict from s into predicted, then correct s from predicted.
    template <typename Predict, typename Correct>
    void run(Spins& s, Spins& predicted, const Predict& predict, const Correct& correct) {
        if (fusion_.window > 0) {
            fused_stages(s, predicted, predict, correct);
        } else {
            stage(s, predict);
            stage(predicted, correct);
        }
        ++steps_;
    }

    const HeunFusion& fusion() const { return fusion_; }
    // OpenMP parallel regions entered per step (each ends in a barrier of the rank's threads).
    double regions_per_step() const { return steps_ ? double(regions_) / double(steps_) : 0.0; }

    static constexpr std::int64_t chunk = 512;  // atoms per field buffer (3 x 4 KiB)

  private:
    template <typename Update>
    void stage(Spins& in, const Update& update);
    template <typename Update>
    void parallel_sweep(const SpinView& view, const Update& update, std::int64_t begin,
                        std::int64_t end, double& field_s, double& update_s);
    template <typename Update>
    void sweep(const SpinView& view, const Update& update, std::int64_t b, std::int64_t e,
               double* hx, double* hy, double* hz, double& field_s, double& update_s) const;
    template <typename Update>
    void sweep_fusable(const SpinView& view, const Update& update, std::int64_t lo, std::int64_t hi,
                       double* hx, double* hy, double* hz, double& field_s, double& update_s) const;
    template <typename Predict, typename Correct>
    void fused_stages(Spins& s, Spins& predicted, const Predict& predict, const Correct& correct);
    void halo_start(const Spins& s);  // the halo calls, timed as "halo"
    void halo_finish(Spins& s);
    void prepare(const Spins& s);                     // non-local terms' stage, timed as "field"
    void add_times(double field_s, double update_s);  // thread sums, as per-thread averages

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    Timers& timers_;
    int t_field_, t_halo_, t_integrate_;
    HeunFusion fusion_;
    std::int64_t regions_ = 0, steps_ = 0;
};

// The field of `view` for atoms [b, e) in chunks into the buffer h, each chunk consumed by
// `update`; adds the seconds spent to field_s and update_s.
template <typename Update>
void HeunSweep::sweep(const SpinView& view, const Update& update, std::int64_t b, std::int64_t e,
                      double* hx, double* hy, double* hz, double& field_s, double& update_s) const {
    for (std::int64_t cb = b; cb < e; cb += chunk) {
        const std::int64_t ce = std::min(e, cb + chunk);
        const auto t0 = Timers::Clock::now();
        hamiltonian_.field(view, cb, ce, FieldView{hx, hy, hz}, false);
        const auto t1 = Timers::Clock::now();
        update(cb, ce, hx, hy, hz);
        const auto t2 = Timers::Clock::now();
        field_s += std::chrono::duration<double>(t1 - t0).count();
        update_s += std::chrono::duration<double>(t2 - t1).count();
    }
}

// The fusable atoms of [lo, hi): one field call per chunk over the span of its fusable atoms,
// updates of those atoms only. Where boundary atoms break every row (a split along x), a call
// per fusable range would cost more than the few unused fields of the atoms between ranges
// (computed from spins not predicted yet, and dropped).
template <typename Update>
void HeunSweep::sweep_fusable(const SpinView& view, const Update& update, std::int64_t lo,
                              std::int64_t hi, double* hx, double* hy, double* hz, double& field_s,
                              double& update_s) const {
    for (std::int64_t cb = lo; cb < hi; cb += chunk) {
        const std::int64_t ce = std::min(hi, cb + chunk);
        std::int64_t first = -1, last = -1;
        fusion_.fusable_in(cb, ce, [&](std::int64_t b, std::int64_t e) {
            if (first < 0) first = b;
            last = e;
        });
        if (first < 0) continue;
        const auto t0 = Timers::Clock::now();
        hamiltonian_.field(view, first, last, FieldView{hx, hy, hz}, false);
        const auto t1 = Timers::Clock::now();
        fusion_.fusable_in(first, last, [&](std::int64_t b, std::int64_t e) {
            update(b, e, hx + (b - first), hy + (b - first), hz + (b - first));
        });
        const auto t2 = Timers::Clock::now();
        field_s += std::chrono::duration<double>(t1 - t0).count();
        update_s += std::chrono::duration<double>(t2 - t1).count();
    }
}

// Atoms [begin, end) in chunks shared among the threads; no parallel region when empty (no
// boundary atoms on one rank).
template <typename Update>
void HeunSweep::parallel_sweep(const SpinView& view, const Update& update, std::int64_t begin,
                               std::int64_t end, double& field_s, double& update_s) {
    if (begin >= end) return;
    ++regions_;
    double f = 0, u = 0;
#pragma omp parallel reduction(+ : f, u)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
#pragma omp for schedule(static)
        for (std::int64_t b = begin; b < end; b += chunk)
            sweep(view, update, b, std::min(end, b + chunk), hx, hy, hz, f, u);
    }
    field_s += f;
    update_s += u;
}

// One stage: fields of core atoms while the halo messages travel, then boundary atoms. Atoms go
// in chunks: the chunk's field is computed into a small buffer that stays in L1 and consumed at
// once by `update`, so no field array makes a round trip through memory. Field and update times
// are measured per chunk on each thread.
template <typename Update>
void HeunSweep::stage(Spins& in, const Update& update) {
    double field_s = 0, update_s = 0;
    prepare(in);
    halo_start(in);
    parallel_sweep(in.view(), update, 0, sys_.n_core, field_s, update_s);
    halo_finish(in);
    parallel_sweep(in.view(), update, sys_.n_core, sys_.n_owned, field_s, update_s);
    add_times(field_s, update_s);
}

// Each thread sweeps its block of core atoms with the predictor, the corrector trailing the
// fusion window behind for the fusable atoms at least a window inside the block (atoms nearer
// the block's edges have neighbours in other threads' blocks). Then, as in two stages: the
// boundary atoms' predictor once the halo of S is in; the remaining core atoms' corrector while
// the halo of S' travels; the boundary atoms' corrector.
template <typename Predict, typename Correct>
void HeunSweep::fused_stages(Spins& s, Spins& predicted, const Predict& predict,
                             const Correct& correct) {
    const SpinView sv = s.view(), pv = predicted.view();
    const std::int64_t n_core = sys_.n_core, n_owned = sys_.n_owned, w = fusion_.window;
    double field_s = 0, update_s = 0;
    int blocks = 1;  // the sweep's thread count, so the second core pass uses the same blocks
    prepare(s);      // per-step non-local terms (the plan has none that need more)
    halo_start(s);
    ++regions_;
#pragma omp parallel reduction(+ : field_s, update_s)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
        const int nt = omp_get_num_threads();
#pragma omp single nowait
        blocks = nt;
        const auto [lo, hi] = thread_block(n_core, omp_get_thread_num(), nt);
        std::int64_t done = lo + w;  // fusable atoms of [lo + w, done) are corrected
        for (std::int64_t b = lo; b < hi; b += chunk) {
            const std::int64_t e = std::min(hi, b + chunk);
            sweep(sv, predict, b, e, hx, hy, hz, field_s, update_s);
            const std::int64_t upto = e - w;  // every neighbour of an atom below is predicted
            if (upto <= done) continue;
            sweep_fusable(pv, correct, done, upto, hx, hy, hz, field_s, update_s);
            done = upto;
        }
    }
    halo_finish(s);
    parallel_sweep(sv, predict, n_core, n_owned, field_s, update_s);
    halo_start(predicted);
    ++regions_;
#pragma omp parallel reduction(+ : field_s, update_s)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
#pragma omp for schedule(static)
        for (int t = 0; t < blocks; ++t) {
            const auto [lo, hi] = thread_block(n_core, t, blocks);
            fusion_.others_in(lo, hi, lo + w, hi - w, [&](std::int64_t b, std::int64_t e) {
                sweep(pv, correct, b, e, hx, hy, hz, field_s, update_s);
            });
        }
    }
    halo_finish(predicted);
    parallel_sweep(pv, correct, n_core, n_owned, field_s, update_s);
    add_times(field_s, update_s);
}

}  // namespace miniasd
