// The IEEE-only exp, log, sin and cos (util/portable_math.hpp) against the C library: within one
// unit in the last place of glibc's (itself within about half an ulp of the true value) on the
// ranges the program uses and beyond, exact where the value is, and the special values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "util/portable_math.hpp"

using namespace miniasd;

namespace {

std::int64_t ulps(double a, double b) {
    if (a == b) return 0;
    std::int64_t ia, ib;
    std::memcpy(&ia, &a, sizeof a);
    std::memcpy(&ib, &b, sizeof b);
    return ia > ib ? ia - ib : ib - ia;
}

}  // namespace

TEST(PortableMath, ExpWithinAnUlpOfTheLibrary) {
    std::mt19937_64 g(1);
    std::uniform_real_distribution<double> wide(-745, 709.7), near(-40, 0);
    std::int64_t worst = 0;
    for (int k = 0; k < 1000000; ++k) {
        const double x = k % 2 ? wide(g) : near(g);  // near: the noise's and Metropolis' range
        worst = std::max(worst, ulps(portable_exp(x), std::exp(x)));
    }
    EXPECT_LE(worst, 1);
    EXPECT_EQ(portable_exp(0.0), 1.0);
    EXPECT_EQ(portable_exp(-800.0), 0.0);
    EXPECT_EQ(portable_exp(800.0), INFINITY);
    EXPECT_TRUE(std::isnan(portable_exp(NAN)));
    EXPECT_LE(ulps(portable_exp(-745.0), std::exp(-745.0)), 1);  // the smallest subnormal
}

// The branch-free form (the ziggurat's vectorised wedge tests) is the same function on its range,
// in a loop the compiler may vectorise as the wedge tests' loop is.
TEST(PortableMath, ExpNormalIsExpOnItsRange) {
    std::mt19937_64 g(3);
    std::uniform_real_distribution<double> wide(-708, 709), near(-8, 0);
    constexpr int n = 1 << 16;
    std::vector<double> x(n), vector_form(n);
    for (int k = 0; k < n; ++k)
        x[k] = k % 2 ? wide(g) : near(g);
    x[0] = -708;
    x[1] = 709;
    x[2] = 0;
#pragma omp simd
    for (int k = 0; k < n; ++k)
        vector_form[k] = portable_exp_normal(x[k]);
    for (int k = 0; k < n; ++k)
        ASSERT_EQ(ulps(vector_form[k], portable_exp(x[k])), 0) << "x = " << x[k];
}

TEST(PortableMath, LogWithinAnUlpOfTheLibrary) {
    std::mt19937_64 g(2);
    std::uniform_real_distribution<double> u(0, 1);
    std::int64_t worst = 0;
    for (int k = 0; k < 1000000; ++k) {
        // The tail's arguments (53-bit uniforms in (0, 1]), and numbers across the whole range.
        const double x = k % 2 ? double((g() >> 11) + 1) * 0x1.0p-53
                               : std::ldexp(0.5 + 0.5 * u(g), int(u(g) * 2000) - 1000);
        worst = std::max(worst, ulps(portable_log(x), std::log(x)));
    }
    EXPECT_LE(worst, 1);
    EXPECT_EQ(portable_log(1.0), 0.0);
    EXPECT_EQ(portable_log(0.0), -INFINITY);
    EXPECT_TRUE(std::isnan(portable_log(-1.0)));
    EXPECT_LE(ulps(portable_log(4.9e-324), std::log(4.9e-324)), 1);  // a subnormal
}

TEST(PortableMath, SineAndCosineWithinAnUlpOfTheLibrary) {
    std::mt19937_64 g(3);
    std::uniform_real_distribution<double> angle(0, 2 * M_PI);
    std::int64_t worst = 0;
    for (int k = 0; k < 1000000; ++k) {
        const double x = angle(g);
        double s, c;
        portable_sincos(x, s, c);
        // Near a zero of sin or cos an ulp of the result is tiny: compare there in absolute
        // terms (1e-16), elsewhere in ulps.
        const double ws = std::sin(x), wc = std::cos(x);
        if (std::abs(ws) > 1e-3) worst = std::max(worst, ulps(s, ws));
        if (std::abs(wc) > 1e-3) worst = std::max(worst, ulps(c, wc));
        ASSERT_NEAR(s, ws, 2e-16);
        ASSERT_NEAR(c, wc, 2e-16);
    }
    EXPECT_LE(worst, 1);
    double s, c;
    portable_sincos(0.0, s, c);
    EXPECT_EQ(s, 0.0);
    EXPECT_EQ(c, 1.0);
}
