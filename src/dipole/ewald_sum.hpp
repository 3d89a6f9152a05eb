// The point-dipole tensor summed over a three-dimensionally periodic lattice of orthorhombic cells,
// at the wave vectors of a periodic box, by Ewald's method: the kernel of the dipolar field's
// circular convolution when the box repeats along x, y and z (dipole/dipole_kernel.hpp).
//
// For two sites whose fractional positions differ by s, cells of edges L (m) and a box of n cells
// per axis, at wave index k (0 <= k_a < n_a):
//     K(k) = sum over e in Z^3, (e + s) != 0, of N((e + s) o L) exp(-2 pi i sum_a k_a e_a / n_a),
// N(r) = (mu0 / 4 pi)(3 r^ r^T - I) / |r|^3. The sum converges only conditionally: split
// 1/r = erfc(eta r)/r + erf(eta r)/r, sum the first in real space and the second over the
// reciprocal lattice (wave vectors q = G + Q, Q = 2 pi k / (n L)):
//     K = (mu0 / 4 pi) [ sum_e (C(r) r r^T - B(r) I) exp(-i Q . e L)
//                      - (4 pi / V) sum_{q != 0} (q q^T / q^2) exp(-q^2 / 4 eta^2 + i q . s L)
//                      + (4 eta^3 / (3 sqrt(pi))) I   if s = 0 (the site's own erf part) ],
//     B(r) = [erfc(eta r) + (2 eta r / sqrt(pi)) exp(-eta^2 r^2)] / r^3,
//     C(r) = [3 erfc(eta r) + (2 eta r / sqrt(pi))(3 + 2 eta^2 r^2) exp(-eta^2 r^2)] / r^5,
// V the cell's volume. Leaving out q = 0 is the tin-foil (conducting) surface at infinity: the
// sample's macroscopic field vanishes. A vacuum surface of a sphere adds -(mu0 / 3V) I at k = 0,
// the field -mu0 M / 3 of a uniformly magnetised sphere.
//
// eta = sqrt(pi) / V^(1/3) balances the two sums; both are cut where their terms have fallen by
// exp(-49) (eta r = 7, q / 2 eta = 7), below the tensor's rounding. Each value is computed from
// integers and per-axis tables alone, in a fixed order, so a wave index gives the same bits on
// whichever rank holds it.
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

#include "dipole/ewald_terms.hpp"
#include "util/vec3.hpp"

namespace miniasd::dipole {

enum class SurfaceTerm { tin_foil, vacuum };

class EwaldSum {
  public:
    using Complex = std::complex<double>;
    EwaldSum(const Vec3& cell, const std::array<std::int64_t, 3>& n, SurfaceTerm surface);

    // The sum's set-up for one shift s (fractional): its real-space terms and phase tables.
    struct Shift {
        bool zero = false;  // s = 0: a site with its own images
        std::vector<ewald::Term> near;
        std::array<std::vector<Complex>, 3> phase;  // exp(i q_a s_a L_a) per reciprocal index
    };
    Shift shift(const Vec3& s) const;

    // K(k) of the shift as xx xy xz yy yz zz (T per J/T).
    void tensor(const Shift& s, const std::int64_t k[3], Complex out[6]) const;

    double eta() const { return eta_; }

  private:
    Vec3 cell_;
    std::array<std::int64_t, 3> n_;
    SurfaceTerm surface_;
    double volume_, eta_, r_cut_, q_cut_;
    std::array<std::vector<Complex>, 3> bloch_;  // exp(-2 pi i j / n_a), j in [0, n_a)
    // Reciprocal indices K in [-kmax_a, kmax_a] along each axis: q_a = 2 pi K / (n_a L_a),
    // exp(-q_a^2 / 4 eta^2); the index K + kmax_a.
    std::array<std::int64_t, 3> kmax_;
    std::array<std::vector<double>, 3> q_, gauss_;
};

}  // namespace miniasd::dipole
