// The tensor solver's near-field term: the mean of the point-dipole tensor (3 r^ r^T - I) / r^3
// over every pair of magnetic atoms (p in box a, q in box b), the pair p = q left out. VAMPIRE
// sums it pair by pair; so does this unit for boxes that a particle's surface, a removed material
// or an alloy's non-magnetic atoms cut. A box that holds every site of its cell ranges (the
// interior of a system, the usual case) is a product of one interval of cells per axis and site,
// so the number of pairs with cell displacement (dx, dy, dz) between sites s and t is a product
// of three interval overlaps, and the mean is a sum over displacements of that weight times the
// tensor of the displacement, read from a table built once:
//     sum_{s,t} sum_{dz} C_z(dz) sum_{dy} C_y(dy) sum_{dx} C_x(dx) T(d + f_t - f_s),
// some 1 400 terms for two bcc boxes of 10 A against 5 500 pairs, each without a square root or a
// division. Both forms are fixed sums of the lattice alone: every rank gets the same bits for a
// pair of boxes, whichever rank holds them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dipole/macro_cells.hpp"
#include "system/lattice.hpp"
#include "system/materials.hpp"

namespace miniasd::dipole {

class BoxPairMeans {
  public:
    // `needed`: 1 for the boxes whose means will be asked; `moments`: mu_s per material (J/T),
    // 0 for a non-magnetic material; `near_range` (m): means are asked for boxes whose centres
    // are at most this far apart (the table's reach follows from it, the same on every rank).
    BoxPairMeans(const Lattice& l, const MaterialMap& materials, const std::vector<double>& moments,
                 const MacroCells& c, const std::vector<char>& needed, double near_range);

    // The six components (xx xy xz yy yz zz, m^-3) of the mean over the pairs of boxes a and b,
    // both needed. Thread-safe.
    void mean(std::int64_t a, std::int64_t b, double* out) const;

    // Whether box b takes the factorised sum (every site of its cell ranges magnetic and present).
    bool whole(std::int64_t b) const { return whole_[std::size_t(b)] != 0; }

  private:
    struct Span {  // cells [lo, hi) of one box along one axis, for one site
        std::int64_t lo = 0, hi = 0;
    };
    const Span& span(int axis, int site, std::int64_t box_index) const {
        return spans_[std::size_t(axis)][std::size_t(site) * std::size_t(n_[std::size_t(axis)]) +
                                         std::size_t(box_index)];
    }
    void pair_sum(std::int64_t a, std::int64_t b, double* out) const;    // every pair
    bool factorised(std::int64_t a, std::int64_t b, double* out) const;  // false: out of reach
    std::array<std::int64_t, 3> box_indices(std::int64_t b) const;

    struct BoxAtoms {  // positions (m) of a needed box's magnetic atoms, in global-id order
        std::vector<double> x, y, z;
    };
    std::array<std::int64_t, 3> n_{};  // boxes per axis
    int sites_ = 0;
    std::array<std::vector<Span>, 3> spans_;  // [axis][site * n_axis + box index]
    std::vector<char> whole_;                 // [box]
    std::vector<std::int64_t> count_;         // [box] magnetic atoms
    std::vector<BoxAtoms> atoms_;             // [box], needed boxes only
    // The tensor of every cell displacement within reach, per pair of sites:
    // table_[(((s * sites + t) * nz + dz) * ny + dy) * nx + dx][6], d = stored index - reach.
    std::array<std::int64_t, 3> reach_{}, extent_{};
    std::vector<double> table_;
};

}  // namespace miniasd::dipole
