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

ZigguratTables make_ziggurat_tables() {
    using ziggurat_detail::density;
    using ziggurat_detail::r;
    constexpr int layers = ZigguratTables::layers;
    constexpr double v = 4.92867323399e-3;  // area of every layer (unnormalised density)
    ZigguratTables z;
    z.x[0] = v / density(r);
    z.x[1] = r;
    for (int i = 2; i < layers; ++i)
        z.x[i] = std::sqrt(-2.0 * portable_log(density(z.x[i - 1]) + v / z.x[i - 1]));
    z.x[layers] = 0.0;
    for (int i = 0; i <= layers; ++i)
        z.f[i] = density(z.x[i]);
    // The fast path's test x < x[i + 1] on the position j instead: the smallest j whose
    // rounded point (the expression of ziggurat_fast, rounding for rounding) is not below the
    // next edge, found by bisection (the point does not decrease with j).
    constexpr std::uint32_t positions = 1u << 23;
    for (int i = 0; i < layers; ++i) {
        std::uint32_t lo = 0, hi = positions;  // the limit lies in [lo, hi]
        while (lo < hi) {
            const std::uint32_t mid = lo + (hi - lo) / 2;
            if (static_cast<double>(mid) * 0x1.0p-23 * z.x[i] < z.x[i + 1])
                lo = mid + 1;
            else
                hi = mid;
        }
        z.fast_limit[i] = lo;
    }
    return z;
}

#ifdef __AVX512F__
namespace {
// Sixteen words of ziggurat_fast_block; returns the sixteen miss bits. Explicit gathers: GCC's
// own vectorisation of the portable loop builds the 32-bit limit lookups from scalar loads and
// lane inserts, and the flags to bits with a scalar loop (measured 1.5 against 0.9 ns per
// normal). The arithmetic is the portable loop's, operation for operation; the sign is set as
// the sign bit of x * scale, which is (sign * x) * scale exactly (a product's magnitude does not
// depend on its factors' signs).
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

void ziggurat_finish_block(const ZigguratTables& z, const std::uint32_t* w, const std::uint64_t* u1,
                           const std::uint64_t* u2, int n, double* g, std::int32_t* done) {
    using portable_math_detail::from_bits;
    using portable_math_detail::to_bits;
    using ziggurat_detail::open_uniform;
    const double* x_edge = z.x;
    const double* f = z.f;
#pragma omp simd
    for (int p = 0; p < n; ++p) {
        // ziggurat_finish's first pass: the point of word w (known to miss its rectangle), then
        // the wedge test with the second word (the first is the tail's).
        const auto i = static_cast<std::int32_t>(w[p] & 0xff);
        const double x =
            static_cast<double>(static_cast<std::int32_t>(w[p] >> 9)) * 0x1.0p-23 * x_edge[i];
        const double y = f[i] + open_uniform(u1[p]) * (f[i + 1] - f[i]);
        // Bitwise & and |, not && and ||: no control flow, so the loop vectorises.
        const bool wedge = (i != 0) & (y < portable_exp_normal(-0.5 * x * x));  // |x| < 3.92
        // Its second pass, after a rejection: a point from the third word.
        const auto i2 = static_cast<std::int32_t>(u2[p] & 0xff);
        const double x2 = static_cast<double>(u2[p] >> 11) * 0x1.0p-53 * x_edge[i2];
        done[p] = (i != 0) & (wedge | (x2 < x_edge[i2 + 1]));
        // sign * x as x with its sign bit set from bit 8 of the word (the same bits: x >= 0), and
        // the choice made on the bits: a choice of doubles GCC turns back into a branch (it moves
        // each product into its arm), and the loop would not vectorise.
        const std::uint64_t first_bits = to_bits(x) ^ (std::uint64_t((w[p] >> 8) & 1) << 63);
        const std::uint64_t second_bits = to_bits(x2) ^ (((u2[p] >> 8) & 1) << 63);
        g[p] = from_bits(wedge ? first_bits : second_bits);
    }
}

void ziggurat_fast_block(const ZigguratTables& z, const std::uint32_t* w, int n,
                         const double* scale, double* g, std::uint64_t* miss) {
    const double* x_edge = z.x;
    const std::uint32_t* limit = z.fast_limit;
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

}  // namespace miniasd
