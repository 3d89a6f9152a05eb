#include "dipole/slab_fft.hpp"

#include <algorithm>

#include "util/error.hpp"

namespace miniasd::dipole {

namespace {
using parallel::block_range;
using parallel::CellRange;

std::vector<int> doubles_per_rank(const std::vector<std::int64_t>& complex_counts) {
    std::vector<int> out(complex_counts.size());
    for (std::size_t r = 0; r < out.size(); ++r) {
        if (2 * complex_counts[r] > INT32_MAX)
            throw LocalError("dipole: a transpose message exceeds 2^31 values; use more ranks");
        out[r] = static_cast<int>(2 * complex_counts[r]);
    }
    return out;
}
}  // namespace

SlabFft::SlabFft(const std::array<std::int64_t, 3>& cells, const std::array<int, 3>& padded,
                 const parallel::Comm& comm)
    : n_(cells), p_(padded), comm_(comm) {
    for (int a = 0; a < 3; ++a)
        if (p_[a] < n_[a]) throw Error("dipole: a transform shorter than the box");
    r2c_ = std::make_unique<LinePlan>(LineKind::real_to_complex, p_[0]);
    c2r_ = std::make_unique<LinePlan>(LineKind::complex_to_real, p_[0]);
    y_fwd_ = std::make_unique<LinePlan>(LineKind::forward, p_[1]);
    y_bwd_ = std::make_unique<LinePlan>(LineKind::backward, p_[1]);
    z_fwd_ = std::make_unique<LinePlan>(LineKind::forward, p_[2]);
    z_bwd_ = std::make_unique<LinePlan>(LineKind::backward, p_[2]);
}

SlabFft::~SlabFft() = default;

CellRange SlabFft::planes(std::int64_t planes) const {
    return block_range(planes, comm_.size(), comm_.rank());
}

CellRange SlabFft::ky() const {
    return block_range(p_[1], comm_.size(), comm_.rank());
}

void SlabFft::forward(const double* real, int grids, const std::array<std::int64_t, 3>& extent,
                      std::vector<Complex>& spectral) {
    const std::int64_t nzl = planes(extent[2]).size(), ex = extent[0], ey = extent[1];
    const std::int64_t hx = half_x(), py = p_[1], px = p_[0];
    // Rows below ey are written below; only the padding rows need zeros (the inverse leaves
    // values there).
    slab_.resize(std::size_t(grids * nzl * py * hx));
    for (std::int64_t gz = 0; gz < grids * nzl; ++gz)
        std::fill(&slab_[std::size_t((gz * py + ey) * hx)], &slab_[std::size_t((gz + 1) * py * hx)],
                  Complex(0, 0));
    const std::int64_t lines = grids * nzl * ey;
#pragma omp parallel
    {
        LineBuffer in(p_[0]), out(p_[0]);
#pragma omp for schedule(static)
        for (std::int64_t l = 0; l < lines; ++l) {
            // Line l is (grid, plane, row) in order: its values start at l * ex.
            double* b = in.real();
            std::copy(real + l * ex, real + (l + 1) * ex, b);
            std::fill(b + ex, b + px, 0.0);
            r2c_->run(in, out);
            const std::int64_t gz = l / ey, y = l % ey;
            std::copy(out.data(), out.data() + hx, &slab_[std::size_t((gz * py + y) * hx)]);
        }
    }
    lines_y(grids, nzl, LineKind::forward);
    transpose_out(grids, extent[2], spectral);
    lines_z(spectral, grids, *z_fwd_);
}

void SlabFft::inverse(std::vector<Complex>& spectral, int grids, double* real) {
    const std::int64_t hx = half_x();
    lines_z(spectral, grids, *z_bwd_);
    transpose_back(spectral, grids);
    const std::int64_t nzl = planes(n_[2]).size();
    lines_y(grids, nzl, LineKind::backward);
    const std::int64_t nx = n_[0], ny = n_[1], py = p_[1];
    const std::int64_t lines = grids * nzl * ny;
#pragma omp parallel
    {
        LineBuffer in(p_[0]), out(p_[0]);
#pragma omp for schedule(static)
        for (std::int64_t l = 0; l < lines; ++l) {
            const std::int64_t gz = l / ny, y = l % ny;
            const Complex* src = &slab_[std::size_t((gz * py + y) * hx)];
            std::copy(src, src + hx, in.data());
            c2r_->run(in, out);
            std::copy(out.real(), out.real() + nx, real + l * nx);
        }
    }
}

// The z lines of the spectral layout, contiguous, one (grid, ky, kx) at a time.
void SlabFft::lines_z(std::vector<Complex>& spectral, int grids, const LinePlan& plan) {
    const std::int64_t pz = p_[2];
    const std::int64_t lines = grids * ky().size() * half_x();
#pragma omp parallel
    {
        LineBuffer in(p_[2]), out(p_[2]);
#pragma omp for schedule(static)
        for (std::int64_t l = 0; l < lines; ++l) {
            Complex* line = &spectral[std::size_t(l * pz)];
            std::copy(line, line + pz, in.data());
            plan.run(in, out);
            std::copy(out.data(), out.data() + pz, line);
        }
    }
}

// The y lines of the slab (stride half_x), one (grid, plane, kx) at a time.
void SlabFft::lines_y(int grids, std::int64_t planes, LineKind kind) {
    const LinePlan& plan = kind == LineKind::forward ? *y_fwd_ : *y_bwd_;
    const std::int64_t hx = half_x(), py = p_[1];
    const std::int64_t lines = grids * planes * hx;
#pragma omp parallel
    {
        LineBuffer in(p_[1]), out(p_[1]);
#pragma omp for schedule(static)
        for (std::int64_t l = 0; l < lines; ++l) {
            Complex* base = &slab_[std::size_t((l / hx) * py * hx + l % hx)];
            for (std::int64_t y = 0; y < py; ++y)
                in.data()[y] = base[y * hx];
            plan.run(in, out);
            for (std::int64_t y = 0; y < py; ++y)
                base[y * hx] = out.data()[y];
        }
    }
}

// Slab [g][z][ky][kx] (my planes of zext) -> spectral [g][my ky][kx][kz], kz < pz, zero-padded.
void SlabFft::transpose_out(int grids, std::int64_t zext, std::vector<Complex>& spectral) {
    const int ranks = comm_.size(), me = comm_.rank();
    const std::int64_t hx = half_x(), py = p_[1], pz = p_[2];
    const std::int64_t nzl = planes(zext).size();
    const CellRange mine = ky();
    std::vector<std::int64_t> send(ranks), recv(ranks);
    for (int r = 0; r < ranks; ++r) {
        send[r] = grids * nzl * block_range(py, ranks, r).size() * hx;
        recv[r] = grids * block_range(zext, ranks, r).size() * mine.size() * hx;
        if (r != me) sent_bytes_ += send[r] * std::int64_t(sizeof(Complex));
    }
    send_.resize(std::size_t(grids * nzl * py * hx));
    Complex* at = send_.data();
    for (int r = 0; r < ranks; ++r) {
        const CellRange yr = block_range(py, ranks, r);
        for (std::int64_t gz = 0; gz < grids * nzl; ++gz) {
            const Complex* src = &slab_[std::size_t((gz * py + yr.begin) * hx)];
            at = std::copy(src, src + yr.size() * hx, at);
        }
    }
    std::int64_t total = 0;
    for (std::int64_t c : recv)
        total += c;
    recv_.resize(std::size_t(total));
    comm_.all_to_all(reinterpret_cast<const double*>(send_.data()), doubles_per_rank(send),
                     reinterpret_cast<double*>(recv_.data()), doubles_per_rank(recv));
    // Planes below zext are written below; only the padding planes need zeros.
    spectral.resize(std::size_t(grids * mine.size() * hx * pz));
    for (std::int64_t line = 0; line < grids * mine.size() * hx; ++line)
        std::fill(&spectral[std::size_t(line * pz + zext)], &spectral[std::size_t((line + 1) * pz)],
                  Complex(0, 0));
    const Complex* from = recv_.data();
    for (int s = 0; s < ranks; ++s) {
        const CellRange zs = block_range(zext, ranks, s);
        for (std::int64_t g = 0; g < grids; ++g)
            for (std::int64_t z = zs.begin; z < zs.end; ++z)
                for (std::int64_t k = 0; k < mine.size() * hx; ++k)
                    spectral[std::size_t(((g * mine.size()) * hx + k) * pz + z)] = *from++;
    }
}

// Spectral [g][my ky][kx][kz] -> slab [g][z][ky][kx] of my planes of the real box.
void SlabFft::transpose_back(const std::vector<Complex>& spectral, int grids) {
    const int ranks = comm_.size(), me = comm_.rank();
    const std::int64_t hx = half_x(), py = p_[1], pz = p_[2], nz = n_[2];
    const CellRange mine = ky();
    const CellRange my_planes = planes(nz);
    std::vector<std::int64_t> send(ranks), recv(ranks);
    for (int r = 0; r < ranks; ++r) {
        send[r] = grids * mine.size() * hx * block_range(nz, ranks, r).size();
        recv[r] = grids * block_range(py, ranks, r).size() * hx * my_planes.size();
        if (r != me) sent_bytes_ += send[r] * std::int64_t(sizeof(Complex));
    }
    send_.resize(std::size_t(grids * mine.size() * hx * nz));
    Complex* at = send_.data();
    for (int r = 0; r < ranks; ++r) {
        const CellRange zr = block_range(nz, ranks, r);
        for (std::int64_t line = 0; line < grids * mine.size() * hx; ++line) {
            const Complex* src = &spectral[std::size_t(line * pz + zr.begin)];
            at = std::copy(src, src + zr.size(), at);
        }
    }
    std::int64_t total = 0;
    for (std::int64_t c : recv)
        total += c;
    recv_.resize(std::size_t(total));
    comm_.all_to_all(reinterpret_cast<const double*>(send_.data()), doubles_per_rank(send),
                     reinterpret_cast<double*>(recv_.data()), doubles_per_rank(recv));
    const std::int64_t nzl = my_planes.size();
    slab_.resize(std::size_t(grids * nzl * py * hx));  // every value is written below
    const Complex* from = recv_.data();
    for (int s = 0; s < ranks; ++s) {
        const CellRange ys = block_range(py, ranks, s);
        for (std::int64_t g = 0; g < grids; ++g)
            for (std::int64_t y = ys.begin; y < ys.end; ++y)
                for (std::int64_t kx = 0; kx < hx; ++kx)
                    for (std::int64_t z = 0; z < nzl; ++z)
                        slab_[std::size_t(((g * nzl + z) * py + y) * hx + kx)] = *from++;
    }
}

}  // namespace miniasd::dipole
