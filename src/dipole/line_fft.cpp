#include "dipole/line_fft.hpp"

#include <fftw3.h>

#include <cstdlib>
#include <new>
#include <string>

#include "util/error.hpp"

namespace miniasd::dipole {

int fft_size(std::int64_t at_least) {
    for (std::int64_t n = at_least < 1 ? 1 : at_least;; ++n) {
        std::int64_t m = n;
        for (int p : {2, 3, 5, 7})
            while (m % p == 0)
                m /= p;
        if (m == 1) {
            if (n > (std::int64_t(1) << 30)) throw Error("dipole: a grid axis is too long");
            return static_cast<int>(n);
        }
    }
}

void* aligned_bytes(std::size_t bytes) {
    void* p = nullptr;
    if (posix_memalign(&p, kPlanAlignment, bytes == 0 ? kPlanAlignment : bytes) != 0)
        throw std::bad_alloc();
    return p;
}

void aligned_release(void* p) {
    std::free(p);
}

LineBuffer::LineBuffer(int n) {
    data_ = static_cast<Complex*>(aligned_bytes(sizeof(Complex) * std::size_t(n)));
}

LineBuffer::~LineBuffer() {
    aligned_release(data_);
}

LinePlan::LinePlan(LineKind kind, int n, int lanes, LineLayout layout) : kind_(kind), n_(n) {
    const bool real = kind == LineKind::real_to_complex || kind == LineKind::complex_to_real;
    if (lanes < 1 || (real && layout == LineLayout::interleaved))
        throw Error("dipole: an FFT batch layout that is not planned");
    LineBuffer in(n * lanes), out(n * lanes);
    fftw_complex* ci = reinterpret_cast<fftw_complex*>(in.data());
    fftw_complex* co = reinterpret_cast<fftw_complex*>(out.data());
    // Contiguous: line l starts l * n values (reals on a real side) or l * (n/2 + 1) complex
    // values (the complex side of r2c and c2r) in; interleaved: value j of line l at j*lanes + l.
    const int half = n / 2 + 1;
    const int stride = layout == LineLayout::interleaved ? lanes : 1;
    const int dist = layout == LineLayout::interleaved ? 1 : n;
    fftw_plan p = nullptr;
    switch (kind) {
        case LineKind::real_to_complex:
            p = fftw_plan_many_dft_r2c(1, &n, lanes, in.real(), nullptr, 1, n, co, nullptr, 1, half,
                                       FFTW_ESTIMATE);
            break;
        case LineKind::complex_to_real:
            p = fftw_plan_many_dft_c2r(1, &n, lanes, ci, nullptr, 1, half, out.real(), nullptr, 1,
                                       n, FFTW_ESTIMATE);
            break;
        case LineKind::forward:
        case LineKind::backward:
            p = fftw_plan_many_dft(1, &n, lanes, ci, nullptr, stride, dist, co, nullptr, stride,
                                   dist, kind == LineKind::forward ? FFTW_FORWARD : FFTW_BACKWARD,
                                   FFTW_ESTIMATE);
            break;
    }
    if (!p) throw Error("dipole: FFTW could not plan a transform of length " + std::to_string(n));
    plan_ = p;
}

LinePlan::~LinePlan() {
    fftw_destroy_plan(static_cast<fftw_plan>(plan_));
}

void LinePlan::run_r2c(const double* in, Complex* out) const {
    // Out of place, FFTW's r2c leaves its input as it was.
    fftw_execute_dft_r2c(static_cast<fftw_plan>(plan_), const_cast<double*>(in),
                         reinterpret_cast<fftw_complex*>(out));
}

void LinePlan::run_c2r(Complex* in, double* out) const {
    fftw_execute_dft_c2r(static_cast<fftw_plan>(plan_), reinterpret_cast<fftw_complex*>(in), out);
}

void LinePlan::run(LineBuffer& in, LineBuffer& out) const {
    fftw_plan p = static_cast<fftw_plan>(plan_);
    fftw_complex* ci = reinterpret_cast<fftw_complex*>(in.data());
    fftw_complex* co = reinterpret_cast<fftw_complex*>(out.data());
    switch (kind_) {
        case LineKind::real_to_complex:
            fftw_execute_dft_r2c(p, in.real(), co);
            break;
        case LineKind::complex_to_real:
            fftw_execute_dft_c2r(p, ci, out.real());
            break;
        default:
            fftw_execute_dft(p, ci, co);
            break;
    }
}

}  // namespace miniasd::dipole
