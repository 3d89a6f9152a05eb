#include "spectra/fourier_sums.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace miniasd {

namespace {

constexpr double two_pi = 6.283185307179586476925286766559;

// The bits of a double: for values of one binade, a linear function of the value, so adding the
// bits of (t + magic) adds the terms rounded to the grid, as integers.
inline std::uint64_t bits(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// exp(-i 2 pi a): the phase of fraction `a` of a turn.
inline void phase(double a, double& re, double& im) {
    const double t = -two_pi * a;
    re = std::cos(t);
    im = std::sin(t);
}

}  // namespace

FourierSums::FourierSums(const Lattice& l, const LocalSystem& sys, const std::vector<char>& counted,
                         std::vector<Vec3> hkl, std::int64_t atoms)
    : hkl_(std::move(hkl)), basis_(l.basis) {
    // The grid: 2^(E - 1) >= every atom of the system, so |any partial sum| < 2^(E + 1).
    int e = 1;
    while (std::ldexp(1.0, e - 1) < double(std::max<std::int64_t>(atoms, 1)))
        ++e;
    magic_ = 1.5 * std::ldexp(1.0, e);
    // The summed atoms by (cz, cy, site, cx): a key of 8 bytes and a local index of 4 each
    // while they are sorted (the lasting arrays take 32 bytes an atom).
    const std::int64_t nx = l.cells[0], ny = l.cells[1], sites = l.sites();
    std::vector<std::pair<std::int64_t, std::int32_t>> order;
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        if (!counted[std::size_t(sys.material[std::size_t(i)])]) continue;
        std::int64_t cx, cy, cz;
        int site;
        l.decode(sys.gid[std::size_t(i)], cx, cy, cz, site);
        order.emplace_back(((cz * ny + cy) * sites + site) * nx + cx, std::int32_t(i));
    }
    std::sort(order.begin(), order.end());
    if (order.empty()) return;
    struct Atom {
        std::int64_t cz, cy;
        int site;
        std::int64_t cx;
        std::int32_t local;
    };
    auto atom = [&](std::size_t j) {
        const std::int64_t key = order[j].first;
        const std::int64_t row = key / nx;
        return Atom{row / sites / ny, row / sites % ny, int(row % sites), key % nx,
                    order[j].second};
    };
    std::int64_t x1 = atom(0).cx, y1 = atom(0).cy, z1 = atom(0).cz;
    x0_ = x1, y0_ = y1, z0_ = z1;
    for (std::size_t j = 0; j < order.size(); ++j) {
        const Atom a = atom(j);
        x0_ = std::min(x0_, a.cx), x1 = std::max(x1, a.cx);
        y0_ = std::min(y0_, a.cy), y1 = std::max(y1, a.cy);
        z0_ = std::min(z0_, a.cz), z1 = std::max(z1, a.cz);
    }
    nx_ = x1 - x0_ + 1, ny_ = y1 - y0_ + 1, nz_ = z1 - z0_ + 1;
    local_.reserve(order.size());
    x_.reserve(order.size());
    std::int64_t row_first_x = 0;
    for (std::size_t j = 0; j < order.size(); ++j) {
        const Atom a = atom(j);
        if (rows_.empty() || rows_.back().cy != a.cy || rows_.back().cz != a.cz ||
            rows_.back().site != a.site) {
            rows_.push_back({a.cy, a.cz, a.site, std::int64_t(j), std::int64_t(j), true});
            row_first_x = a.cx;
        }
        rows_.back().end = std::int64_t(j) + 1;
        // Strictly increasing cells: the row is whole when its last is as far from its first.
        rows_.back().contiguous = a.cx - row_first_x == std::int64_t(j) - rows_.back().begin;
        local_.push_back(a.local);
        x_.push_back(std::int32_t(a.cx - x0_));
    }
    sx_.resize(local_.size()), sy_.resize(local_.size()), sz_.resize(local_.size());
}

