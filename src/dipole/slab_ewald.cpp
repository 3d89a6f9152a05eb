#include "dipole/slab_ewald.hpp"

#include <cmath>

#include "util/units.hpp"

namespace miniasd::dipole {

using ewald::pi;
using ewald::reach;

namespace {

// e^c erfc(x) for c = +-q z, x = q/2eta +- eta z: c - x^2 = -(q/2eta)^2 - (eta z)^2, so where
// x > 26 (erfc underflows) the product is below e^-338 and is 0; elsewhere c <= 364.
double exp_erfc(double c, double x) {
    return x > 26 ? 0.0 : std::exp(c) * std::erfc(x);
}
}  // namespace

SlabEwaldSum::SlabEwaldSum(const Vec3& cell, const std::array<std::int64_t, 3>& n)
    : cell_(cell), n_(n) {
    area_ = cell[0] * cell[1];
    eta_ = std::sqrt(pi / area_);
    r_cut_ = reach / eta_;
    q_cut_ = 2 * reach * eta_;
    for (int a = 0; a < 2; ++a) {
        bloch_[a] = ewald::bloch_table(n[a]);
        const double dq = 2 * pi / (double(n[a]) * cell[a]);
        kmax_[a] = std::int64_t(std::floor(q_cut_ / dq));
        for (std::int64_t k = -kmax_[a]; k <= kmax_[a]; ++k)
            q_[a].push_back(dq * double(k));
    }
}

SlabEwaldSum::Plane SlabEwaldSum::plane(const Vec3& s, std::int64_t ez) const {
    Plane out;
    out.z = (double(ez) + s[2]) * cell_[2];
    out.self = s[0] == 0 && s[1] == 0 && s[2] == 0 && ez == 0;
    out.near = ewald::near_terms(cell_, s, eta_, r_cut_, 2, ez);
    for (int a = 0; a < 2; ++a)
        out.phase[a] = ewald::shift_phases(s[a], n_[a], kmax_[a]);
    return out;
}

void SlabEwaldSum::tensor(const Plane& p, const std::int64_t k[2], Complex out[6]) const {
    using ewald::col;
    using ewald::row;
    Complex near[6] = {}, far[6] = {};
    ewald::add_near(p.near, bloch_.data(), n_.data(), k, 2, near);
    const double z = p.z, eta = eta_, eta_z = eta * z;
    const double gauss_z = std::exp(-eta_z * eta_z);
    std::int64_t first[2];
    for (int a = 0; a < 2; ++a)
        first[a] = ewald::first_index(k[a], n_[a], kmax_[a]);
    for (std::int64_t ky = first[1]; ky <= kmax_[1]; ky += n_[1])
        for (std::int64_t kx = first[0]; kx <= kmax_[0]; kx += n_[0]) {
            const std::size_t i[2] = {std::size_t(kx + kmax_[0]), std::size_t(ky + kmax_[1])};
            const double qx = q_[0][i[0]], qy = q_[1][i[1]];
            const double q = std::sqrt(qx * qx + qy * qy);
            if (q > q_cut_) continue;
            const Complex w = p.phase[0][i[0]] * p.phase[1][i[1]];
            if (q == 0) {  // only d_z^2 phi survives: the sheet's demagnetising field
                far[5] += (-4 * std::sqrt(pi) * eta * gauss_z) * w;
                continue;
            }
            const double h = q / (2 * eta);
            const double up = exp_erfc(q * z, h + eta_z), down = exp_erfc(-q * z, h - eta_z);
            const double f = up + down, g = 4 * eta / std::sqrt(pi) * std::exp(-h * h) * gauss_z;
            const double phi = pi / q * f, dz = pi * (up - down), dzz = pi * (q * f - g);
            const Complex i_dz = Complex(0, dz) * w;
            far[0] += (-qx * qx * phi) * w;
            far[1] += (-qx * qy * phi) * w;
            far[2] += qx * i_dz;
            far[3] += (-qy * qy * phi) * w;
            far[4] += qy * i_dz;
            far[5] += dzz * w;
        }
    const double self = p.self ? 4 * eta * eta * eta / (3 * std::sqrt(pi)) : 0.0;
    for (int c = 0; c < 6; ++c)
        out[c] =
            constants::mu0_over_4pi * (near[c] + far[c] / area_ + (row[c] == col[c] ? self : 0.0));
}

}  // namespace miniasd::dipole
