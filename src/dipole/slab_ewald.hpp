// The point-dipole tensor summed over the images of a film: a box periodic along x and y and open
// along z, by the two-dimensional Ewald sum (D. E. Parry, Surf. Sci. 49, 433 (1975)). The film's
// kernel (dipole/dipole_kernel.hpp) is this sum at each in-plane wave index and each cell offset
// e_z across the film, transformed along z where the grid is zero-padded.
//
// For two sites whose fractional positions differ by s, at in-plane wave index (k_x, k_y):
//     K(k; e_z) = sum over (e_x, e_y), r != 0, of N(r) exp(-2 pi i (k_x e_x / n_x + k_y e_y /
//     n_y)),
// r = (e + s) o L. With 1/r split as in dipole/ewald_sum.hpp, the erfc part is summed in real
// space and the erf part over the in-plane reciprocal lattice, q = G + Q, at the height z = r_z,
// where the erf part's two-dimensional transform is
//     phi(q, z) = (pi / q) F,   F = e^{qz} erfc(q/2eta + eta z) + e^{-qz} erfc(q/2eta - eta z),
// and the tensor's components are -q_i q_j phi (in-plane), i q_i d_z phi (xz, yz) and d_z^2 phi
// (zz), with d_z phi = pi (e^{qz} erfc(..+..) - e^{-qz} erfc(..-..)) and
// d_z^2 phi = pi (q F - (4 eta / sqrt(pi)) e^{-q^2/4eta^2 - eta^2 z^2}); at q = 0 only zz is left,
// -4 sqrt(pi) eta e^{-eta^2 z^2}: the film's demagnetising field. Each term is divided by the
// cell's area A. The sum converges absolutely (there is no surface term to choose).
// eta = sqrt(pi / A); both parts stop where their terms have fallen by exp(-49).
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

#include "dipole/ewald_terms.hpp"
#include "util/vec3.hpp"

namespace miniasd::dipole {

class SlabEwaldSum {
  public:
    using Complex = std::complex<double>;
    SlabEwaldSum(const Vec3& cell, const std::array<std::int64_t, 3>& n);

    // The sum's set-up for one shift s (fractional) and one cell offset e_z.
    struct Plane {
        double z = 0;       // (e_z + s_z) L_z (m)
        bool self = false;  // s = 0 and e_z = 0: the site with its own in-plane images
        std::vector<ewald::Term> near;
        std::array<std::vector<Complex>, 2> phase;  // exp(i q_a s_a L_a) per reciprocal index
    };
    Plane plane(const Vec3& s, std::int64_t ez) const;

    // K(k; e_z) of the plane as xx xy xz yy yz zz (T per J/T); k = (k_x, k_y).
    void tensor(const Plane& p, const std::int64_t k[2], Complex out[6]) const;

  private:
    Vec3 cell_;
    std::array<std::int64_t, 3> n_;
    double area_, eta_, r_cut_, q_cut_;
    std::array<std::vector<Complex>, 2> bloch_;  // exp(-2 pi i j / n_a), j in [0, n_a)
    std::array<std::int64_t, 2> kmax_;           // reciprocal indices in [-kmax, kmax]
    std::array<std::vector<double>, 2> q_;       // q_a = 2 pi K / (n_a L_a) at K + kmax
};

}  // namespace miniasd::dipole
