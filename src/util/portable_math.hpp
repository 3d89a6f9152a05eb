// exp, log, sin and cos in plain IEEE double operations (+, -, *, / and bit manipulation, in a
// fixed order), MINIASD_HD: the CPU and a GPU compute them to the same bits, which their own
// libraries (glibc, CUDA's libdevice) do not promise (each is within an ulp or two of the true
// value, not always the same one). The random numbers and Monte Carlo moves use these, so that
// a run's bits are the same on either side and on any C library (docs/gpu.md).
//
// Each reduces its argument exactly (Cody-Waite: the constant split so that k times its leading
// part is exact) and evaluates a Taylor polynomial, truncated where the next term is below 2^-58
// of the result. Measured against glibc over 10^7 arguments
// (tests/util/test_portable_math.cpp): within 1 ulp of it for exp and log on the ranges the
// program uses, and of sin and cos on [0, 2 pi].
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "util/device.hpp"

namespace miniasd {

namespace portable_math_detail {
MINIASD_HD inline double from_bits(std::uint64_t b) {
    double d;
    std::memcpy(&d, &b, sizeof d);
    return d;
}
MINIASD_HD inline std::uint64_t to_bits(double d) {
    std::uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
}
// 2^k for -1022 <= k <= 1023.
MINIASD_HD inline double power_of_two(int k) {
    return from_bits(std::uint64_t(k + 1023) << 52);
}
// ln 2 = ln2_hi + ln2_lo, ln2_hi with 42 significant bits (k ln2_hi exact for |k| < 2^11).
constexpr double ln2_hi = 0x1.62e42fefa38p-1;
constexpr double ln2_lo = 0x1.ef35793c7673p-45;
// pi / 2 in three parts of 33 significant bits (k times each exact for |k| < 2^20).
constexpr double pio2_1 = 0x1.921fb544p+0;
constexpr double pio2_2 = 0x1.0b4611a6p-34;
constexpr double pio2_3 = 0x1.3198a2e037073p-69;
constexpr double two_over_pi = 0x1.45f306dc9c883p-1;
// round(x) for |x| < 2^51, ties to even, by the add-and-subtract of 1.5 2^52.
MINIASD_HD inline double round_to_integer(double x) {
    constexpr double shifter = 0x1.8p52;
    return (x + shifter) - shifter;
}
}  // namespace portable_math_detail

namespace portable_math_detail {
// e^x = p 2^k with p = 2^(j/32) e^r in [1, 2) (rounded once), for |x| below 745.2: the common
// part of portable_exp and portable_exp_normal, without a branch.
MINIASD_HD inline double exp_mantissa(double x, int& k) {
    // 2^(j/32), j = 0 .. 31, each the double nearest the true value.
    static constexpr double two_to_j_32[32] = {
        0x1.0000000000000p+0, 0x1.059b0d3158574p+0, 0x1.0b5586cf9890fp+0, 0x1.11301d0125b51p+0,
        0x1.172b83c7d517bp+0, 0x1.1d4873168b9aap+0, 0x1.2387a6e756238p+0, 0x1.29e9df51fdee1p+0,
        0x1.306fe0a31b715p+0, 0x1.371a7373aa9cbp+0, 0x1.3dea64c123422p+0, 0x1.44e086061892dp+0,
        0x1.4bfdad5362a27p+0, 0x1.5342b569d4f82p+0, 0x1.5ab07dd485429p+0, 0x1.6247eb03a5585p+0,
        0x1.6a09e667f3bcdp+0, 0x1.71f75e8ec5f74p+0, 0x1.7a11473eb0187p+0, 0x1.82589994cce13p+0,
        0x1.8ace5422aa0dbp+0, 0x1.93737b0cdc5e5p+0, 0x1.9c49182a3f090p+0, 0x1.a5503b23e255dp+0,
        0x1.ae89f995ad3adp+0, 0x1.b7f76f2fb5e47p+0, 0x1.c199bdd85529cp+0, 0x1.cb720dcef9069p+0,
        0x1.d5818dcfba487p+0, 0x1.dfc97337b9b5fp+0, 0x1.ea4afa2a490dap+0, 0x1.f50765b6e4540p+0};
    // ln2/32 = hi + lo, hi with 36 significant bits (n hi exact for |n| < 2^17).
    constexpr double ln2_32_hi = 0x1.62e42fefap-6;
    constexpr double ln2_32_lo = 0x1.cf79abc9e3b3ap-45;
    constexpr double inv_ln2_32 = 0x1.71547652b82fep+5;
    const double nd = round_to_integer(x * inv_ln2_32);
    const int n = static_cast<int>(nd);
    const int j = n & 31;  // n mod 32 in [0, 32), for negative n too (two's complement)
    k = (n - j) / 32;      // exact: floor(n / 32)
    const double r = (x - nd * ln2_32_hi) - nd * ln2_32_lo;
    const double r2 = r * r;
    const double a = 0.5 + r * 0x1.5555555555555p-3;                        // 1/2!, 1/3!
    const double b = 0x1.5555555555555p-5 + r * 0x1.1111111111111p-7;       // 1/4!, 1/5!
    const double q = r + r2 * (a + r2 * (b + r2 * 0x1.6c16c16c16c17p-10));  // e^r - 1; 1/6!
    const double t = two_to_j_32[j];
    return t + t * q;  // 2^(j/32) e^r, rounded once at the end
}
}  // namespace portable_math_detail

// e^x. 0 below -745.2, infinity above 709.8, NaN for NaN. With x = (32 k + j) ln2/32 + r:
// e^x = 2^k 2^(j/32) e^r, 2^(j/32) from a table of the correctly rounded values, e^r from its
// Taylor series to r^6/6! (|r| <= ln2/64: the next term is below 2^-58) in Estrin's scheme, so
// the chain the Metropolis test waits for is short (a 13-term Horner polynomial made Monte Carlo
// take 1.14x as long as with glibc's exp).
MINIASD_HD inline double portable_exp(double x) {
    using namespace portable_math_detail;
    if (x != x) return x;
    if (x > 709.782712893384) return INFINITY;
    if (x < -745.1332191019412) return 0.0;
    int k;
    const double p = exp_mantissa(x, k);
    if (k < -1021) return p * power_of_two(k + 54) * 0x1p-54;  // towards the subnormals
    if (k > 1023) return p * power_of_two(k - 1) * 2.0;
    return p * power_of_two(k);
}

// portable_exp's value, bit for bit, for -708 <= x <= 709 (results neither subnormal nor
// infinite), without its branches: a loop of these vectorises (the ziggurat's wedge tests).
MINIASD_HD inline double portable_exp_normal(double x) {
    using namespace portable_math_detail;
    int k;
    const double p = exp_mantissa(x, k);
    return p * power_of_two(k);
}

// ln x for x > 0 (subnormals included); -infinity at 0, NaN below 0 and for NaN, infinity at
// infinity.
MINIASD_HD inline double portable_log(double x) {
    using namespace portable_math_detail;
    if (x != x || x < 0) return NAN;
    if (x == 0) return -INFINITY;
    if (x == INFINITY) return x;
    int e = 0;
    if (x < 0x1p-1022) {  // subnormal: scale into the normal range first
        x *= 0x1p54;
        e = -54;
    }
    const std::uint64_t bits = to_bits(x);
    e += static_cast<int>((bits >> 52) & 0x7ff) - 1023;
    double m = from_bits((bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1023) << 52));
    if (m > 0x1.6a09e667f3bcdp+0) {  // sqrt(2): m in [sqrt(1/2), sqrt(2))
        m *= 0.5;
        ++e;
    }
    const double f = m - 1.0;  // exact
    const double s = f / (2.0 + f);
    const double z = s * s;  // <= 0.0295
    // ln m = 2 atanh(s) = 2s (1 + z q), q = 1/3 + z/5 + ... to z^11/25: the next term is below
    // 2^-60.
    double q = 0x1.47ae147ae147bp-5;   // 1/25
    q = q * z + 0x1.642c8590b2164p-5;  // 1/23
    q = q * z + 0x1.8618618618618p-5;  // 1/21
    q = q * z + 0x1.af286bca1af28p-5;  // 1/19
    q = q * z + 0x1.e1e1e1e1e1e1ep-5;  // 1/17
    q = q * z + 0x1.1111111111111p-4;  // 1/15
    q = q * z + 0x1.3b13b13b13b14p-4;  // 1/13
    q = q * z + 0x1.745d1745d1746p-4;  // 1/11
    q = q * z + 0x1.c71c71c71c71cp-4;  // 1/9
    q = q * z + 0x1.2492492492492p-3;  // 1/7
    q = q * z + 0x1.999999999999ap-3;  // 1/5
    q = q * z + 0x1.5555555555555p-2;  // 1/3
    // With f exact and 2s = f - s f: ln m = f - (f^2/2 - s (f^2/2 + R)), R = 2 z q, so that the
    // rounding errors sit in the small correction, not in f.
    const double hfsq = 0.5 * f * f;
    const double big_r = 2.0 * (z * q);
    const double ed = static_cast<double>(e);
    return ed * ln2_hi - ((hfsq - (s * (hfsq + big_r) + ed * ln2_lo)) - f);
}

