#include "integrate/heun_fusion.hpp"

#include <algorithm>
#include <cstdlib>

namespace miniasd {

std::size_t HeunFusion::first_ending_after(std::int64_t i) const {
    return static_cast<std::size_t>(std::upper_bound(end.begin(), end.end(), i) - end.begin());
}

HeunFusion plan_heun_fusion(const LocalSystem& sys, const Hamiltonian& h, std::int64_t min_range) {
    HeunFusion f;
    // A non-local term prepared between stages needs every predicted spin before any corrector
    // field; one prepared per step (the dipolar field) is prepared before the fused sweep.
    if (h.prepares_between_stages()) return f;
    const std::int64_t n = sys.n_core;
    // reach[i]: how far atom i's furthest neighbour lies in storage; -1 when a neighbour is not a
    // core atom (a boundary atom, whose prediction waits for the halo).
    std::vector<std::int32_t> reach(static_cast<std::size_t>(n), 0);
    for (std::int64_t i = 0; i < n; ++i) {
        std::int64_t r = 0;
        for (int k = 0; k < sys.width && r >= 0; ++k) {  // every column: the union of the reaches
            const std::int32_t j = h.neighbour(i, k);
            if (j == sys.null_atom) continue;
            r = j >= n ? -1 : std::max<std::int64_t>(r, std::llabs(j - i));
        }
        reach[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(r);
    }
    std::vector<std::int32_t> sorted;
    for (const std::int32_t r : reach)
        if (r >= 0) sorted.push_back(r);
    if (sorted.empty()) return f;
    // The window: up to twice the median reach. Neighbours across a periodic wrap (a whole plane
    // or the whole block away) would otherwise make it most of the block, and nothing would stay
    // in cache between an atom's prediction and its correction.
    const auto mid = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2);
    std::nth_element(sorted.begin(), mid, sorted.end());
    const std::int64_t cap = 2 * std::int64_t(*mid);
    for (const std::int32_t r : sorted)
        if (r <= cap) f.window = std::max<std::int64_t>(f.window, r);
    f.window = std::max<std::int64_t>(1, f.window);
    std::vector<std::int32_t>().swap(sorted);
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int32_t r = reach[static_cast<std::size_t>(i)];
        if (r < 0 || r > f.window) continue;
        if (!f.end.empty() && f.end.back() == i)
            ++f.end.back();
        else {
            f.begin.push_back(i);
            f.end.push_back(i + 1);
        }
    }
    // Atoms between the ranges are corrected by one field call per gap, a few hundred ns each.
    // Where boundary atoms break every row of cells (a split along x) the ranges are a row long,
    // and those calls cost more than the cache saves (2 ranks split along x, 1M atoms: 10.1
    // against 9.3 ns per atom-step): keep the two passes there.
    std::int64_t fused = 0;
    for (std::size_t r = 0; r < f.begin.size(); ++r)
        fused += f.end[r] - f.begin[r];
    if (f.begin.empty() || fused < min_range * static_cast<std::int64_t>(f.begin.size()))
        return HeunFusion{};
    return f;
}

}  // namespace miniasd
