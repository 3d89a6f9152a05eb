#include "util/gaussian.hpp"

#include <algorithm>
#include <cmath>

#ifdef __AVX512F__
// GCC 12 warns that the placeholder operand of its AVX-512 intrinsics "may be used
// uninitialized" (GCC bug 105593, fixed in GCC 13): silenced for these headers only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#endif

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

#ifdef __AVX512F__
namespace {
// Sixteen words of fast_block; returns the sixteen miss bits. Explicit gathers: GCC's own
// vectorisation of the portable loop builds the 32-bit limit lookups from scalar loads and lane
// inserts, and the flags to bits with a scalar loop (measured 1.5 against 0.9 ns per normal). The
// arithmetic is the portable loop's, operation for operation; the sign is set as the sign bit of
// x * scale, which is (sign * x) * scale exactly (a product's magnitude does not depend on its
// factors' signs).
inline std::uint32_t fast16(const std::uint32_t* w, const double* scale, double* g,
                            const double* x_edge, const std::uint32_t* limit) {
    const __m512i word = _mm512_loadu_si512(w);
    const __m512i layer = _mm512_and_si512(word, _mm512_set1_epi32(0xff));
    const __m512i j = _mm512_srli_epi32(word, 9);
    const __mmask16 missed = _mm512_cmpge_epi32_mask(j, _mm512_i32gather_epi32(layer, limit, 4));
    for (int half = 0; half < 2; ++half) {
        const __m256i jh = half ? _mm512_extracti64x4_epi64(j, 1) : _mm512_castsi512_si256(j);
        const __m256i lh =
            half ? _mm512_extracti64x4_epi64(layer, 1) : _mm512_castsi512_si256(layer);
        const __m256i wh = half ? _mm512_extracti64x4_epi64(word, 1) : _mm512_castsi512_si256(word);
        const __m512d x =
            _mm512_mul_pd(_mm512_mul_pd(_mm512_cvtepi32_pd(jh), _mm512_set1_pd(0x1.0p-23)),
                          _mm512_i32gather_pd(lh, x_edge, 8));
        const __m512d xs = _mm512_mul_pd(x, _mm512_loadu_pd(scale + 8 * half));
        // Bit 8 of the word to bit 63 of the double.
        const __m512i sign = _mm512_slli_epi64(
            _mm512_and_si512(_mm512_cvtepu32_epi64(wh), _mm512_set1_epi64(0x100)), 55);
        _mm512_storeu_pd(g + 8 * half,
                         _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(xs), sign)));
    }
    return missed;
}
}  // namespace
#endif

void Ziggurat::fast_block(const std::uint32_t* w, int n, const double* scale, double* g,
                          std::uint64_t* miss) const {
    const double* x_edge = x_.data();
    const std::uint32_t* limit = fast_limit_.data();
    for (int q = 0; q < (n + 63) / 64; ++q)
        miss[q] = 0;
    int done = 0;
#ifdef __AVX512F__
    for (; done + 16 <= n; done += 16)
        miss[done / 64] |= std::uint64_t(fast16(w + done, scale + done, g + done, x_edge, limit))
                           << (done % 64);
#endif
    // The portable form (the whole block, or the last few words after the AVX-512 form), with
    // signed 32-bit lanes throughout (every quantity is below 2^23): 32-bit gathers and
    // conversions, no widening.
    for (int a = done; a < n; a += 64) {
        const int m = std::min(64, n - a);
        std::int32_t slow[64];
#pragma omp simd
        for (int k = 0; k < m; ++k) {
            const auto layer = static_cast<std::int32_t>(w[a + k] & 0xff);
            const auto j = static_cast<std::int32_t>(w[a + k] >> 9);
            const double sign =
                1.0 - 2.0 * static_cast<double>(static_cast<std::int32_t>((w[a + k] >> 8) & 1));
            const double x = static_cast<double>(j) * 0x1.0p-23 * x_edge[layer];
            g[a + k] = (sign * x) * scale[a + k];
            slow[k] = j >= static_cast<std::int32_t>(limit[layer]);
        }
        for (int k = 0; k < m; ++k)
            miss[(a + k) / 64] |= static_cast<std::uint64_t>(slow[k]) << ((a + k) % 64);
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
