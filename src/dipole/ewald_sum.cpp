#include "dipole/ewald_sum.hpp"

#include <cmath>

#include "util/units.hpp"

namespace miniasd::dipole {

namespace {
constexpr double pi = 3.14159265358979323846;
constexpr double reach = 7;  // eta r and q / (2 eta) where the sums stop: terms below exp(-49)

std::int64_t floor_div(std::int64_t a, std::int64_t b) {  // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
}  // namespace

EwaldSum::EwaldSum(const Vec3& cell, const std::array<std::int64_t, 3>& n, SurfaceTerm surface)
    : cell_(cell), n_(n), surface_(surface) {
    volume_ = cell[0] * cell[1] * cell[2];
    eta_ = std::sqrt(pi) / std::cbrt(volume_);
    r_cut_ = reach / eta_;
    q_cut_ = 2 * reach * eta_;
    for (int a = 0; a < 3; ++a) {
        bloch_[a].resize(std::size_t(n[a]));
        for (std::int64_t j = 0; j < n[a]; ++j)
            bloch_[a][std::size_t(j)] = std::polar(1.0, -2 * pi * double(j) / double(n[a]));
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
    std::int64_t lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
        lo[a] = std::int64_t(std::floor(-r_cut_ / cell_[a] - s[a]));
        hi[a] = std::int64_t(std::ceil(r_cut_ / cell_[a] - s[a]));
    }
    const double two_over_root_pi = 2 / std::sqrt(pi);
    for (std::int64_t ez = lo[2]; ez <= hi[2]; ++ez)
        for (std::int64_t ey = lo[1]; ey <= hi[1]; ++ey)
            for (std::int64_t ex = lo[0]; ex <= hi[0]; ++ex) {
                Shift::Term t{{ex, ey, ez},
                              {(double(ex) + s[0]) * cell_[0], (double(ey) + s[1]) * cell_[1],
                               (double(ez) + s[2]) * cell_[2]},
                              0,
                              0};
                const double r2 = t.r[0] * t.r[0] + t.r[1] * t.r[1] + t.r[2] * t.r[2];
                if (r2 == 0 || r2 > r_cut_ * r_cut_) continue;
                const double r = std::sqrt(r2), x = eta_ * r;
                const double erfc = std::erfc(x), g = two_over_root_pi * x * std::exp(-x * x);
                t.b = (erfc + g) / (r2 * r);
                t.c = (3 * erfc + g * (3 + 2 * x * x)) / (r2 * r2 * r);
                out.near.push_back(t);
            }
    for (int a = 0; a < 3; ++a)
        for (std::int64_t k = -kmax_[a]; k <= kmax_[a]; ++k)
            out.phase[a].push_back(std::polar(1.0, 2 * pi * double(k) * s[a] / double(n_[a])));
    return out;
}

void EwaldSum::tensor(const Shift& s, const std::int64_t k[3], Complex out[6]) const {
    static constexpr int row[6] = {0, 0, 0, 1, 1, 2}, col[6] = {0, 1, 2, 1, 2, 2};
    Complex near[6] = {}, far[6] = {};
    for (const Shift::Term& t : s.near) {
        Complex p = 1.0;
        for (int a = 0; a < 3; ++a) {
            const std::int64_t j = k[a] * t.e[a] % n_[a];
            p *= bloch_[a][std::size_t(j < 0 ? j + n_[a] : j)];
        }
        for (int c = 0; c < 6; ++c)
            near[c] += (t.c * t.r[row[c]] * t.r[col[c]] - (row[c] == col[c] ? t.b : 0.0)) * p;
    }
    // Reciprocal indices K = k + m n within [-kmax, kmax] along each axis.
    std::int64_t first[3];
    for (int a = 0; a < 3; ++a)
        first[a] = k[a] - n_[a] * floor_div(kmax_[a] + k[a], n_[a]);
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
