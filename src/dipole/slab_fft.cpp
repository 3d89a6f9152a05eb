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

// Rows 0..rows-1 of `count` values at `base + row * stride` into `to`, kLanes values a row
// (value j of lane l at j * kLanes + l, the interleaved layout); lanes past `count` and rows from
// `rows` to `length` are zeros.
template <int lanes>
void gather_rows(const Complex* base, std::int64_t stride, std::int64_t count, std::int64_t rows,
                 std::int64_t length, Complex* to) {
    for (std::int64_t row = 0; row < length; ++row, to += lanes) {
        const Complex* from = base + row * stride;
        if (row < rows && count == lanes) {
            for (int l = 0; l < lanes; ++l)  // a fixed count: unrolled, no library call
                to[l] = from[l];
        } else {
            for (int l = 0; l < lanes; ++l)
                to[l] = row < rows && l < count ? from[l] : Complex(0, 0);
        }
    }
}

// The inverse of gather_rows for rows 0..rows-1.
template <int lanes>
void scatter_rows(const Complex* from, std::int64_t count, std::int64_t rows, Complex* base,
                  std::int64_t stride) {
    for (std::int64_t row = 0; row < rows; ++row, from += lanes) {
        Complex* to = base + row * stride;
        if (count == lanes) {
            for (int l = 0; l < lanes; ++l)
                to[l] = from[l];
        } else {
            for (std::int64_t l = 0; l < count; ++l)
                to[l] = from[l];
        }
    }
}
}  // namespace

SlabFft::SlabFft(const std::array<std::int64_t, 3>& cells, const std::array<int, 3>& padded,
                 const parallel::Comm& comm)
    : n_(cells), p_(padded), comm_(comm) {
    for (int a = 0; a < 3; ++a)
        if (p_[a] < n_[a]) throw Error("dipole: a transform shorter than the box");
    using L = LineLayout;
    r2c_ = std::make_unique<LinePlan>(LineKind::real_to_complex, p_[0], kLanes, L::contiguous);
    c2r_ = std::make_unique<LinePlan>(LineKind::complex_to_real, p_[0], kLanes, L::contiguous);
    y_fwd_ = std::make_unique<LinePlan>(LineKind::forward, p_[1], kLanes, L::interleaved);
    y_bwd_ = std::make_unique<LinePlan>(LineKind::backward, p_[1], kLanes, L::interleaved);
    z_fwd_ = std::make_unique<LinePlan>(LineKind::forward, p_[2], kLanes, L::interleaved);
    z_bwd_ = std::make_unique<LinePlan>(LineKind::backward, p_[2], kLanes, L::interleaved);
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
    const std::int64_t lines = grids * nzl * ey, batches = (lines + kLanes - 1) / kLanes;
    // Whole rows (no padding along x or y) in aligned arrays: a full batch is transformed where
    // it lies, with the same plan, so with the same bits, and without two copies.
    const bool direct = ex == px && ey == py && plan_aligned(real) && plan_aligned(slab_.data());
#pragma omp parallel
    {
        LineBuffer in(p_[0] * kLanes), out(p_[0] * kLanes);
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < batches; ++b) {
            if (direct && (b + 1) * kLanes <= lines) {
                r2c_->run_r2c(real + b * kLanes * px, &slab_[std::size_t(b * kLanes * hx)]);
                continue;
            }
            // Line l is (grid, plane, row) in order: its values start at l * ex. Lanes past the
            // last line are zeros.
            for (std::int64_t lane = 0; lane < kLanes; ++lane) {
                const std::int64_t l = b * kLanes + lane;
                double* to = in.real() + lane * px;
                if (l < lines) to = std::copy(real + l * ex, real + (l + 1) * ex, to);
                std::fill(to, in.real() + (lane + 1) * px, 0.0);
            }
            r2c_->run(in, out);
            for (std::int64_t lane = 0; lane < kLanes && b * kLanes + lane < lines; ++lane) {
                const std::int64_t l = b * kLanes + lane, gz = l / ey, y = l % ey;
                const Complex* from = out.data() + lane * hx;
                std::copy(from, from + hx, &slab_[std::size_t((gz * py + y) * hx)]);
            }
        }
    }
    lines_y(grids, nzl, LineKind::forward);
    transpose_out(grids, extent[2], spectral);
    lines_z(spectral, grids, *z_fwd_, extent[2], p_[2]);
}

