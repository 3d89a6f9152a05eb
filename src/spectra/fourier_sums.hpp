// The spatial Fourier sums of one rank's spins at a list of wave vectors: the first half of a
// structure factor's sample (spectra/structure_factor.hpp sends them on).
//
//     M^a(q) = sum_i S_i^a exp(-i q . r_i),  q . r_i = 2 pi (h (cx + fx) + k (cy + fy) + l (cz +
//     fz))
//
// over the rank's owned atoms of magnetic materials (S_i the unit spin, (cx, cy, cz) its cell,
// (fx, fy, fz) its site's fractional position). The phases come from tables per axis and per
// site, multiplied in one fixed order for each atom, so an atom's phase has the same bits on every
// rank. Every term of the sum is rounded to one grid first (a multiple of 2^(E - 52), with
// 2^(E - 1) >= the atoms of the whole system): sums of such terms are exact in double, so a sum
// over any subset, any grouping, any order (threads, vector lanes, ranks, MPI's reduction) has
// the same bits. The rounding costs each term at most 2^(E - 53) (2.3e-10 for a million atoms),
// far below the thermal noise of any sampled spectrum. Pure: no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/vec3.hpp"

namespace miniasd {

class FourierSums {
  public:
    // The owned atoms of `sys` whose material `counted[m]` marks (non-magnetic ones are left
    // out) at the wave vectors `hkl` (reciprocal lattice units); `atoms`: the counted atoms of
    // the whole system (it sets the grid, the same on every rank).
    FourierSums(const Lattice& l, const LocalSystem& sys, const std::vector<char>& counted,
                std::vector<Vec3> hkl, std::int64_t atoms);

    // out[6 q + 2 a] and out[6 q + 2 a + 1]: the real and imaginary parts of M^a(q) over this
    // rank's atoms, a = x, y, z; `out` is resized to 6 x wave vectors. OpenMP threads share the
    // wave vectors.
    void compute(const Spins& s, std::vector<double>& out);

    std::size_t wave_vectors() const { return hkl_.size(); }
    std::int64_t atoms() const { return std::int64_t(local_.size()); }   // this rank's counted
    double grid() const { return 2 * magic_ / 3 / 4503599627370496.0; }  // 2^(E - 52)

  private:
    struct Row {  // the atoms of one site in one row of cells along x, by cell
        std::int64_t cy, cz;
        int site;
        std::int64_t begin, end;  // into local_ / x_
        bool contiguous;          // its cells follow each other (no atom missing)
    };
    std::vector<Vec3> hkl_;
    std::vector<Vec3> basis_;
    std::vector<std::int32_t> local_;  // local index of each summed atom, by row then cell
    std::vector<std::int32_t> x_;      // its cell's x index minus x0_
    std::vector<Row> rows_;
    std::int64_t x0_ = 0, nx_ = 0, y0_ = 0, ny_ = 0, z0_ = 0, nz_ = 0;  // cell ranges held
    double magic_ = 0;                  // 1.5 x 2^E: (t + magic) - magic rounds t to the grid
    std::vector<double> sx_, sy_, sz_;  // the sample's spins in local_'s order
};

}  // namespace miniasd
