// The thermal field's normals (util/random.hpp) over 10^8 draws: mean, variance, skewness and
// excess kurtosis within 1e-3 of N(0, 1)'s, the Kolmogorov-Smirnov distance below its 99.9 %
// critical value, and the frequencies beyond 1 to 6 standard deviations within five standard
// errors of their binomial counts (the ziggurat's tail and wedges are its slow path, where its exp
// and log work). Deterministic: one seed, so it passes or fails the same way every time.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "util/random.hpp"

using namespace miniasd;

TEST(NormalStatistics, HundredMillionDrawsAreStandardNormal) {
    const ZigguratTables z = make_ziggurat_tables();
    constexpr std::int64_t atoms = 33333334;  // three normals each: 10^8 draws
    constexpr std::int64_t block = 1 << 16;
    constexpr double lo = -8.0, width = 1.0 / 1024;  // CDF bins of 1/1024 over [-8, 8]
    constexpr int bins = 16 * 1024;
    std::vector<std::int64_t> counts(bins + 2, 0);
    std::vector<std::int64_t> beyond(7, 0);  // |x| > k
    double m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    std::vector<std::int64_t> ids(block);
    std::vector<double> g(3 * block);
    std::int64_t n = 0;
    for (std::int64_t first = 0; first < atoms; first += block) {
        const std::int64_t m = std::min(block, atoms - first);
        std::iota(ids.begin(), ids.begin() + m, first);
        standard_normals3(z, 2026, RandomStream::thermal_field, 11, ids.data(), m, g.data(),
                          g.data() + m, g.data() + 2 * m);
        double b1 = 0, b2 = 0, b3 = 0, b4 = 0;  // per block, then summed: few roundings
        for (std::int64_t k = 0; k < 3 * m; ++k) {
            const double x = g[std::size_t(k)], x2 = x * x;
            b1 += x;
            b2 += x2;
            b3 += x2 * x;
            b4 += x2 * x2;
            const double at = (x - lo) / width;
            counts[at < 0 ? 0 : at >= bins ? bins + 1 : std::size_t(at) + 1] += 1;
            for (int s = 1; s <= 6; ++s)
                beyond[std::size_t(s)] += std::abs(x) > s;
        }
        m1 += b1, m2 += b2, m3 += b3, m4 += b4;
        n += 3 * m;
    }
    const double dn = double(n);
    const double mean = m1 / dn, var = m2 / dn - mean * mean;
    const double skew = (m3 / dn - 3 * mean * var - mean * mean * mean) / std::pow(var, 1.5);
    const double kurt =
        (m4 / dn - 4 * mean * m3 / dn + 6 * mean * mean * m2 / dn - 3 * std::pow(mean, 4)) /
            (var * var) -
        3;
    std::printf("%.0f draws: mean %.2e, variance - 1 %.2e, skewness %.2e, excess kurtosis %.2e\n",
                dn, mean, var - 1, skew, kurt);
    EXPECT_NEAR(mean, 0, 1e-3);
    EXPECT_NEAR(var, 1, 1e-3);
    EXPECT_NEAR(skew, 0, 1e-3);
    EXPECT_NEAR(kurt, 0, 1e-3);
    // Kolmogorov-Smirnov at every bin edge (a lower bound of the distance, on a fine grid).
    double cumulative = double(counts[0]), d = 0;
    for (int b = 0; b <= bins; ++b) {
        const double edge = lo + b * width;
        d = std::max(d, std::abs(cumulative / dn - 0.5 * std::erfc(-edge / std::sqrt(2.0))));
        cumulative += double(counts[std::size_t(b) + 1]);
    }
    std::printf("Kolmogorov-Smirnov: sqrt(n) D = %.3f (99.9 %% critical value 1.95)\n",
                d * std::sqrt(dn));
    EXPECT_LT(d * std::sqrt(dn), 1.95) << "KS distance " << d;
    for (int s = 1; s <= 6; ++s) {
        const double p = std::erfc(s / std::sqrt(2.0)), expected = p * dn;
        std::printf("beyond %d sigma: %lld, expected %.1f\n", s,
                    static_cast<long long>(beyond[std::size_t(s)]), expected);
        EXPECT_NEAR(double(beyond[std::size_t(s)]), expected, 5 * std::sqrt(expected) + 2)
            << "beyond " << s << " sigma";
    }
}