void SlabFft::inverse(std::vector<Complex>& spectral, int grids, double* real) {
    const std::int64_t hx = half_x();
    lines_z(spectral, grids, *z_bwd_, p_[2], n_[2]);
    transpose_back(spectral, grids);
    const std::int64_t nzl = planes(n_[2]).size();
    lines_y(grids, nzl, LineKind::backward);
    const std::int64_t nx = n_[0], ny = n_[1], py = p_[1], px = p_[0];
    const std::int64_t lines = grids * nzl * ny, batches = (lines + kLanes - 1) / kLanes;
    const bool direct = nx == px && ny == py && plan_aligned(real) && plan_aligned(slab_.data());
#pragma omp parallel
    {
        LineBuffer in(p_[0] * kLanes), out(p_[0] * kLanes);
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < batches; ++b) {
            if (direct && (b + 1) * kLanes <= lines) {  // as in forward; overwrites the slab
                c2r_->run_c2r(&slab_[std::size_t(b * kLanes * hx)], real + b * kLanes * px);
                continue;
            }
            for (std::int64_t lane = 0; lane < kLanes; ++lane) {
                const std::int64_t l = b * kLanes + lane, gz = l / ny, y = l % ny;
                Complex* to = in.data() + lane * hx;
                if (l < lines) {
                    const Complex* src = &slab_[std::size_t((gz * py + y) * hx)];
                    std::copy(src, src + hx, to);
                } else {
                    std::fill(to, to + hx, Complex(0, 0));
                }
            }
            c2r_->run(in, out);
            for (std::int64_t lane = 0; lane < kLanes && b * kLanes + lane < lines; ++lane) {
                const std::int64_t l = b * kLanes + lane;
                const double* from = out.real() + lane * px;
                std::copy(from, from + nx, real + l * nx);
            }
        }
    }
}

// The z lines of the spectral layout [kz][grid][column] (stride grids * columns), kLanes
// neighbouring columns of one grid at a time, interleaved. Planes from z_in up are zeros going in;
// planes from z_out up are not written back (the inverse needs only the box's).
void SlabFft::lines_z(std::vector<Complex>& spectral, int grids, const LinePlan& plan,
                      std::int64_t z_in, std::int64_t z_out) {
    const std::int64_t pz = p_[2], cols = columns(), plane = grids * cols;
    const std::int64_t per_grid = (cols + kLanes - 1) / kLanes, batches = grids * per_grid;
#pragma omp parallel
    {
        LineBuffer in(p_[2] * kLanes), out(p_[2] * kLanes);
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < batches; ++b) {
            const std::int64_t c0 = (b % per_grid) * kLanes;
            const std::int64_t count = std::min<std::int64_t>(kLanes, cols - c0);
            Complex* base = spectral.data() + (b / per_grid) * cols + c0;
            gather_rows<kLanes>(base, plane, count, z_in, pz, in.data());
            plan.run(in, out);
            scatter_rows<kLanes>(out.data(), count, z_out, base, plane);
        }
    }
}

// The y lines of the slab (stride half_x), kLanes neighbouring kx of one (grid, plane) at a time,
// interleaved so that a row's kLanes values travel together.
void SlabFft::lines_y(int grids, std::int64_t planes, LineKind kind) {
    const LinePlan& plan = kind == LineKind::forward ? *y_fwd_ : *y_bwd_;
    const std::int64_t hx = half_x(), py = p_[1];
    const std::int64_t per_plane = (hx + kLanes - 1) / kLanes, batches = grids * planes * per_plane;
#pragma omp parallel
    {
        LineBuffer in(p_[1] * kLanes), out(p_[1] * kLanes);
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < batches; ++b) {
            const std::int64_t kx0 = (b % per_plane) * kLanes;
            const std::int64_t count = std::min<std::int64_t>(kLanes, hx - kx0);
            Complex* base = &slab_[std::size_t((b / per_plane) * py * hx + kx0)];
            gather_rows<kLanes>(base, hx, count, py, py, in.data());
            plan.run(in, out);
            scatter_rows<kLanes>(out.data(), count, py, base, hx);
        }
    }
}

