// The distributed FFT of the dipolar convolution (src/dipole/slab_fft.hpp) and its batched line
// plans (src/dipole/line_fft.hpp):
// - every lane of a batched plan gives the bits of lane 0 for the same line, whatever the other
//   lanes hold (the decomposition-independence argument rests on it), and the discrete Fourier
//   transform's value to 1e-13 of the line's sum of magnitudes;
// - the 3-D forward transform of a zero-padded grid equals the DFT summed directly, point by point
//   in the documented spectral layout, on every sub-communicator of 1 to P ranks;
// - inverse(forward(f)) = px py pz f on the box;
// - whole rows transformed where they lie (aligned arrays) give the bits of copied ones.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <random>
#include <vector>

#include "dipole/line_fft.hpp"
#include "dipole/slab_fft.hpp"
#include "parallel/comm.hpp"

using namespace miniasd;
using dipole::Complex;

namespace {

const double two_pi = 2 * std::acos(-1.0);

// Every size kind of the solver: powers of two, odd, and mixed radices.
const int sizes[] = {1, 2, 5, 8, 12, 21, 64, 70, 90};

TEST(LineFft, EveryLaneGivesTheBitsOfLaneZeroAndTheDft) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    using dipole::LineKind;
    using dipole::LineLayout;
    for (int n : sizes)
        for (LineKind kind : {LineKind::real_to_complex, LineKind::complex_to_real,
                              LineKind::forward, LineKind::backward})
            for (LineLayout layout : {LineLayout::contiguous, LineLayout::interleaved}) {
                const bool real =
                    kind == LineKind::real_to_complex || kind == LineKind::complex_to_real;
                if (real && layout == LineLayout::interleaved) continue;
                const int lanes = 8, half = n / 2 + 1;
                const dipole::LinePlan plan(kind, n, lanes, layout);
                dipole::LineBuffer in(n * lanes), out(n * lanes);
                // The complex input of c2r is a real line's spectrum (Hermitian).
                std::vector<double> line(static_cast<std::size_t>(n));
                for (double& v : line)
                    v = u(rng);
                std::vector<Complex> cline(static_cast<std::size_t>(n));
                for (int k = 0; k < n; ++k) {
                    Complex s = 0;
                    for (int j = 0; j < n; ++j)
                        s += line[std::size_t(j)] * std::polar(1.0, -two_pi * double(k) * j / n);
                    cline[std::size_t(k)] = kind == LineKind::complex_to_real
                                                ? s
                                                : Complex(line[std::size_t(k)], u(rng));
                }
                std::vector<Complex> first;
                for (int lane = 0; lane < lanes; ++lane) {
                    for (int v = 0; v < 2 * n * lanes; ++v)  // other lanes: noise
                        in.real()[v] = u(rng);
                    for (int j = 0; j < n; ++j) {
                        if (kind == LineKind::real_to_complex)
                            in.real()[lane * n + j] = line[std::size_t(j)];
                        else if (kind == LineKind::complex_to_real && j < half)
                            in.data()[lane * half + j] = cline[std::size_t(j)];
                        else if (!real)
                            in.data()[layout == LineLayout::interleaved ? j * lanes + lane
                                                                        : lane * n + j] =
                                cline[std::size_t(j)];
                    }
                    plan.run(in, out);
                    std::vector<Complex> got;
                    for (int j = 0; j < (kind == LineKind::real_to_complex ? half : n); ++j) {
                        if (kind == LineKind::complex_to_real)
                            got.emplace_back(out.real()[lane * n + j], 0.0);
                        else if (kind == LineKind::real_to_complex)
                            got.push_back(out.data()[lane * half + j]);
                        else
                            got.push_back(
                                out.data()[layout == LineLayout::interleaved ? j * lanes + lane
                                                                             : lane * n + j]);
                    }
                    if (lane == 0) {
                        first = got;
                        // The DFT, summed directly.
                        const double sign =
                            kind == LineKind::forward || kind == LineKind::real_to_complex ? -1.0
                                                                                           : 1.0;
                        double scale = 0;
                        for (int j = 0; j < n; ++j)
                            scale += std::abs(kind == LineKind::complex_to_real
                                                  ? cline[std::size_t(j)]
                                                  : Complex(line[std::size_t(j)]));
                        for (std::size_t k = 0; k < got.size(); ++k) {
                            Complex s = 0;
                            for (int j = 0; j < n; ++j) {
                                const Complex x = kind == LineKind::real_to_complex
                                                      ? Complex(line[std::size_t(j)])
                                                      : cline[std::size_t(j)];
                                s += x * std::polar(1.0, sign * two_pi * double(k) * j / n);
                            }
                            if (kind == LineKind::complex_to_real) s = s.real();
                            EXPECT_LE(std::abs(got[k] - s), 1e-13 * (scale + 1))
                                << "n=" << n << " kind=" << int(kind) << " k=" << k;
                        }
                    } else {
                        ASSERT_EQ(0, std::memcmp(first.data(), got.data(),
                                                 first.size() * sizeof(Complex)))
                            << "n=" << n << " kind=" << int(kind) << " lane=" << lane;
                    }
                }
            }
}

