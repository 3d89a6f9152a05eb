#include "dipole/dipole_kernel.hpp"

#include <cmath>

#include "util/units.hpp"

namespace miniasd::dipole {

void dipole_tensor(const Vec3& r, double out[6]) {
    const double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    const double inv_r = 1.0 / std::sqrt(r2);
    const double inv_r3 = constants::mu0_over_4pi * inv_r * inv_r * inv_r;
    const double u[3] = {r[0] * inv_r, r[1] * inv_r, r[2] * inv_r};
    int k = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = i; j < 3; ++j)
            out[k++] = (3.0 * u[i] * u[j] - (i == j ? 1.0 : 0.0)) * inv_r3;
}

namespace {
// Cell displacement held at padded index i of an axis with n cells and p points, or `none`.
constexpr std::int64_t none = INT64_MIN;
std::int64_t displacement(std::int64_t i, std::int64_t n, std::int64_t p) {
    if (i <= n - 1) return i;
    if (i >= p - (n - 1)) return i - p;
    return none;
}
}  // namespace

SpectralKernel::SpectralKernel(SlabFft& fft, const std::vector<Vec3>& basis, const Vec3& cell)
    : sites_(static_cast<int>(basis.size())), points_(fft.spectral_size()) {
    const auto& n = fft.cells();
    const auto& p = fft.padded();
    const std::array<std::int64_t, 3> extent{p[0], p[1], p[2]};
    const parallel::CellRange zr = fft.planes(p[2]);
    const double scale = 1.0 / (double(p[0]) * double(p[1]) * double(p[2]));
    const std::int64_t plane = std::int64_t(p[0]) * p[1];
    const int pairs = sites_ * (sites_ + 1) / 2;
    k_.resize(std::size_t(pairs * 6 * points_));
    std::vector<double> real(std::size_t(6 * zr.size() * plane));
    std::vector<Complex> spectral;
    int pair = 0;
    for (int a = 0; a < sites_; ++a)
        for (int b = a; b < sites_; ++b, ++pair) {
            const Vec3 shift{basis[a][0] - basis[b][0], basis[a][1] - basis[b][1],
                             basis[a][2] - basis[b][2]};
#pragma omp parallel for schedule(static)
            for (std::int64_t zl = 0; zl < zr.size(); ++zl)
                for (std::int64_t y = 0; y < p[1]; ++y)
                    for (std::int64_t x = 0; x < p[0]; ++x) {
                        const std::int64_t e[3] = {displacement(x, n[0], p[0]),
                                                   displacement(y, n[1], p[1]),
                                                   displacement(zr.begin + zl, n[2], p[2])};
                        double t[6] = {0, 0, 0, 0, 0, 0};
                        const bool self = a == b && e[0] == 0 && e[1] == 0 && e[2] == 0;
                        if (e[0] != none && e[1] != none && e[2] != none && !self) {
                            dipole_tensor({(double(e[0]) + shift[0]) * cell[0],
                                           (double(e[1]) + shift[1]) * cell[1],
                                           (double(e[2]) + shift[2]) * cell[2]},
                                          t);
                        }
                        for (int c = 0; c < 6; ++c)
                            real[std::size_t((c * zr.size() + zl) * plane + y * p[0] + x)] =
                                t[c] * scale;
                    }
            fft.forward(real.data(), 6, extent, spectral);
            std::copy(spectral.begin(), spectral.end(), k_.begin() + pair * 6 * points_);
        }
}

void SpectralKernel::apply(std::vector<Complex>& spectral) const {
    const int g = 3 * sites_;
    const std::int64_t np = points_;
    // Symmetric component of (i, j).
    static constexpr int sym[3][3] = {{0, 1, 2}, {1, 3, 4}, {2, 4, 5}};
#pragma omp parallel
    {
        std::vector<Complex> m(std::size_t(g), Complex(0, 0));
        std::vector<const Complex*> pair_of(std::size_t(sites_ * sites_));
        std::vector<char> conj(std::size_t(sites_ * sites_));
        for (int a = 0; a < sites_; ++a)
            for (int b = 0; b < sites_; ++b) {
                const int lo = a < b ? a : b, hi = a < b ? b : a;
                const int pair = lo * sites_ - lo * (lo - 1) / 2 + (hi - lo);
                pair_of[std::size_t(a * sites_ + b)] = &k_[std::size_t(pair * 6 * np)];
                conj[std::size_t(a * sites_ + b)] = a > b;
            }
#pragma omp for schedule(static)
        for (std::int64_t q = 0; q < np; ++q) {
            for (int k = 0; k < g; ++k)
                m[std::size_t(k)] = spectral[std::size_t(k * np + q)];
            for (int a = 0; a < sites_; ++a)
                for (int i = 0; i < 3; ++i) {
                    // Written out rather than std::complex's operator*, whose checks for
                    // infinities cost a library call per product.
                    double re = 0, im = 0;
                    for (int b = 0; b < sites_; ++b) {
                        const Complex* kab = pair_of[std::size_t(a * sites_ + b)];
                        const double sign = conj[std::size_t(a * sites_ + b)] ? -1.0 : 1.0;
                        for (int j = 0; j < 3; ++j) {
                            const Complex t = kab[sym[i][j] * np + q];
                            const Complex v = m[std::size_t(b * 3 + j)];
                            const double ti = sign * t.imag();
                            re += t.real() * v.real() - ti * v.imag();
                            im += t.real() * v.imag() + ti * v.real();
                        }
                    }
                    spectral[std::size_t((a * 3 + i) * np + q)] = Complex(re, im);
                }
        }
    }
}

}  // namespace miniasd::dipole
