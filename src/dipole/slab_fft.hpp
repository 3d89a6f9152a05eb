// The distributed three-dimensional FFT of the dipolar convolution: zero-padded real grids of
// cell data, split over the ranks in slabs of z planes, transformed to the spectral layout, split
// in slabs of y wave numbers, and back. Each rank holds only its slabs.
//
//   real layout      [grid][z in my planes][y][x]               (x fastest)
//   spectral layout  [kz][grid][ky in my slab][kx]               (kx fastest; kx < px/2 + 1)
//
// Forward: x lines real-to-complex, y lines, one exact transpose (Comm::all_to_all), z lines; each
// axis's lines kLanes at a time through one batched plan. The spectral layout keeps z outermost so
// that each rank's planes travel as one block each way: the exchange reads and writes it directly.
// Inverse: the same backwards, keeping only the planes, rows and columns of the real box. The
// transforms are unnormalised: inverse(forward(f)) = px py pz f.
//
// Why the bits do not depend on the decomposition: every line of a given axis goes through the
// same batched FFTW plan, whose lanes all give the same bits (dipole/line_fft.hpp), a transpose
// copies values, and nothing is summed across lines. So a value of the spectrum, and of the
// convolution, is the same on 1 rank or 1000, on any thread count.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "dipole/line_fft.hpp"
#include "parallel/comm.hpp"
#include "parallel/process_grid.hpp"

namespace miniasd::dipole {

class SlabFft {
  public:
    // Collective. `cells`: the real box (cells per axis); `padded`: the transform lengths.
    SlabFft(const std::array<std::int64_t, 3>& cells, const std::array<int, 3>& padded,
            const parallel::Comm& comm);
    ~SlabFft();

    const std::array<std::int64_t, 3>& cells() const { return n_; }
    const std::array<int, 3>& padded() const { return p_; }
    int half_x() const { return p_[0] / 2 + 1; }  // complex values of an x line
    // The z planes this rank holds of data `planes` planes deep (the box: cells()[2]).
    parallel::CellRange planes(std::int64_t planes) const;
    // The y wave numbers of this rank's spectral slab, and its size per grid (complex values).
    parallel::CellRange ky() const;
    // The (ky, kx) columns of a spectral plane of one grid: ky().size() * half_x().
    std::int64_t columns() const { return ky().size() * half_x(); }
    std::int64_t spectral_size() const { return columns() * p_[2]; }
    // Where grid `grid`'s spectral point `point` (= kz * columns() + column) lies in the layout.
    std::int64_t spectral_index(int grid, std::int64_t point, int grids) const {
        const std::int64_t c = columns();
        return (point / c * grids + grid) * c + point % c;
    }

    // Collective. `grids` real grids of extent `extent` (x, y, z; each at most padded(), zero
    // beyond) in the real layout, this rank's planes(extent[2]) of each, into the spectral layout
    // (`spectral`, resized to grids * spectral_size()).
    void forward(const double* real, int grids, const std::array<std::int64_t, 3>& extent,
                 std::vector<Complex>& spectral);
    // Collective. The inverse of `spectral` (overwritten) back to the real box: `real` holds
    // grids x planes(cells()[2]) x cells()[1] x cells()[0] values.
    void inverse(std::vector<Complex>& spectral, int grids, double* real);

    // Bytes sent to other ranks by the transposes so far (the timing report's line).
    std::int64_t transpose_bytes() const { return sent_bytes_; }

  private:
    // Lines per FFTW call (dipole/line_fft.hpp): a multiple of the widest vector's complex values.
    static constexpr int kLanes = 8;
    void lines_y(int grids, std::int64_t planes, LineKind kind);
    void lines_z(std::vector<Complex>& spectral, int grids, const LinePlan& plan, std::int64_t z_in,
                 std::int64_t z_out);
    void transpose_out(int grids, std::int64_t zext, std::vector<Complex>& spectral);
    void transpose_back(const std::vector<Complex>& spectral, int grids);

    std::array<std::int64_t, 3> n_;
    std::array<int, 3> p_;
    parallel::Comm comm_;
    std::unique_ptr<LinePlan> r2c_, c2r_, y_fwd_, y_bwd_, z_fwd_, z_bwd_;
    PlanVector<Complex> slab_;          // the real layout after the x transforms: [g][z][y][kx]
    std::vector<Complex> send_, recv_;  // the exchange's buffers (more than one rank only)
    std::int64_t sent_bytes_ = 0;
};

}  // namespace miniasd::dipole
