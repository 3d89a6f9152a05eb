#include "stats/binning.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd {

void Binning::add(double x) {
    double v = x;
    for (int l = 0; l < levels; ++l) {
        Level& b = level_[static_cast<std::size_t>(l)];
        b.n += 1;
        b.s += v;
        b.s2 += v * v;
        if (!b.has_pending) {
            b.pending = v;
            b.has_pending = true;
            return;
        }
        v = 0.5 * (b.pending + v);  // the mean of two blocks: one block of the next level
        b.has_pending = false;
    }
}

double Binning::error_at(int l) const {
    const Level& b = level_[static_cast<std::size_t>(l)];
    if (b.n < min_blocks) return -1;
    const double var = std::max(0.0, (b.s2 - b.s * b.s / b.n) / (b.n - 1));
    return std::sqrt(var / b.n);
}

double Binning::error_of_mean() const {
    double best = 0;
    for (int l = 0; l < levels; ++l)
        best = std::max(best, error_at(l));
    return best;
}

double Binning::tau() const {
    const double e0 = error_at(0), e = error_of_mean();
    return e0 > 0 ? 0.5 * (e * e) / (e0 * e0) : 0.0;
}

bool Binning::converged() const {
    // The plateau is reached once blocks span several correlation times: a level of blocks of
    // at least 4 tau samples must still hold min_blocks blocks (N >= 128 tau; the error there is
    // within about 10 % of the plateau's). Comparing neighbouring levels instead is at the mercy
    // of their 13 % noise.
    const double t = tau();
    for (int l = 0; l < levels; ++l)
        if (error_at(l) >= 0 && std::ldexp(1.0, l) >= 4 * t) return t > 0;
    return false;
}

void Binning::save(std::vector<double>& out) const {
    for (const Level& b : level_)
        out.insert(out.end(), {b.n, b.s, b.s2, b.pending, b.has_pending ? 1.0 : 0.0});
}

void Binning::load(const double* in) {
    for (Level& b : level_) {
        b = Level{in[0], in[1], in[2], in[3], in[4] != 0};
        in += 5;
    }
}

}  // namespace miniasd
