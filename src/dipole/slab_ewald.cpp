#include "dipole/slab_ewald.hpp"

#include <cmath>

#include "util/units.hpp"

namespace miniasd::dipole {

namespace {
constexpr double pi = 3.14159265358979323846;
constexpr double reach = 7;  // eta r and q / (2 eta) where the sums stop: terms below exp(-49)

std::int64_t floor_div(std::int64_t a, std::int64_t b) {  // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

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
        bloch_[a].resize(std::size_t(n[a]));
        for (std::int64_t j = 0; j < n[a]; ++j)
            bloch_[a][std::size_t(j)] = std::polar(1.0, -2 * pi * double(j) / double(n[a]));
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
    const double reach_xy2 = r_cut_ * r_cut_ - out.z * out.z;
    if (reach_xy2 > 0) {
        std::int64_t lo[2], hi[2];
        for (int a = 0; a < 2; ++a) {
            lo[a] = std::int64_t(std::floor(-r_cut_ / cell_[a] - s[a]));
            hi[a] = std::int64_t(std::ceil(r_cut_ / cell_[a] - s[a]));
        }
        const double two_over_root_pi = 2 / std::sqrt(pi);
        for (std::int64_t ey = lo[1]; ey <= hi[1]; ++ey)
            for (std::int64_t ex = lo[0]; ex <= hi[0]; ++ex) {
                Plane::Term t{
                    {ex, ey},
                    {(double(ex) + s[0]) * cell_[0], (double(ey) + s[1]) * cell_[1], out.z},
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
    }
    for (int a = 0; a < 2; ++a)
        for (std::int64_t k = -kmax_[a]; k <= kmax_[a]; ++k)
            out.phase[a].push_back(std::polar(1.0, 2 * pi * double(k) * s[a] / double(n_[a])));
    return out;
}

void SlabEwaldSum::tensor(const Plane& p, const std::int64_t k[2], Complex out[6]) const {
    static constexpr int row[6] = {0, 0, 0, 1, 1, 2}, col[6] = {0, 1, 2, 1, 2, 2};
    Complex near[6] = {}, far[6] = {};
    for (const Plane::Term& t : p.near) {
        Complex ph = 1.0;
        for (int a = 0; a < 2; ++a) {
            const std::int64_t j = k[a] * t.e[a] % n_[a];
            ph *= bloch_[a][std::size_t(j < 0 ? j + n_[a] : j)];
        }
        for (int c = 0; c < 6; ++c)
            near[c] += (t.c * t.r[row[c]] * t.r[col[c]] - (row[c] == col[c] ? t.b : 0.0)) * ph;
    }
    const double z = p.z, eta = eta_, eta_z = eta * z;
    const double gauss_z = std::exp(-eta_z * eta_z);
    std::int64_t first[2];
    for (int a = 0; a < 2; ++a)
        first[a] = k[a] - n_[a] * floor_div(kmax_[a] + k[a], n_[a]);
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