// sin x and cos x for |x| < 2^20 (the uniform move's angles lie in [0, 2 pi)).
MINIASD_HD inline void portable_sincos(double x, double& sine, double& cosine) {
    using namespace portable_math_detail;
    const double kd = round_to_integer(x * two_over_pi);
    const double r = ((x - kd * pio2_1) - kd * pio2_2) - kd * pio2_3;  // |r| <= pi/4 (plus)
    const double z = r * r;
    // sin r = r - r^3/3! + ... to r^19/19!, cos r = 1 - r^2/2! + ... to r^18/18!: the next terms
    // are below 2^-60.
    double ps = -0x1.2f49b46814157p-57;   // -1/19!
    ps = ps * z + 0x1.952c77030ad4ap-49;  // 1/17!
    ps = ps * z - 0x1.ae7f3e733b81fp-41;  // -1/15!
    ps = ps * z + 0x1.6124613a86d09p-33;  // 1/13!
    ps = ps * z - 0x1.ae64567f544e4p-26;  // -1/11!
    ps = ps * z + 0x1.71de3a556c734p-19;  // 1/9!
    ps = ps * z - 0x1.a01a01a01a01ap-13;  // -1/7!
    ps = ps * z + 0x1.1111111111111p-7;   // 1/5!
    ps = ps * z - 0x1.5555555555555p-3;   // -1/3!
    const double s = r + r * (ps * z);
    double pc = 0x1.6827863b97d97p-53;    // 1/18!
    pc = pc * z - 0x1.ae7f3e733b81fp-45;  // -1/16!
    pc = pc * z + 0x1.93974a8c07c9dp-37;  // 1/14!
    pc = pc * z - 0x1.1eed8eff8d898p-29;  // -1/12!
    pc = pc * z + 0x1.27e4fb7789f5cp-22;  // 1/10!
    pc = pc * z - 0x1.a01a01a01a01ap-16;  // -1/8!
    pc = pc * z + 0x1.6c16c16c16c17p-10;  // 1/6!
    pc = pc * z - 0x1.5555555555555p-5;   // -1/4!
    pc = pc * z + 0.5;                    // 1/2!
    const double c = 1.0 - z * pc;
    switch (static_cast<std::int64_t>(kd) & 3) {
        case 0:
            sine = s;
            cosine = c;
            return;
        case 1:
            sine = c;
            cosine = -s;
            return;
        case 2:
            sine = -s;
            cosine = -c;
            return;
        default:
            sine = -c;
            cosine = s;
    }
}

}  // namespace miniasd
