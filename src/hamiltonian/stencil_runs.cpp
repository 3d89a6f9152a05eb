#include "hamiltonian/stencil_runs.hpp"

#include <algorithm>

namespace miniasd {

namespace {

StencilRuns runs_of_period(const LocalSystem& sys, int w, int p, std::int64_t min_length) {
    StencilRuns r;
    r.period = p;
    r.width = w;
    const std::int64_t n = sys.n_owned;
    const std::int32_t* nbr = sys.nbr.data();
    auto real = [&](std::int64_t i) {
        for (int k = 0; k < w; ++k)
            if (nbr[k * n + i] == sys.null_atom) return false;
        return true;
    };
    // Atom j repeats atom j - p: every neighbour at the same offset.
    auto repeats = [&](std::int64_t j) {
        for (int k = 0; k < w; ++k)
            if (nbr[k * n + j] - j != nbr[k * n + j - p] - (j - p)) return false;
        return true;
    };
    std::int64_t i = 0;
    while (i + p <= n) {
        bool first_cell = true;
        for (std::int64_t a = i; a < i + p && first_cell; ++a)
            first_cell = real(a);
        if (!first_cell) {
            ++i;
            continue;
        }
        std::int64_t j = i + p;
        while (j < n && real(j) && repeats(j))
            ++j;
        if (j - i < min_length) {
            ++i;
            continue;
        }
        r.begin.push_back(i);
        r.end.push_back(j);
        for (std::int64_t a = i; a < i + p; ++a)
            for (int k = 0; k < w; ++k)
                r.delta.push_back(static_cast<std::int32_t>(nbr[k * n + a] - a));
        r.covered += j - i;
        i = j;
    }
    return r;
}

}  // namespace

StencilRuns find_stencil_runs(const LocalSystem& sys, int width, std::int64_t min_length) {
    const int w = width < 0 ? sys.width : std::min(width, sys.width);
    StencilRuns best;
    best.width = w;
    best.row_of.assign(static_cast<std::size_t>(sys.n_owned), 0);
    if (w == 0) return best;
    for (const int p : {1, 2, 4, 8}) {
        StencilRuns r = runs_of_period(sys, w, p, std::max<std::int64_t>(min_length, 2 * p));
        if (r.covered > best.covered) {
            r.row_of = std::move(best.row_of);
            best = std::move(r);
        }
    }
    const std::int64_t n = sys.n_owned;
    std::size_t run = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        while (run < best.size() && best.end[run] <= i)
            ++run;
        if (i % StencilRuns::block == 0) {
            best.block_run.push_back(static_cast<std::int64_t>(run));
            best.block_odd.push_back(static_cast<std::int64_t>(best.odd.size()));
        }
        if (run < best.size() && best.begin[run] <= i) {
            const std::int64_t phase = (i - best.begin[run]) % best.period;
            best.row_of[static_cast<std::size_t>(i)] =
                static_cast<std::int32_t>(static_cast<std::int64_t>(run) * best.period + phase);
            continue;
        }
        best.row_of[static_cast<std::size_t>(i)] = -static_cast<std::int32_t>(best.odd.size()) - 1;
        best.odd.push_back(i);
        for (int k = 0; k < w; ++k)
            best.odd_nbr.push_back(sys.nbr[k * n + i]);
    }
    return best;
}

}  // namespace miniasd
