// The exact point-dipole interaction on a lattice, as a convolution kernel. The field at site a
// of cell c from the moments m (J/T) of every other atom is
//     B_a(c) = sum_b sum_c' G_ab(c - c') m_b(c'),   G_ab(e) = N((e + f_a - f_b) o L),
//     N(r)   = (mu0 / 4 pi) (3 r^ r^T - I) / |r|^3      (tesla per J/T),
// with f the fractional site positions, L the cell edges (m) and G_aa(0) = 0 (no self term, as
// VAMPIRE's atomistic solver). On a grid zero-padded to at least 2n - 1 cells per axis the
// circular convolution equals this open-boundary sum exactly (up to rounding), so the field is
// the exact sum over every pair of atoms, not a mesh approximation.
//
// Storage: the transformed kernel of each site pair a <= b, six symmetric components (xx xy xz
// yy yz zz), in the spectral layout of dipole/slab_fft.hpp; G_ba(e) = G_ab(-e), so the pair
// b > a is the complex conjugate and is not stored, and G_aa is even, so its transform is real and
// only the real part is kept. Scaled by 1 / (px py pz), the normalisation of the inverse
// transform. A box periodic along every axis is transformed unpadded and its kernel is the sum
// over every periodic image, G_ab(e) summed over e + m n for all integer m, built by Ewald's method
// directly at the wave vectors (dipole/ewald_sum.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "dipole/ewald_sum.hpp"
#include "dipole/slab_ewald.hpp"
#include "dipole/slab_fft.hpp"
#include "util/vec3.hpp"

namespace miniasd::dipole {

// N(r) (T per J/T) as xx xy xz yy yz zz; r in m, non-zero.
void dipole_tensor(const Vec3& r, double out[6]);

class SpectralKernel {
  public:
    // Collective over fft's ranks. basis: fractional site positions; cell: edges (m).
    SpectralKernel(SlabFft& fft, const std::vector<Vec3>& basis, const Vec3& cell);
    // A box periodic along x, y and z (fft's lengths are its cells): the lattice sum of
    // dipole/ewald_sum.hpp at each of this rank's wave indices, computed where it is stored
    // (periodic_kernel.cpp). Not collective.
    SpectralKernel(const SlabFft& fft, const std::vector<Vec3>& basis, const EwaldSum& sum);
    // A film, periodic along x and y and open along z (fft's lengths: the cells, the cells, the
    // padded z): the sum of dipole/slab_ewald.hpp at each cell offset across the film,
    // transformed along z by each rank for its own wave indices (periodic_kernel.cpp).
    SpectralKernel(const SlabFft& fft, const std::vector<Vec3>& basis, const SlabEwaldSum& sum);
    // In place, point by point of this rank's spectral slab: the transformed moments of
    // 3 x sites grids (grid = site * 3 + component) become the transformed fields.
    void apply(std::vector<Complex>& spectral) const;
    std::int64_t bytes() const {
        return std::int64_t(kd_.size() * sizeof(double) + ko_.size() * sizeof(Complex));
    }

  private:
    int sites_;
    std::int64_t points_;   // spectral points per grid on this rank: kz * columns_ + column
    std::int64_t columns_;  // (ky, kx) columns of a plane (SlabFft::columns)
    // The kernel of each pair of sites a <= b, 6 components, at this rank's spectral points:
    // real for a = b (kd_[a][6][point]), complex for a < b (ko_[pair][6][point], pairs in the
    // order (0,1), (0,2), ..., (1,2), ...).
    std::vector<double> kd_;
    std::vector<Complex> ko_;
};

}  // namespace miniasd::dipole
