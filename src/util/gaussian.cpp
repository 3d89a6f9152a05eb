#include "util/gaussian.hpp"

#include <cmath>

namespace miniasd {

namespace {
constexpr double r = 3.6541528853610088;  // right edge of the base layer (256 layers)
constexpr double v = 4.92867323399e-3;    // area of every layer (unnormalised density)
inline double density(double x) {
    return std::exp(-0.5 * x * x);
}
inline double open_uniform(std::uint64_t w) {  // (0, 1]: safe for log
    return (static_cast<double>(w >> 11) + 1.0) * 0x1.0p-53;
}
}  // namespace

const Ziggurat& Ziggurat::instance() {
    static const Ziggurat z;
    return z;
}

Ziggurat::Ziggurat() {
    x_[0] = v / density(r);
    x_[1] = r;
    for (int i = 2; i < layers; ++i)
        x_[i] = std::sqrt(-2.0 * std::log(density(x_[i - 1]) + v / x_[i - 1]));
    x_[layers] = 0.0;
    for (int i = 0; i <= layers; ++i)
        f_[i] = density(x_[i]);
    // The fast path's test x < x_[i + 1] on the position j instead: the smallest j whose
    // rounded point (the expression of fast(), rounding for rounding) is not below the next
    // edge, found by bisection (the point does not decrease with j).
    constexpr std::uint32_t positions = 1u << 23;
    for (int i = 0; i < layers; ++i) {
        std::uint32_t lo = 0, hi = positions;  // the limit lies in [lo, hi]
        while (lo < hi) {
            const std::uint32_t mid = lo + (hi - lo) / 2;
            if (static_cast<double>(mid) * 0x1.0p-23 * x_[i] < x_[i + 1])
                lo = mid + 1;
            else
                hi = mid;
        }
        fast_limit_[i] = lo;
    }
}

void Ziggurat::fast_block(const std::uint32_t* w, int n, const double* scale, double* g,
                          std::int32_t* ok) const {
    const double* x_edge = x_.data();
    const std::uint32_t* limit = fast_limit_.data();
#pragma omp simd
    for (int k = 0; k < n; ++k) {
        // Signed 32-bit lanes throughout (every quantity is below 2^23): 32-bit gathers and
        // conversions, no widening.
        const auto layer = static_cast<std::int32_t>(w[k] & 0xff);
        const auto j = static_cast<std::int32_t>(w[k] >> 9);
        const double sign =
            1.0 - 2.0 * static_cast<double>(static_cast<std::int32_t>((w[k] >> 8) & 1));
        const double x = static_cast<double>(j) * 0x1.0p-23 * x_edge[layer];
        g[k] = (sign * x) * scale[k];
        ok[k] = j < static_cast<std::int32_t>(limit[layer]);
    }
}

double Ziggurat::slow(int i, double x, std::uint64_t w1, std::uint64_t w2) const {
    if (i == 0) {
        // Tail beyond r (Marsaglia 1964): exponential proposals accepted with exp(-a^2/2).
        const double a = -std::log(open_uniform(w1)) / r;
        const double b = -std::log(open_uniform(w2));
        return 2.0 * b > a * a ? r + a : -1.0;
    }
    // Wedge between the rectangle and the curve: accept under the density.
    const double y = f_[i] + open_uniform(w1) * (f_[i + 1] - f_[i]);
    return y < density(x) ? x : -1.0;
}

}  // namespace miniasd
