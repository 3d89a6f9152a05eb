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
