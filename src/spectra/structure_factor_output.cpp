// The structure factor's text files (docs/output.md): `structure-factor`, one row per wave
// vector and frequency, and `structure-factor-static`, one row per wave vector. Every number in
// its shortest exact form, so the sum rule can be checked to the last bit a double holds.
#include <cmath>
#include <string>

#include "spectra/structure_factor.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

constexpr double planck = 6.62607015e-34;   // J s
constexpr double boltzmann = 1.380649e-23;  // J/K
constexpr double per_angstrom = 1e-10;      // 1/m -> 1/A

void header(std::FILE* out, const SpectraTable& t) {
    const double df = 1.0 / (double(t.samples) * t.dt_ps);  // THz
    std::fprintf(out,
                 "# miniASD dynamical structure factor: %lld atoms, %lld samples every %s ps "
                 "(resolution %s THz, highest frequency %s THz), %s window, %lld spectra "
                 "averaged\n",
                 static_cast<long long>(t.atoms), static_cast<long long>(t.samples),
                 shortest(t.dt_ps).c_str(), shortest(df).c_str(), shortest(0.5 / t.dt_ps).c_str(),
                 word_of(spectrum_window_words, t.window), static_cast<long long>(t.blocks));
    std::fprintf(out,
                 "# M^a(q,t) = sum_i S_i^a exp(-i q.r_i); X^a(q,f) = sum_n w_n M^a(q,t_n) "
                 "exp(+i 2 pi f t_n); S^ab(q,f) = <X^a conj(X^b)> dt / (N sum_n w_n^2); "
                 "sum_f S^ab(q,f) df = S^ab(q) (structure-factor-static); S-perp = "
                 "sum_ab (delta_ab - qa qb) Re S^ab\n");
    if (t.temperature >= 0)
        std::fprintf(out,
                     "# quantum correction: S(q,f) x (hf/kT) / (1 - exp(-hf/kT)) at T = %s K\n",
                     shortest(t.temperature).c_str());
}

// The mean over blocks and its standard error (nan from one block).
void mean_error(double sum, double squares, std::int64_t blocks, double& mean, double& error) {
    const double b = double(blocks);
    mean = sum / b;
    if (blocks < 2) {
        error = std::nan("");
        return;
    }
    const double var = std::max(0.0, (squares / b - mean * mean) * b / (b - 1));
    error = std::sqrt(var / b);
}

}  // namespace

double quantum_correction_factor(double f_thz, double temperature) {
    if (temperature < 0 || f_thz == 0) return 1;
    const double x = planck * f_thz * 1e12 / (boltzmann * temperature);
    return x / -std::expm1(-x);
}

void write_spectra(std::FILE* out, const SpectraTable& t) {
    using namespace spectrum;
    header(out, t);
    std::fprintf(out,
                 "# q-index h k l q-distance[1/A] frequency[THz] S-xx[1/THz] S-yy[1/THz] "
                 "S-zz[1/THz] S-perp[1/THz] S-xx-error[1/THz] S-yy-error[1/THz] "
                 "S-zz-error[1/THz] S-perp-error[1/THz] S-xy-re[1/THz] S-xy-im[1/THz] "
                 "S-xz-re[1/THz] S-xz-im[1/THz] S-yz-re[1/THz] S-yz-im[1/THz]\n");
    const std::int64_t ns = t.samples;
    const double df = 1.0 / (double(ns) * t.dt_ps);
    std::string line;
    for (std::size_t q = 0; q < t.waves->hkl.size(); ++q) {
        const Vec3& h = t.waves->hkl[q];
        for (std::int64_t j = 0; j < ns; ++j) {
            const std::int64_t m = j - ns / 2;  // frequencies from the most negative up
            const std::int64_t k = (m + ns) % ns;
            const double f = double(m) * df;
            const double c = quantum_correction_factor(f, t.temperature);
            const double* s = t.spectra.data() + (q * std::size_t(ns) + std::size_t(k)) * width;
            line = std::to_string(q);
            auto put = [&](double v) {
                line += ' ';
                append_shortest(line, v);
            };
            put(h[0]), put(h[1]), put(h[2]), put(t.waves->distance[q] * per_angstrom), put(f);
            double mean[4], error[4];
            const int comps[4] = {xx, yy, zz, perp}, squares[4] = {xx2, yy2, zz2, perp2};
            for (int i = 0; i < 4; ++i)
                mean_error(s[comps[i]], s[squares[i]], t.blocks, mean[i], error[i]);
            for (int i = 0; i < 4; ++i)
                put(mean[i] * c);
            for (int i = 0; i < 4; ++i)
                put(error[i] * c);
            for (int i : {xy_re, xy_im, xz_re, xz_im, yz_re, yz_im})
                put(s[i] / double(t.blocks) * c);
            line += '\n';
            std::fputs(line.c_str(), out);
        }
    }
}

void write_static_structure_factor(std::FILE* out, const SpectraTable& t) {
    using namespace spectrum;
    header(out, t);
    std::fprintf(out,
                 "# q-index h k l q-distance[1/A] S-xx S-yy S-zz S-perp S-xx-error S-yy-error "
                 "S-zz-error S-perp-error\n");
    std::string line;
    for (std::size_t q = 0; q < t.waves->hkl.size(); ++q) {
        const Vec3& h = t.waves->hkl[q];
        const double* s = t.statics.data() + q * width;
        line = std::to_string(q);
        auto put = [&](double v) {
            line += ' ';
            append_shortest(line, v);
        };
        put(h[0]), put(h[1]), put(h[2]), put(t.waves->distance[q] * per_angstrom);
        double mean[4], error[4];
        const int comps[4] = {xx, yy, zz, perp}, squares[4] = {xx2, yy2, zz2, perp2};
        for (int i = 0; i < 4; ++i)
            mean_error(s[comps[i]], s[squares[i]], t.blocks, mean[i], error[i]);
        for (int i = 0; i < 4; ++i)
            put(mean[i]);
        for (int i = 0; i < 4; ++i)
            put(error[i]);
        line += '\n';
        std::fputs(line.c_str(), out);
    }
}

}  // namespace miniasd
