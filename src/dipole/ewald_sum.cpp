#include "dipole/ewald_sum.hpp"

#include <cmath>

#include "util/units.hpp"

namespace miniasd::dipole {

using ewald::col;
using ewald::pi;
using ewald::reach;
using ewald::row;

EwaldSum::EwaldSum(const Vec3& cell, const std::array<std::int64_t, 3>& n, SurfaceTerm surface)
    : cell_(cell), n_(n), surface_(surface) {
    volume_ = cell[0] * cell[1] * cell[2];
    eta_ = std::sqrt(pi) / std::cbrt(volume_);
    r_cut_ = reach / eta_;
    q_cut_ = 2 * reach * eta_;
    for (int a = 0; a < 3; ++a) {
        bloch_[a] = ewald::bloch_table(n[a]);
        const double dq = 2 * pi / (double(n[a]) * cell[a]);  // rad/m per reciprocal index
        kmax_[a] = std::int64_t(std::floor(q_cut_ / dq));
        for (std::int64_t k = -kmax_[a]; k <= kmax_[a]; ++k) {
            const double q = dq * double(k);
            q_[a].push_back(q);
            gauss_[a].push_back(std::exp(-q * q / (4 * eta_ * eta_)));
        }
    }
}

EwaldSum::Shift EwaldSum::shift(const Vec3& s) const {
    Shift out;
    out.zero = s[0] == 0 && s[1] == 0 && s[2] == 0;
    out.near = ewald::near_terms(cell_, s, eta_, r_cut_, 3);
    for (int a = 0; a < 3; ++a)
        out.phase[a] = ewald::shift_phases(s[a], n_[a], kmax_[a]);
    return out;
}

void EwaldSum::tensor(const Shift& s, const std::int64_t k[3], Complex out[6]) const {
    Complex near[6] = {}, far[6] = {};
    ewald::add_near(s.near, bloch_.data(), n_.data(), k, 3, near);
    // Reciprocal indices K = k + m n within [-kmax, kmax] along each axis.
    std::int64_t first[3];
    for (int a = 0; a < 3; ++a)
        first[a] = ewald::first_index(k[a], n_[a], kmax_[a]);
    const double q_cut2 = q_cut_ * q_cut_;
    for (std::int64_t kz = first[2]; kz <= kmax_[2]; kz += n_[2])
        for (std::int64_t ky = first[1]; ky <= kmax_[1]; ky += n_[1])
            for (std::int64_t kx = first[0]; kx <= kmax_[0]; kx += n_[0]) {
                const std::size_t i[3] = {std::size_t(kx + kmax_[0]), std::size_t(ky + kmax_[1]),
                                          std::size_t(kz + kmax_[2])};
                const double q[3] = {q_[0][i[0]], q_[1][i[1]], q_[2][i[2]]};
                const double q2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2];
                if (q2 == 0 || q2 > q_cut2) continue;  // q = 0: the tin-foil surface
                const Complex w = (gauss_[0][i[0]] * gauss_[1][i[1]] * gauss_[2][i[2]] / q2) *
                                  (s.phase[0][i[0]] * s.phase[1][i[1]] * s.phase[2][i[2]]);
                for (int c = 0; c < 6; ++c)
                    far[c] += (q[row[c]] * q[col[c]]) * w;
            }
    const double diagonal = (s.zero ? 4 * eta_ * eta_ * eta_ / (3 * std::sqrt(pi)) : 0.0) -
                            (surface_ == SurfaceTerm::vacuum && k[0] == 0 && k[1] == 0 && k[2] == 0
                                 ? 4 * pi / (3 * volume_)
                                 : 0.0);
    for (int c = 0; c < 6; ++c)
        out[c] = constants::mu0_over_4pi *
                 (near[c] - (4 * pi / volume_) * far[c] + (row[c] == col[c] ? diagonal : 0.0));
}

}  // namespace miniasd::dipole
