#include "dipole/dipole_kernel.hpp"

#include <algorithm>
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
    : sites_(static_cast<int>(basis.size())),
      points_(fft.spectral_size()),
      columns_(fft.columns()) {
    const auto& n = fft.cells();
    const auto& p = fft.padded();
    const std::array<std::int64_t, 3> extent{p[0], p[1], p[2]};
    const parallel::CellRange zr = fft.planes(p[2]);
    const double scale = 1.0 / (double(p[0]) * double(p[1]) * double(p[2]));
    const std::int64_t plane = std::int64_t(p[0]) * p[1];
    kd_.resize(std::size_t(sites_ * 6 * points_));
    ko_.resize(std::size_t(sites_ * (sites_ - 1) / 2 * 6 * points_));
    // One component at a time: the transform's buffers then hold one grid, not six, so the
    // kernel's set-up needs about a fifth of the memory it would (each line is transformed on
    // its own, so the values are the same either way).
    std::vector<double> real(std::size_t(zr.size() * plane));
    std::vector<Complex> spectral;
    int pair = 0;  // of a < b
    for (int a = 0; a < sites_; ++a)
        for (int b = a; b < sites_; ++b) {
            const Vec3 shift{basis[a][0] - basis[b][0], basis[a][1] - basis[b][1],
                             basis[a][2] - basis[b][2]};
            for (int c = 0; c < 6; ++c) {
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
                            real[std::size_t(zl * plane + y * p[0] + x)] = t[c] * scale;
                        }
                fft.forward(real.data(), 1, extent, spectral);
                if (a == b) {
                    // Even in the displacement, so its transform is real: the imaginary parts
                    // are rounding, and dropping them stores and reads half as much.
                    double* to = &kd_[std::size_t((a * 6 + c) * points_)];
                    for (std::size_t k = 0; k < spectral.size(); ++k)
                        to[k] = spectral[k].real();
                } else {
                    std::copy(spectral.begin(), spectral.end(),
                              ko_.begin() + (pair * 6 + c) * points_);
                }
            }
            if (a != b) ++pair;
        }
}

void SpectralKernel::apply(std::vector<Complex>& spectral) const {
    const int g = 3 * sites_;
    const std::int64_t np = points_;
    // Symmetric component of (i, j).
    static constexpr int sym[3][3] = {{0, 1, 2}, {1, 3, 4}, {2, 4, 5}};
    // Blocks of points, so the loops over points vectorise: a block's transformed moments are
    // copied out first (the product is in place), each output accumulates over (b, j) in the
    // same order for every point.
    // Blocks lie within one kz plane, where each grid's points are contiguous.
    constexpr std::int64_t block = 128;
    const std::int64_t cols = columns_, per_plane = (cols + block - 1) / block;
    const std::int64_t blocks = cols == 0 ? 0 : np / cols * per_plane;
#pragma omp parallel
    {
        std::vector<double> m_re(std::size_t(g * block)), m_im(m_re.size());
        alignas(64) double re[block], im[block];
#pragma omp for schedule(static)
        for (std::int64_t bi = 0; bi < blocks; ++bi) {
            const std::int64_t plane = bi / per_plane, c0 = (bi % per_plane) * block;
            const std::int64_t q0 = plane * cols + c0, nq = std::min(block, cols - c0);
            // Grid k's values of the block: spectral layout [kz][grid][column].
            const auto at = [&](int k) { return std::size_t((plane * g + k) * cols + c0); };
            for (int k = 0; k < g; ++k) {
                const Complex* in = &spectral[at(k)];
                double *mr = &m_re[std::size_t(k * block)], *mi = &m_im[std::size_t(k * block)];
                for (std::int64_t t = 0; t < nq; ++t) {
                    mr[t] = in[t].real();
                    mi[t] = in[t].imag();
                }
            }
            for (int a = 0; a < sites_; ++a)
                for (int i = 0; i < 3; ++i) {
                    std::fill(re, re + nq, 0.0);
                    std::fill(im, im + nq, 0.0);
                    for (int b = 0; b < sites_; ++b)
                        for (int j = 0; j < 3; ++j) {
                            const double* vr = &m_re[std::size_t((b * 3 + j) * block)];
                            const double* vi = &m_im[std::size_t((b * 3 + j) * block)];
                            if (a == b) {  // a real kernel
                                const double* kt = &kd_[std::size_t((a * 6 + sym[i][j]) * np + q0)];
#pragma omp simd
                                for (std::int64_t t = 0; t < nq; ++t) {
                                    re[t] += kt[t] * vr[t];
                                    im[t] += kt[t] * vi[t];
                                }
                                continue;
                            }
                            // The pair (a, b) is stored once, for a < b; (b, a) is its
                            // conjugate. Written out rather than std::complex's operator*, whose
                            // checks for infinities cost a library call per product.
                            const int lo = std::min(a, b), hi = std::max(a, b);
                            const int pair = lo * (sites_ - 1) - lo * (lo - 1) / 2 + (hi - lo - 1);
                            const double sign = a > b ? -1.0 : 1.0;
                            const double* kt = reinterpret_cast<const double*>(
                                &ko_[std::size_t((pair * 6 + sym[i][j]) * np + q0)]);
#pragma omp simd
                            for (std::int64_t t = 0; t < nq; ++t) {
                                const double tr = kt[2 * t], ti = sign * kt[2 * t + 1];
                                re[t] += tr * vr[t] - ti * vi[t];
                                im[t] += tr * vi[t] + ti * vr[t];
                            }
                        }
                    Complex* out = &spectral[at(a * 3 + i)];
                    for (std::int64_t t = 0; t < nq; ++t)
                        out[t] = Complex(re[t], im[t]);
                }
        }
    }
}

}  // namespace miniasd::dipole
