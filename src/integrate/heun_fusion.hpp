// Which atoms let Heun's corrector follow its predictor in one sweep over memory.
//
// The corrector of atom i reads the predicted spins of i's neighbours and overwrites S_i, which
// the predictor of each neighbour reads. Sweeping the core atoms in storage order with the
// predictor, the corrector can trail a window D behind for every atom whose neighbours are all
// core atoms within D of it: once the predictor has done the atoms below e, an atom below e - D
// has every neighbour predicted, and no neighbour is left to predict. Its spins are then still in
// cache, so a step streams the spin arrays from memory once instead of twice. The other atoms (at
// periodic wraps, beside boundary atoms, near a thread's block edge) are corrected afterwards.
// Every atom's arithmetic is unchanged: the bits are those of two separate passes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "system/local_system.hpp"

namespace miniasd {

struct HeunFusion {
    std::int64_t window = 0;               // D, atoms; 0: no atom can be fused
    std::vector<std::int64_t> begin, end;  // ranges of fusable core atoms, ascending, disjoint

    // Calls f(b, e) for every maximal range of fusable atoms inside [lo, hi).
    template <typename F>
    void fusable_in(std::int64_t lo, std::int64_t hi, F&& f) const {
        for (std::size_t r = first_ending_after(lo); r < begin.size() && begin[r] < hi; ++r) {
            const std::int64_t b = std::max(lo, begin[r]), e = std::min(hi, end[r]);
            if (b < e) f(b, e);
        }
    }
    // Calls f(b, e) for every maximal range of [lo, hi) outside fusable_in(in_lo, in_hi).
    template <typename F>
    void others_in(std::int64_t lo, std::int64_t hi, std::int64_t in_lo, std::int64_t in_hi,
                   F&& f) const {
        std::int64_t at = lo;
        fusable_in(std::max(lo, in_lo), std::min(hi, in_hi), [&](std::int64_t b, std::int64_t e) {
            if (at < b) f(at, b);
            at = e;
        });
        if (at < hi) f(at, hi);
    }

  private:
    std::size_t first_ending_after(std::int64_t i) const;
};

// The fusable core atoms of sys: those whose neighbours (from h, which keeps the table's compact
// form) are core atoms at most `window` away, the window being the largest such distance up to
// twice the median. Empty (nothing fused) when the fusable ranges average fewer than
// `min_range` atoms. O(core atoms x width).
HeunFusion plan_heun_fusion(const LocalSystem& sys, const Hamiltonian& h,
                            std::int64_t min_range = 512);

// Thread t's share [begin, end) of n atoms among `threads`.
inline std::pair<std::int64_t, std::int64_t> thread_block(std::int64_t n, int t, int threads) {
    return {n * t / threads, n * (t + 1) / threads};
}

}  // namespace miniasd
