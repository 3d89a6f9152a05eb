#include "spectra/grid_sums.hpp"

#include <cmath>

namespace miniasd {

GridSums::GridSums(const Lattice& l, const LocalSystem& sys, const std::vector<char>& counted,
                   const parallel::Comm& comm)
    : cells_(l.cells), basis_(l.basis) {
    const std::array<int, 3> lengths{int(cells_[0]), int(cells_[1]), int(cells_[2])};
    fft_ = std::make_unique<dipole::SlabFft>(cells_, lengths, comm);
    routes_ = std::make_unique<dipole::SlabRoutes>(l, sys, *fft_, comm);
    counted_.resize(std::size_t(sys.n_owned));
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        counted_[std::size_t(i)] = counted[std::size_t(sys.material[std::size_t(i)])];
    values_.assign(3 * std::size_t(sys.n_owned), 0.0);
    real_.assign(std::size_t(3 * l.sites() * routes_->slab_cells()), 0.0);
    // The wave vectors of this rank's spectral slab (h <= 1/2), then their partners -q.
    const std::int64_t nx = cells_[0], ny = cells_[1], nz = cells_[2], hx = fft_->half_x();
    const parallel::CellRange ky = fft_->ky();
    for (int partner = 0; partner < 2; ++partner)
        for (std::int64_t z = 0; z < nz; ++z)
            for (std::int64_t y = ky.begin; y < ky.end; ++y)
                for (std::int64_t x = partner ? 1 : 0; partner ? 2 * x < nx : x < hx; ++x) {
                    const std::int64_t point = z * fft_->columns() + (y - ky.begin) * hx + x;
                    const std::int64_t q =
                        partner ? (((nz - z) % nz * ny + (ny - y) % ny) * nx + (nx - x))
                                : ((z * ny + y) * nx + x);
                    takes_.push_back({point, partner == 1, q});
                    owned_.push_back(q);
                }
}

GridSums::~GridSums() = default;

void GridSums::compute(const Spins& s, std::vector<double>& out) {
    for (std::size_t i = 0; i < counted_.size(); ++i)
        if (counted_[i]) {
            values_[3 * i] = s.x[i];
            values_[3 * i + 1] = s.y[i];
            values_[3 * i + 2] = s.z[i];
        }
    routes_->to_slabs(values_.data(), real_.data());
    const int sites = int(basis_.size()), grids = 3 * sites;
    fft_->forward(real_.data(), grids, cells_, spectral_);
    out.assign(6 * takes_.size(), 0.0);
    const double two_pi = 6.283185307179586476925286766559;
    const std::int64_t nx = cells_[0], ny = cells_[1];
#pragma omp parallel for schedule(static)
    for (std::int64_t k = 0; k < std::int64_t(takes_.size()); ++k) {
        const Take& t = takes_[std::size_t(k)];
        const double h = double(t.q % nx) / double(nx), kk = double(t.q / nx % ny) / double(ny),
                     l = double(t.q / nx / ny) / double(cells_[2]);
        double m[6] = {0, 0, 0, 0, 0, 0};
        for (int site = 0; site < sites; ++site) {  // in order: the same bits everywhere
            const Vec3& f = basis_[std::size_t(site)];
            const double angle = -two_pi * (h * f[0] + kk * f[1] + l * f[2]);
            const double br = std::cos(angle), bi = std::sin(angle);
            for (int a = 0; a < 3; ++a) {
                const dipole::Complex v =
                    spectral_[std::size_t(fft_->spectral_index(site * 3 + a, t.point, grids))];
                const double vr = v.real(), vi = t.conjugate ? -v.imag() : v.imag();
                m[2 * a] += br * vr - bi * vi;
                m[2 * a + 1] += br * vi + bi * vr;
            }
        }
        for (int c = 0; c < 6; ++c)
            out[6 * std::size_t(k) + std::size_t(c)] = m[c];
    }
}

std::int64_t GridSums::bytes() const {
    return std::int64_t((values_.size() + real_.size()) * sizeof(double) +
                        spectral_.capacity() * sizeof(dipole::Complex) +
                        takes_.size() * (sizeof(Take) + sizeof(std::int64_t))) +
           routes_->bytes();
}

}  // namespace miniasd