// Slab [g][z][ky][kx] (my planes of zext) -> spectral [z][g][my ky][kx] for z < zext: each rank's
// planes arrive whole and in order, so the exchange writes straight into the spectral layout.
void SlabFft::transpose_out(int grids, std::int64_t zext, std::vector<Complex>& spectral) {
    const int ranks = comm_.size(), me = comm_.rank();
    const std::int64_t hx = half_x(), py = p_[1];
    const std::int64_t nzl = planes(zext).size();
    std::vector<std::int64_t> send(ranks), recv(ranks);
    for (int r = 0; r < ranks; ++r) {
        send[r] = grids * nzl * block_range(py, ranks, r).size() * hx;
        recv[r] = grids * block_range(zext, ranks, r).size() * columns();
        if (r != me) sent_bytes_ += send[r] * std::int64_t(sizeof(Complex));
    }
    // On one rank the packed planes are the spectral layout: they go there with no exchange.
    spectral.resize(std::size_t(p_[2] * grids * columns()));  // planes from zext: lines_z
    if (ranks > 1) send_.resize(std::size_t(grids * nzl * py * hx));
    Complex* at = ranks > 1 ? send_.data() : spectral.data();
    for (int r = 0; r < ranks; ++r) {
        const CellRange yr = block_range(py, ranks, r);
        for (std::int64_t z = 0; z < nzl; ++z)
            for (std::int64_t g = 0; g < grids; ++g) {
                const Complex* src = &slab_[std::size_t(((g * nzl + z) * py + yr.begin) * hx)];
                at = std::copy(src, src + yr.size() * hx, at);
            }
    }
    if (ranks == 1) return;
    comm_.all_to_all(reinterpret_cast<const double*>(send_.data()), doubles_per_rank(send),
                     reinterpret_cast<double*>(spectral.data()), doubles_per_rank(recv));
}

// Spectral [z][g][my ky][kx] -> slab [g][z][ky][kx] of my planes of the real box: each rank's
// planes leave whole and in order, straight from the spectral layout.
void SlabFft::transpose_back(const std::vector<Complex>& spectral, int grids) {
    const int ranks = comm_.size(), me = comm_.rank();
    const std::int64_t hx = half_x(), py = p_[1], nz = n_[2];
    const std::int64_t nzl = planes(nz).size();
    std::vector<std::int64_t> send(ranks), recv(ranks);
    for (int r = 0; r < ranks; ++r) {
        send[r] = grids * columns() * block_range(nz, ranks, r).size();
        recv[r] = grids * block_range(py, ranks, r).size() * hx * nzl;
        if (r != me) sent_bytes_ += send[r] * std::int64_t(sizeof(Complex));
    }
    const Complex* from = spectral.data();  // on one rank, the spectral layout is the message
    if (ranks > 1) {
        recv_.resize(std::size_t(grids * nzl * py * hx));
        comm_.all_to_all(reinterpret_cast<const double*>(spectral.data()), doubles_per_rank(send),
                         reinterpret_cast<double*>(recv_.data()), doubles_per_rank(recv));
        from = recv_.data();
    }
    slab_.resize(std::size_t(grids * nzl * py * hx));  // every value is written below
    for (int s = 0; s < ranks; ++s) {
        const CellRange ys = block_range(py, ranks, s);
        for (std::int64_t z = 0; z < nzl; ++z)
            for (std::int64_t g = 0; g < grids; ++g, from += ys.size() * hx)
                std::copy(from, from + ys.size() * hx,
                          &slab_[std::size_t(((g * nzl + z) * py + ys.begin) * hx)]);
    }
}

}  // namespace miniasd::dipole
