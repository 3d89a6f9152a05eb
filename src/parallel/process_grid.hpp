// The process grid over the cell grid, as pure arithmetic (no MPI), so the system builder and
// tests can use it freely. Each rank owns a contiguous block of cells along every axis; blocks
// differ by at most one cell per axis, so any rank count works (primes and counts that do not
// divide the grid included) as long as no axis is split into more parts than it has cells.
#pragma once

#include <array>
#include <cstdint>

namespace miniasd::parallel {

using Int3 = std::array<int, 3>;
using Cells3 = std::array<std::int64_t, 3>;

// Half-open range [begin, end) of cells.
struct CellRange {
    std::int64_t begin = 0, end = 0;
    std::int64_t size() const { return end - begin; }
};

// Part `part` of `n` cells split into `parts` blocks (the first n % parts blocks get one extra).
CellRange block_range(std::int64_t n, int parts, int part);
// Which block of `n` cells split into `parts` holds cell c.
int block_owner(std::int64_t n, int parts, std::int64_t c);

// The process-grid shape for `ranks` ranks over `cells`: of all factorisations with no axis split
// finer than its cell count, the one with the least halo volume per rank. MPI_Dims_create is not
// used because it ignores the shape of the cell grid (it would cut a thin film across its
// thickness). Throws Error when no factorisation fits.
Int3 choose_process_grid(int ranks, const Cells3& cells);

// Where this rank sits in the grid and what it owns. Pure data: no MPI.
struct ProcessGrid {
    Int3 dims{1, 1, 1};
    Int3 coords{0, 0, 0};
    Cells3 cells{1, 1, 1};
    std::array<bool, 3> periodic{false, false, false};

    // Row-major rank order, as MPI_Cart_create numbers ranks without reordering.
    int rank_of(const Int3& c) const { return (c[0] * dims[1] + c[1]) * dims[2] + c[2]; }
    CellRange owned(int axis) const { return block_range(cells[axis], dims[axis], coords[axis]); }
    // Rank owning a cell given in global cell coordinates (already wrapped into range).
    int owner_of_cell(std::int64_t cx, std::int64_t cy, std::int64_t cz) const {
        return rank_of({block_owner(cells[0], dims[0], cx), block_owner(cells[1], dims[1], cy),
                        block_owner(cells[2], dims[2], cz)});
    }
};

}  // namespace miniasd::parallel