void FourierSums::compute(const Spins& s, std::vector<double>& out) {
    out.assign(6 * hkl_.size(), 0.0);
    const std::int64_t n = atoms();
    for (std::int64_t j = 0; j < n; ++j) {
        const std::size_t i = std::size_t(local_[std::size_t(j)]);
        sx_[std::size_t(j)] = s.x[i], sy_[std::size_t(j)] = s.y[i], sz_[std::size_t(j)] = s.z[i];
    }
    if (n == 0) return;
    const std::int64_t nq = std::int64_t(hkl_.size());
    const double c = magic_;
    const double* sx = sx_.data();
    const double* sy = sy_.data();
    const double* sz = sz_.data();
    const std::int32_t* xs = x_.data();
#pragma omp parallel
    {
        std::vector<double> txr(static_cast<std::size_t>(nx_)), txi(static_cast<std::size_t>(nx_));
        std::vector<double> tyr(static_cast<std::size_t>(ny_)), tyi(static_cast<std::size_t>(ny_));
        std::vector<double> tzr(static_cast<std::size_t>(nz_)), tzi(static_cast<std::size_t>(nz_));
        std::vector<double> br(basis_.size()), bi(basis_.size());
#pragma omp for schedule(static)
        for (std::int64_t q = 0; q < nq; ++q) {
            const Vec3& h = hkl_[std::size_t(q)];
            // The tables: exp(-i 2 pi h cx) by global cell index, the same on every rank.
            for (std::int64_t x = 0; x < nx_; ++x)
                phase(h[0] * double(x0_ + x), txr[std::size_t(x)], txi[std::size_t(x)]);
            for (std::int64_t y = 0; y < ny_; ++y)
                phase(h[1] * double(y0_ + y), tyr[std::size_t(y)], tyi[std::size_t(y)]);
            for (std::int64_t z = 0; z < nz_; ++z)
                phase(h[2] * double(z0_ + z), tzr[std::size_t(z)], tzi[std::size_t(z)]);
            for (std::size_t b = 0; b < basis_.size(); ++b)
                phase(h[0] * basis_[b][0] + h[1] * basis_[b][1] + h[2] * basis_[b][2], br[b],
                      bi[b]);
            // Each term t is rounded to the grid by t + c (one binade: [2^E, 2^(E+1))), whose bits
            // are those of c plus t / grid: the integer sums of those bits, less c's once per
            // term, are the sums of the rounded terms, exact and in any order (modulo 2^64, so
            // the wrap of the large sums cancels).
            std::uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0;
            for (const Row& r : rows_) {
                // The row's phase: site x z-plane x y-row, in this order.
                const std::size_t b = std::size_t(r.site), y = std::size_t(r.cy - y0_),
                                  z = std::size_t(r.cz - z0_);
                const double zr = br[b] * tzr[z] - bi[b] * tzi[z];
                const double zi = br[b] * tzi[z] + bi[b] * tzr[z];
                const double rr = zr * tyr[y] - zi * tyi[y];
                const double ri = zr * tyi[y] + zi * tyr[y];
                // Exact sums of rounded terms: any order, so vector lanes may take them. A
                // whole row (every cell from its first on) reads the x table in order.
                if (r.contiguous) {
                    const double* cr = txr.data() + xs[r.begin];
                    const double* ci = txi.data() + xs[r.begin];
                    const std::int64_t n = r.end - r.begin;
                    const double* ax = sx + r.begin;
                    const double* ay = sy + r.begin;
                    const double* az = sz + r.begin;
#pragma omp simd reduction(+ : a0, a1, a2, a3, a4, a5)
                    for (std::int64_t j = 0; j < n; ++j) {
                        const double pr = rr * cr[j] - ri * ci[j];
                        const double pi = rr * ci[j] + ri * cr[j];
                        a0 += bits(pr * ax[j] + c);
                        a1 += bits(pi * ax[j] + c);
                        a2 += bits(pr * ay[j] + c);
                        a3 += bits(pi * ay[j] + c);
                        a4 += bits(pr * az[j] + c);
                        a5 += bits(pi * az[j] + c);
                    }
                    continue;
                }
#pragma omp simd reduction(+ : a0, a1, a2, a3, a4, a5)
                for (std::int64_t j = r.begin; j < r.end; ++j) {
                    const std::int32_t x = xs[j];
                    const double pr = rr * txr[std::size_t(x)] - ri * txi[std::size_t(x)];
                    const double pi = rr * txi[std::size_t(x)] + ri * txr[std::size_t(x)];
                    a0 += bits(pr * sx[j] + c);
                    a1 += bits(pi * sx[j] + c);
                    a2 += bits(pr * sy[j] + c);
                    a3 += bits(pi * sy[j] + c);
                    a4 += bits(pr * sz[j] + c);
                    a5 += bits(pi * sz[j] + c);
                }
            }
            const std::uint64_t offset = bits(c) * std::uint64_t(n);
            const double g = grid();
            double* o = out.data() + 6 * q;
            const std::uint64_t a[6] = {a0, a1, a2, a3, a4, a5};
            for (int k = 0; k < 6; ++k)
                o[k] = double(static_cast<std::int64_t>(a[k] - offset)) * g;
        }
    }
}

}  // namespace miniasd
