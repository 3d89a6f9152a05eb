#include "dipole/memory_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "dipole/images.hpp"
#include "dipole/line_fft.hpp"
#include "dipole/macro_cells.hpp"
#include "parallel/process_grid.hpp"
#include "util/exact_sum.hpp"

namespace miniasd::dipole {

namespace {

constexpr double complex_bytes = 16, double_bytes = 8;

// The most cells any of `parts` blocks of n holds (block_range gives the first blocks one more).
double most(std::int64_t n, int parts) {
    return double((n + parts - 1) / parts);
}

// The dipolar term's own arrays per owned atom (hamiltonian/dipolar.cpp): the spins of the
// held field, the moments, the field and the held field (3 doubles each), and the macro-cell
// solvers' energy field.
double term_bytes_per_atom(bool macro_cells) {
    return double_bytes * 3 * (macro_cells ? 5 : 4);
}

}  // namespace

double exact_solver_bytes(const Lattice& l, int ranks) {
    const auto& n = l.cells;
    const double s = l.sites(), g = 3 * s;  // grids of an evaluation: 3 components per site
    const std::array<int, 3> lengths = transform_lengths(n, l.periodic);
    const std::array<std::int64_t, 3> p{lengths[0], lengths[1], lengths[2]};
    const double hx = double(p[0] / 2 + 1);
    const double z_padded = most(p[2], ranks), z_box = most(n[2], ranks), ky = most(p[1], ranks);
    const double points = ky * hx * double(p[2]);  // spectral points per grid on the rank
    // The transformed kernel: 6 real components per site, 6 complex ones per pair of sites.
    const double kernel =
        double_bytes * 6 * s * points + complex_bytes * 6 * s * (s - 1) / 2 * points;
    // Its set-up transforms one padded grid at a time: the real grid, the x-y slab, the
    // transpose's send buffer (more than one rank) and the spectral grid. A periodic box's kernel
    // is computed in place.
    const bool repeats = images_of(l.periodic) != Images::none;  // films too: z lines only
    const double exchange = ranks > 1 ? 1.0 : 0.0;  // one rank packs straight into the layout
    const double slab_k = repeats ? 0.0 : complex_bytes * z_padded * double(p[1]) * hx;
    const double set_up = repeats ? 0.0
                                  : double_bytes * z_padded * double(p[0]) * double(p[1]) +
                                        (1 + exchange) * slab_k + complex_bytes * points;
    // An evaluation: g grids of the real box's planes; the slab and the send buffer keep the
    // larger size; the receive buffer of the way back is the size of the slab.
    const double slab_r = complex_bytes * g * z_box * double(p[1]) * hx;
    const double run = (1 + exchange) * std::max(slab_k, slab_r) + exchange * slab_r +
                       complex_bytes * g * points +
                       2 * double_bytes * g * z_box * double(n[1]) * double(n[0]);
    // Per atom: the routes out (4 B index, 24 B message) and into the slab (8 B slot, 24 B
    // message; the slab's atoms; one rank sends no message), the set-up's 20 B per owned atom of
    // route planning, and the term's arrays.
    const double owned = double(l.atoms()) / double(ranks);
    const double in_slab = s * z_box * double(n[1]) * double(n[0]);
    const double atoms = owned * (4 + 24 * exchange + 20 + term_bytes_per_atom(false)) +
                         in_slab * (8 + 24 * exchange);
    // FFTW's planner: the code it tries and its scratch, about 6 MB whatever the size (measured
    // as the peak of a 125-atom run over one without the dipolar field).
    constexpr double planner = 6e6;
    return kernel + std::max(set_up, run) + atoms + planner;
}

double macro_cell_solver_bytes(const Lattice& l, int ranks, const Vec3& box_size,
                               double near_range) {
    MacroCells c;  // the boxes' count and size only
    c.size = box_size;
    c.n = macro_cell_counts(l, box_size);
    const double boxes = double(c.count());
    // The boxes of the fullest rank: along each axis, the most box indices any block of the
    // process grid's cells reaches.
    const parallel::Int3 grid = parallel::choose_process_grid(ranks, l.cells);
    double rows = 1;
    for (int a = 0; a < 3; ++a) {
        std::int64_t span = 1;
        for (int part = 0; part < grid[std::size_t(a)]; ++part) {
            const parallel::CellRange r =
                parallel::block_range(l.cells[std::size_t(a)], grid[std::size_t(a)], part);
            double lo = 1e300, hi = -1e300;
            for (const Vec3& b : l.basis) {
                lo = std::min(lo,
                              (double(r.begin) + b[std::size_t(a)]) * l.cell_size[std::size_t(a)]);
                hi = std::max(
                    hi, (double(r.end - 1) + b[std::size_t(a)]) * l.cell_size[std::size_t(a)]);
            }
            span = std::max(span, c.index_along(a, hi) - c.index_along(a, lo) + 1);
        }
        rows *= double(span);
    }
    const double owned = double(l.atoms()) / double(ranks);
    // The boxes (centre, volume, count; and the set-up's weighted sums), the tensors, the exact
    // sums and their packed form, the boxes' moments, and the rows' fields.
    double bytes = boxes * (40 + 32) + rows * boxes * 6 * double_bytes +
                   boxes * 3 * (double(sizeof(ExactSum)) + ExactSum::packed_size * 8.0 + 8) +
                   rows * 6 * double_bytes + owned * (4 + 16 + term_bytes_per_atom(true));
    if (near_range > 0) {
        // The tensor solver (dipole/box_pair_means.hpp): its near pairs, a key and 6 doubles
        // for each box of the rows and each box whose centre lies within near_range; the
        // positions of the atoms of the boxes they reach; and the table of cell displacement
        // tensors when it fits in its 64 MB.
        const double k[3] = {near_range / box_size[0], near_range / box_size[1],
                             near_range / box_size[2]};
        double near = 0;
        for (int z = -int(k[2]); z <= int(k[2]); ++z)
            for (int y = -int(k[1]); y <= int(k[1]); ++y)
                for (int x = -int(k[0]); x <= int(k[0]); ++x)
                    near += double(x * x) / (k[0] * k[0]) + double(y * y) / (k[1] * k[1]) +
                                        double(z * z) / (k[2] * k[2]) <=
                                    1.0
                                ? 1
                                : 0;
        double reached = 1, entries = double(l.sites()) * double(l.sites());
        for (int a = 0; a < 3; ++a) {
            const auto ua = std::size_t(a);
            reached *= std::min(double(c.n[ua]), std::cbrt(rows) + 2 * std::floor(k[a]));
            const double apart = std::floor(k[a]) + 1;
            entries *= 2 * (apart + 1) * std::ceil(box_size[ua] / l.cell_size[ua]) + 1;
        }
        bytes += rows * near * (8 + 6 * double_bytes) + reached / boxes * double(l.atoms()) * 24 +
                 (entries * 6 * double_bytes <= 64e6 ? entries * 6 * double_bytes : 0.0);
    }
    return bytes;
}

}  // namespace miniasd::dipole
