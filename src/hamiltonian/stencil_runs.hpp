// The structured-lattice fast path of the exchange field. On a crystal lattice stored row by row
// and site by site (build_local_system), neighbour k of atom i is i + d_k over long stretches of
// atoms (the atoms of one site in a row of cells). Such a stretch is a run: the field kernel then
// reads spins at constant offsets, with no neighbour-table loads, and the loop vectorises into
// contiguous loads. Periods above 1 (d also depending on i modulo the period) serve storage
// orders that interleave the sites. Atoms outside runs (next to the core/boundary split, ghosts,
// open surfaces, particle cuts) use the table. The sums go over the neighbours in the table's
// order either way, so the field is bitwise the same.
#pragma once

#include <cstdint>
#include <vector>

#include "system/local_system.hpp"

namespace miniasd {

struct StencilRuns {
    int period = 0;  // atoms per repeat (sites per unit cell); 0: no runs
    int width = 0;   // the neighbour table's width
    // Run r covers owned atoms [begin[r], end[r]); runs ascend and do not overlap. Atom i of run
    // r has neighbour k at i + delta[(r * period + (i - begin[r]) % period) * width + k].
    std::vector<std::int64_t> begin, end;
    std::vector<std::int32_t> delta;
    std::int64_t covered = 0;  // atoms in runs
    // The owned atoms outside runs, ascending, with their neighbours row by row (odd_nbr[o * width
    // + k]): read in sequence, where the column-major table would cost a cache miss per column.
    std::vector<std::int64_t> odd;
    std::vector<std::int32_t> odd_nbr;
    // Per owned atom, where its neighbours are: row >= 0 is a row of `delta` (run * period +
    // phase), row < 0 the odd-atom row -row - 1. 4 bytes per atom instead of the table's
    // 4 x width, for the per-atom users (energies, Monte Carlo).
    std::vector<std::int32_t> row_of;

    // Owned atom i's neighbours are base + row[k], k < width: its run row's offsets with base i,
    // or its odd-atom row's indices with base 0.
    const std::int32_t* row(std::int64_t i, std::int64_t& base) const {
        const std::int32_t r = row_of[static_cast<std::size_t>(i)];
        base = r >= 0 ? i : 0;
        return r >= 0 ? delta.data() + std::size_t(r) * width
                      : odd_nbr.data() + std::size_t(-r - 1) * width;
    }
    // Neighbour k of owned atom i (the table's entry, from the runs).
    std::int32_t neighbour(std::int64_t i, int k) const {
        std::int64_t base = 0;
        const std::int32_t* r = row(i, base);
        return static_cast<std::int32_t>(base + r[k]);
    }

    // Per block of `block` owned atoms from atom 0: the first run ending after its first atom,
    // and the index into `odd` of its first odd atom at or after it. They start the searches
    // below from a table that stays in cache: row_of's entry, a line of a 4-byte-per-atom array
    // no other part of the step reads, was a memory miss per field call (2% of a 300 K step).
    static constexpr std::int64_t block = 256;
    std::vector<std::int64_t> block_run, block_odd;

    // Index of the first run that ends after owned atom i (size() if none).
    std::size_t first_ending_after(std::int64_t i) const {
        if (i >= static_cast<std::int64_t>(row_of.size())) return size();
        auto r = static_cast<std::size_t>(block_run[static_cast<std::size_t>(i / block)]);
        while (r < size() && end[r] <= i)
            ++r;
        return r;
    }
    // Index into `odd` of the first odd atom at or after owned atom i.
    std::size_t first_odd_from(std::int64_t i) const {
        if (i >= static_cast<std::int64_t>(row_of.size())) return odd.size();
        auto o = static_cast<std::size_t>(block_odd[static_cast<std::size_t>(i / block)]);
        while (o < odd.size() && odd[o] < i)
            ++o;
        return o;
    }
    std::size_t size() const { return begin.size(); }
};

// Finds the runs of the leading `width` columns of sys's neighbour table (all of them when
// negative) for the period (1, 2, 4 or 8) that covers the most atoms; atoms in runs shorter than
// `min_length` (and than two periods) are odd atoms. O(owned atoms x width). The result describes
// those columns whole (with all columns, the table can be released afterwards).
// Even a run of two atoms is cheaper than two odd atoms, which read a row of neighbour indices
// each: with rows of 16 cells (small systems, or subdomains of many ranks along x), bcc with two
// shells took 71 ns per atom-step with runs of at least 16 atoms and 20 ns with runs of 2.
StencilRuns find_stencil_runs(const LocalSystem& sys, int width = -1, std::int64_t min_length = 2);

}  // namespace miniasd
