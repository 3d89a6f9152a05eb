#include "spectra/spectra.hpp"

#include <cmath>
#include <stdexcept>

#include "dipole/line_fft.hpp"

namespace miniasd {

namespace {

constexpr double two_pi = 6.283185307179586476925286766559;

// The sums' ten components from the three transforms at one frequency (or the three samples at
// one time), scaled by `scale`, added to `out`; squares of the four with errors when `squares`.
void add_products(const double* xr, const double* xi, const Vec3& d, double scale, double* out) {
    using namespace spectrum;
    double s[count];
    s[xx] = (xr[0] * xr[0] + xi[0] * xi[0]) * scale;
    s[yy] = (xr[1] * xr[1] + xi[1] * xi[1]) * scale;
    s[zz] = (xr[2] * xr[2] + xi[2] * xi[2]) * scale;
    // X^a conj(X^b) = (ar + i ai)(br - i bi)
    s[xy_re] = (xr[0] * xr[1] + xi[0] * xi[1]) * scale;
    s[xy_im] = (xi[0] * xr[1] - xr[0] * xi[1]) * scale;
    s[xz_re] = (xr[0] * xr[2] + xi[0] * xi[2]) * scale;
    s[xz_im] = (xi[0] * xr[2] - xr[0] * xi[2]) * scale;
    s[yz_re] = (xr[1] * xr[2] + xi[1] * xi[2]) * scale;
    s[yz_im] = (xi[1] * xr[2] - xr[1] * xi[2]) * scale;
    // The neutron's cross section: sum_ab (delta_ab - qa qb) Re S^ab; at q = 0 the average over
    // directions, 2/3 of the trace.
    const double trace = s[xx] + s[yy] + s[zz];
    if (d[0] == 0 && d[1] == 0 && d[2] == 0) {
        s[perp] = 2.0 / 3.0 * trace;
    } else {
        const double along =
            d[0] * d[0] * s[xx] + d[1] * d[1] * s[yy] + d[2] * d[2] * s[zz] +
            2 * (d[0] * d[1] * s[xy_re] + d[0] * d[2] * s[xz_re] + d[1] * d[2] * s[yz_re]);
        s[perp] = trace - along;
    }
    for (int c = 0; c < count; ++c)
        out[c] += s[c];
    out[xx2] += s[xx] * s[xx];
    out[yy2] += s[yy] * s[yy];
    out[zz2] += s[zz] * s[zz];
    out[perp2] += s[perp] * s[perp];
}

}  // namespace

std::vector<double> spectrum_window(SpectrumWindow w, std::int64_t samples) {
    std::vector<double> v(std::size_t(samples), 1.0);
    for (std::int64_t n = 0; n < samples; ++n) {
        const double t = two_pi * double(n) / double(samples);
        if (w == SpectrumWindow::hann)
            v[std::size_t(n)] = 0.5 - 0.5 * std::cos(t);
        else if (w == SpectrumWindow::blackman)
            v[std::size_t(n)] = 0.42 - 0.5 * std::cos(t) + 0.08 * std::cos(2 * t);
    }
    return v;
}

Spectra::~Spectra() = default;

Spectra::Spectra(std::vector<Vec3> directions, std::int64_t samples, std::int64_t averages,
                 SpectrumWindow window, std::int64_t atoms, double dt_ps)
    : dir_(std::move(directions)),
      samples_(samples),
      averages_(averages),
      atoms_(atoms),
      dt_ps_(dt_ps),
      window_(spectrum_window(window, samples)),
      // Built once, outside the threads (FFTW's planner is not thread-safe): one plan for every
      // line, so a line's transform has the same bits on any rank or thread.
      plan_(std::make_unique<dipole::LinePlan>(dipole::LineKind::backward, int(samples))) {
    for (double w : window_)
        window_sum2_ += w * w;
    series_.assign(dir_.size() * 3 * std::size_t(samples_) * 2, 0.0);
    spectra_.assign(dir_.size() * std::size_t(samples_) * spectrum::width, 0.0);
    static_.assign(dir_.size() * spectrum::width, 0.0);
}

void Spectra::add(const double* sums) {
    if (complete()) throw std::logic_error("a structure factor sampled beyond its samples");
    const std::size_t n = std::size_t(taken_ % samples_), ns = std::size_t(samples_);
    for (std::size_t q = 0; q < dir_.size(); ++q)
        for (std::size_t a = 0; a < 3; ++a) {
            double* s = series_.data() + ((q * 3 + a) * ns + n) * 2;
            s[0] = sums[6 * q + 2 * a];
            s[1] = sums[6 * q + 2 * a + 1];
        }
    if (++taken_ % samples_ == 0) finish_block();
}

void Spectra::finish_block() {
    const int ns = int(samples_);
    const dipole::LinePlan& plan = *plan_;
    const double norm = 1.0 / (double(atoms_) * window_sum2_);
    const double scale = dt_ps_ * norm;
    const std::int64_t nq = std::int64_t(dir_.size());
#pragma omp parallel
    {
        dipole::LineBuffer in(ns), out(ns);
        std::vector<double> re(3 * std::size_t(ns)), im(3 * std::size_t(ns));
#pragma omp for schedule(static)
        for (std::int64_t q = 0; q < nq; ++q) {
            const Vec3& d = dir_[std::size_t(q)];
            double* st = static_.data() + std::size_t(q) * spectrum::width;
            double sample[spectrum::width] = {};
            for (int n = 0; n < ns; ++n) {  // the static structure factor of the block
                double mr[3], mi[3];
                for (int a = 0; a < 3; ++a) {
                    const double* s =
                        series_.data() + ((std::size_t(q) * 3 + std::size_t(a)) * ns + n) * 2;
                    mr[a] = s[0] * window_[std::size_t(n)];
                    mi[a] = s[1] * window_[std::size_t(n)];
                }
                add_products(mr, mi, d, norm, sample);  // its squares' slots go unused
            }
            for (int c = 0; c < spectrum::count; ++c)
                st[c] += sample[c];
            st[spectrum::xx2] += sample[spectrum::xx] * sample[spectrum::xx];
            st[spectrum::yy2] += sample[spectrum::yy] * sample[spectrum::yy];
            st[spectrum::zz2] += sample[spectrum::zz] * sample[spectrum::zz];
            st[spectrum::perp2] += sample[spectrum::perp] * sample[spectrum::perp];
            for (int a = 0; a < 3; ++a) {  // the transforms, sign +1
                const double* s =
                    series_.data() + (std::size_t(q) * 3 + std::size_t(a)) * std::size_t(ns) * 2;
                for (int n = 0; n < ns; ++n)
                    in.data()[n] = {s[2 * n] * window_[std::size_t(n)],
                                    s[2 * n + 1] * window_[std::size_t(n)]};
                plan.run(in, out);
                for (int k = 0; k < ns; ++k) {
                    re[std::size_t(k) * 3 + std::size_t(a)] = out.data()[k].real();
                    im[std::size_t(k) * 3 + std::size_t(a)] = out.data()[k].imag();
                }
            }
            for (int k = 0; k < ns; ++k)
                add_products(&re[3 * std::size_t(k)], &im[3 * std::size_t(k)], d, scale,
                             spectra_.data() + (std::size_t(q) * ns + k) * spectrum::width);
        }
    }
}

std::vector<double> Spectra::state() const {
    const std::size_t ns = std::size_t(samples_);
    std::vector<double> s;
    s.reserve(state_size());
    for (std::size_t q = 0; q < dir_.size(); ++q) {
        auto add = [&](const std::vector<double>& v, std::size_t each) {
            s.insert(s.end(), v.begin() + std::ptrdiff_t(q * each),
                     v.begin() + std::ptrdiff_t((q + 1) * each));
        };
        add(series_, 6 * ns);
        add(spectra_, ns * spectrum::width);
        add(static_, spectrum::width);
    }
    return s;
}

void Spectra::restore(const double* state, std::int64_t taken) {
    const std::size_t ns = std::size_t(samples_);
    for (std::size_t q = 0; q < dir_.size(); ++q) {
        auto take = [&](std::vector<double>& v, std::size_t each) {
            std::copy(state, state + each, v.begin() + std::ptrdiff_t(q * each));
            state += each;
        };
        take(series_, 6 * ns);
        take(spectra_, ns * spectrum::width);
        take(static_, spectrum::width);
    }
    taken_ = taken;
}

}  // namespace miniasd
