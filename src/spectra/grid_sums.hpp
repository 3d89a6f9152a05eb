// The spins' Fourier sums at every wave vector of the box's grid (structure-factor:q-grid =
// full) through the distributed FFT of the dipolar field (dipole/slab_fft.hpp): the spins travel
// to z slabs (dipole/slab_routes.hpp), each site's three components are transformed over the
// cells, and each rank takes the wave vectors of its spectral slab: those with h <= 1/2 from its
// own values, and their partners -q (h > 1/2), whose sums are the conjugates for real spins. Then
//
//     M^a(q) = sum_s exp(-i 2 pi (h fx_s + k fy_s + l fz_s)) F_s^a(q)
//
// over the sites s in order, F_s^a the transform of site s's component a over the cells. Every
// spectral value has the same bits on any decomposition (slab_fft.hpp), so the sums do too.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dipole/slab_fft.hpp"
#include "dipole/slab_routes.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

class GridSums {
  public:
    // Collective. The owned atoms of `sys` whose material `counted[m]` marks.
    GridSums(const Lattice& l, const LocalSystem& sys, const std::vector<char>& counted,
             const parallel::Comm& comm);
    ~GridSums();
    // The grid indices ((l nz-index * ny + k index) * nx + h index: grid_wave_vectors' order)
    // of the wave vectors this rank takes, in the order compute() writes them.
    const std::vector<std::int64_t>& owned() const { return owned_; }
    // Collective. out[6 k + 2 a], out[6 k + 2 a + 1]: M^a's real and imaginary parts at owned()[k].
    void compute(const Spins& s, std::vector<double>& out);
    std::int64_t bytes() const;

  private:
    struct Take {
        std::int64_t point;  // the spectral point (kz * columns + ky_local * half_x + kx)
        bool conjugate;      // the partner -q of that point
        std::int64_t q;      // its grid index
    };
    std::array<std::int64_t, 3> cells_;
    std::vector<Vec3> basis_;
    std::vector<char> counted_;  // per owned atom
    std::unique_ptr<dipole::SlabFft> fft_;
    std::unique_ptr<dipole::SlabRoutes> routes_;
    std::vector<Take> takes_;
    std::vector<std::int64_t> owned_;
    std::vector<double> values_;       // 3 per owned atom: the spins of counted atoms, else 0
    dipole::PlanVector<double> real_;  // [site * 3 + a][slab cell]
    std::vector<dipole::Complex> spectral_;
};

}  // namespace miniasd
