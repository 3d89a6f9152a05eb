// One-dimensional FFTW plans, applied to a fixed number of lines at a time. The dipolar convolution
// (dipole/slab_fft.hpp) transforms every line of its grids in batches of `lanes` lines with plans
// built once at set-up, on scratch buffers of one alignment, with FFTW_ESTIMATE (no timing runs, so
// every rank builds the same plan). A batch that is not full is completed with zeros, so every
// call runs the same plan on the same layout; each lane goes through the same arithmetic (the
// lanes of a vector instruction, or the same codelet in turn), so a line's result depends only on
// its values, never on its lane, on which rank or thread transforms it, nor on how many lines
// there are: the transform part of the decomposition-independence argument in
// docs/architecture.md ("Dipolar fields"). tests/dipole/test_line_fft.cpp checks the lanes.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace miniasd::dipole {

using Complex = std::complex<double>;

// The smallest n >= at_least whose only prime factors are 2, 3, 5 and 7 (fast FFTW sizes).
int fft_size(std::int64_t at_least);

// The alignment of every buffer the plans are built on and every array they run on (bytes): the
// widest vector's, so the same alignment in every sense FFTW may test (fftw_malloc's own can be
// less, and differs by build).
constexpr std::size_t kPlanAlignment = 64;

// Bytes aligned to kPlanAlignment (std::bad_alloc when there are none), and their release.
void* aligned_bytes(std::size_t bytes);
void aligned_release(void* p);

// An allocator of aligned_bytes: arrays with the alignment the plans were built for, so that a
// batch of lines may be transformed where it lies (dipole/slab_fft.cpp's x lines).
template <class T>
struct PlanAllocator {
    using value_type = T;
    PlanAllocator() = default;
    template <class U>
    PlanAllocator(const PlanAllocator<U>&) {}
    T* allocate(std::size_t n) { return static_cast<T*>(aligned_bytes(n * sizeof(T))); }
    void deallocate(T* p, std::size_t) { aligned_release(p); }
    template <class U>
    bool operator==(const PlanAllocator<U>&) const {
        return true;
    }
    template <class U>
    bool operator!=(const PlanAllocator<U>&) const {
        return false;
    }
};
template <class T>
using PlanVector = std::vector<T, PlanAllocator<T>>;

// Whether `p` has the alignment of the plans' own buffers.
inline bool plan_aligned(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p) % kPlanAlignment == 0;
}

// `n` complex values from aligned_bytes: the alignment the plans were built for.
class LineBuffer {
  public:
    explicit LineBuffer(int n);
    ~LineBuffer();
    LineBuffer(const LineBuffer&) = delete;
    LineBuffer& operator=(const LineBuffer&) = delete;
    Complex* data() { return data_; }
    double* real() { return reinterpret_cast<double*>(data_); }  // room for 2n doubles

  private:
    Complex* data_ = nullptr;
};

enum class LineKind {
    real_to_complex,  // n real values -> n/2 + 1 complex (FFTW's r2c, sign -1)
    complex_to_real,  // n/2 + 1 complex -> n real, unnormalised (c2r, sign +1)
    forward,          // n complex, sign -1
    backward,         // n complex, sign +1, unnormalised
};

// How a batch's lines lie in its buffers: one after another (line l's value j at l * n + j; for
// the real side of r2c and c2r, l * n reals; for the complex side, l * (n/2 + 1) values), or
// interleaved (value j of line l at j * lanes + l; complex kinds only).
enum class LineLayout { contiguous, interleaved };

class LinePlan {
  public:
    // Not thread-safe (the FFTW planner is not): build plans before any parallel region.
    LinePlan(LineKind kind, int n, int lanes = 1, LineLayout layout = LineLayout::contiguous);
    ~LinePlan();
    LinePlan(const LinePlan&) = delete;
    LinePlan& operator=(const LinePlan&) = delete;
    // Transforms the `lanes` lines of `in` into `out` (two distinct LineBuffers of at least
    // n * lanes complex values); `in` may be overwritten. Thread-safe.
    void run(LineBuffer& in, LineBuffer& out) const;
    // The same plan on lines where they lie (r2c and c2r: real lines n apart, complex ones
    // n/2 + 1 apart). The caller sees to it that both arrays are plan_aligned and distinct (the
    // plan assumes it; called inside parallel regions, these do not check); c2r overwrites `in`.
    // The same arithmetic as run(), so the same bits.
    void run_r2c(const double* in, Complex* out) const;
    void run_c2r(Complex* in, double* out) const;
    int size() const { return n_; }

  private:
    LineKind kind_;
    int n_;
    void* plan_ = nullptr;  // fftw_plan
};

}  // namespace miniasd::dipole