// The grid's value at (x, y, z), zero outside the extent.
double value(int x, int y, int z) {
    return std::sin(1.3 * x + 0.7 * y * y - 0.4 * z) + 0.25 * (x == 1);
}

// `grids` grids (grid g: (g + 1) value) of this rank's planes `zr` of the box, in the real layout.
template <class Vector>
Vector real_layout(int grids, const parallel::CellRange& zr,
                   const std::array<std::int64_t, 3>& cells) {
    Vector real;
    for (int g = 0; g < grids; ++g)
        for (std::int64_t z = zr.begin; z < zr.end; ++z)
            for (int y = 0; y < cells[1]; ++y)
                for (int x = 0; x < cells[0]; ++x)
                    real.push_back((g + 1) * value(x, y, int(z)));
    return real;
}

TEST(SlabFft, ForwardIsTheDftOnEveryRankCountAndInverseReturnsTheGrid) {
    const parallel::Comm world = parallel::Comm::world();
    const std::array<std::int64_t, 3> cells{5, 3, 4};
    const std::array<int, 3> padded{10, 6, 7};
    const int grids = 2;
    for (int size = 1; size <= world.size(); ++size) {
        const parallel::Comm comm = world.split(world.rank() < size ? 0 : 1, world.rank());
        if (world.rank() >= size) continue;
        dipole::SlabFft fft(cells, padded, comm);
        const parallel::CellRange zr = fft.planes(cells[2]);
        const auto real = real_layout<std::vector<double>>(grids, zr, cells);
        std::vector<Complex> spectral;
        fft.forward(real.data(), grids, cells, spectral);
        ASSERT_EQ(spectral.size(), std::size_t(grids * fft.spectral_size()));
        const std::int64_t hx = fft.half_x(), cols = fft.columns();
        for (int g = 0; g < grids; ++g)
            for (std::int64_t point = 0; point < fft.spectral_size(); ++point) {
                const std::int64_t k[3] = {point % hx, fft.ky().begin + (point % cols) / hx,
                                           point / cols};
                Complex s = 0;
                for (int z = 0; z < cells[2]; ++z)
                    for (int y = 0; y < cells[1]; ++y)
                        for (int x = 0; x < cells[0]; ++x)
                            s += (g + 1) * value(x, y, z) *
                                 std::polar(1.0, -two_pi * (double(k[0] * x) / padded[0] +
                                                            double(k[1] * y) / padded[1] +
                                                            double(k[2] * z) / padded[2]));
                const Complex got = spectral[std::size_t(fft.spectral_index(g, point, grids))];
                ASSERT_LE(std::abs(got - s), 1e-12)
                    << size << " ranks, grid " << g << ", k = " << k[0] << " " << k[1] << " "
                    << k[2];
            }
        std::vector<double> back(real.size());
        fft.inverse(spectral, grids, back.data());
        const double n = double(padded[0]) * padded[1] * padded[2];
        for (std::size_t i = 0; i < real.size(); ++i)
            ASSERT_LE(std::abs(back[i] / n - real[i]), 1e-13) << size << " ranks, value " << i;
    }
}

// A periodic box's whole rows in aligned arrays are transformed where they lie (no copies); the
// same grid from a misaligned array goes through the copies. Both must give the same bits.
TEST(SlabFft, RowsTransformedWhereTheyLieGiveTheBitsOfTheCopiedOnes) {
    const parallel::Comm world = parallel::Comm::world();
    const std::array<std::int64_t, 3> cells{8, 6, 5};
    const std::array<int, 3> padded{8, 6, 5};
    const int grids = 3;
    dipole::SlabFft fft(cells, padded, world);
    const parallel::CellRange zr = fft.planes(cells[2]);
    auto aligned = real_layout<dipole::PlanVector<double>>(grids, zr, cells);
    std::vector<double> store(aligned.size() + 1);
    double* shifted = store.data() + (dipole::plan_aligned(store.data()) ? 1 : 0);
    ASSERT_FALSE(dipole::plan_aligned(shifted));
    ASSERT_TRUE(dipole::plan_aligned(aligned.data()));
    std::copy(aligned.begin(), aligned.end(), shifted);
    std::vector<Complex> direct, copied;
    fft.forward(aligned.data(), grids, cells, direct);
    fft.forward(shifted, grids, cells, copied);
    ASSERT_EQ(direct.size(), copied.size());
    EXPECT_EQ(0, std::memcmp(direct.data(), copied.data(), direct.size() * sizeof(Complex)));
    fft.inverse(direct, grids, aligned.data());
    fft.inverse(copied, grids, shifted);
    EXPECT_EQ(0, std::memcmp(aligned.data(), shifted, aligned.size() * sizeof(double)));
    const double n = double(padded[0]) * padded[1] * padded[2];
    const auto expected = real_layout<std::vector<double>>(grids, zr, cells);
    for (std::size_t i = 0; i < expected.size(); ++i)
        ASSERT_NEAR(aligned[i] / n, expected[i], 1e-13) << "value " << i;
}

}  // namespace
