#include "dipole/line_fft.hpp"

#include <fftw3.h>

#include <new>

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

LineBuffer::LineBuffer(int n) {
    data_ = reinterpret_cast<Complex*>(fftw_malloc(sizeof(fftw_complex) * std::size_t(n)));
    if (!data_) throw std::bad_alloc();
}

LineBuffer::~LineBuffer() {
    fftw_free(data_);
}

LinePlan::LinePlan(LineKind kind, int n) : kind_(kind), n_(n) {
    LineBuffer in(n), out(n);
    fftw_complex* ci = reinterpret_cast<fftw_complex*>(in.data());
    fftw_complex* co = reinterpret_cast<fftw_complex*>(out.data());
    fftw_plan p = nullptr;
    switch (kind) {
        case LineKind::real_to_complex:
            p = fftw_plan_dft_r2c_1d(n, in.real(), co, FFTW_ESTIMATE);
            break;
        case LineKind::complex_to_real:
            p = fftw_plan_dft_c2r_1d(n, ci, out.real(), FFTW_ESTIMATE);
            break;
        case LineKind::forward:
            p = fftw_plan_dft_1d(n, ci, co, FFTW_FORWARD, FFTW_ESTIMATE);
            break;
        case LineKind::backward:
            p = fftw_plan_dft_1d(n, ci, co, FFTW_BACKWARD, FFTW_ESTIMATE);
            break;
    }
    if (!p) throw Error("dipole: FFTW could not plan a transform of length " + std::to_string(n));
    plan_ = p;
}

LinePlan::~LinePlan() {
    fftw_destroy_plan(static_cast<fftw_plan>(plan_));
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
