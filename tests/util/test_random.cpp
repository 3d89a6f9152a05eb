// The counter-based generator: the vectorised Philox block equals Random123 word for word, the
// block form of the ziggurat's fast path equals its one-word form, the normals have the moments
// and tails of N(0, 1), and a draw depends only on (seed, id, step): not on how atoms are grouped
// into calls (which is what decomposition independence needs).
#include <gtest/gtest.h>

#include <Random123/philox.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

#include "util/gaussian.hpp"
#include "util/philox_block.hpp"
#include "util/random.hpp"

using namespace miniasd;

namespace {
const ZigguratTables zig = make_ziggurat_tables();
}  // namespace

TEST(Random, PhiloxBlockEqualsRandom123) {
    std::vector<std::int64_t> ids(200);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = std::int64_t(i * 7919) + (std::int64_t(i) << 33);
    const std::uint64_t seed = 0x123456789abcdefULL, step = (std::uint64_t(5) << 32) + 17;
    PhiloxBlock block;
    philox4x32_block(seed, 3, step, ids.data(), int(ids.size()), block);
    r123::Philox4x32 rng;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto id = static_cast<std::uint64_t>(ids[i]);
        const r123::Philox4x32::ctr_type ctr = {{std::uint32_t(id), std::uint32_t(id >> 32),
                                                 std::uint32_t(step),
                                                 std::uint32_t(step >> 32) | (3u << 24)}};
        const r123::Philox4x32::key_type key = {{std::uint32_t(seed), std::uint32_t(seed >> 32)}};
        const auto w = rng(ctr, key);
        for (int k = 0; k < 4; ++k)
            ASSERT_EQ(block.w[k][i], w[k]) << "atom " << i << " word " << k;
    }
}

TEST(Random, NormalsHaveTheMomentsAndTailsOfAStandardNormal) {
    const std::int64_t n = 400000;
    std::vector<std::int64_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0);
    std::vector<double> x(n), y(n), z(n);
    standard_normals3(zig, 42, RandomStream::thermal_field, 9, ids.data(), n, x.data(), y.data(),
                      z.data());
    std::vector<double> all;
    for (const auto* v : {&x, &y, &z})
        all.insert(all.end(), v->begin(), v->end());
    const double m = double(all.size());
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0, beyond3 = 0, beyond4 = 0;
    for (double v : all) {
        s1 += v;
        s2 += v * v;
        s3 += v * v * v;
        s4 += v * v * v * v;
        beyond3 += std::abs(v) > 3;
        beyond4 += std::abs(v) > 4;
    }
    // Standard errors for 1.2e6 samples: mean 9e-4, variance 1.3e-3, skewness 2.2e-3,
    // E[x^4] 8.9e-3.
    EXPECT_NEAR(s1 / m, 0.0, 5 * 9.2e-4);
    EXPECT_NEAR(s2 / m, 1.0, 5 * 1.3e-3);
    EXPECT_NEAR(s3 / m, 0.0, 5 * 2.2e-3);
    EXPECT_NEAR(s4 / m, 3.0, 5 * 8.9e-3);
    // Tails: P(|x| > 3) = 2.6998e-3, P(|x| > 4) = 6.334e-5 (the ziggurat's slow paths).
    EXPECT_NEAR(beyond3 / m, 2.6998e-3, 5 * std::sqrt(2.6998e-3 / m));
    EXPECT_NEAR(beyond4 / m, 6.334e-5, 5 * std::sqrt(6.334e-5 / m));
    // Kolmogorov-Smirnov against the normal CDF on a subsample.
    std::vector<double> sub(all.begin(), all.begin() + 20000);
    std::sort(sub.begin(), sub.end());
    double d = 0;
    for (std::size_t i = 0; i < sub.size(); ++i) {
        const double cdf = 0.5 * std::erfc(-sub[i] / std::sqrt(2.0));
        d = std::max({d, std::abs(cdf - double(i) / sub.size()),
                      std::abs(cdf - double(i + 1) / sub.size())});
    }
    EXPECT_LT(d * std::sqrt(double(sub.size())), 1.95);  // 99.9% critical value
    // Components are uncorrelated.
    double xy = 0;
    for (std::int64_t i = 0; i < n; ++i)
        xy += x[i] * y[i];
    EXPECT_NEAR(xy / n, 0.0, 5 / std::sqrt(double(n)));
}

TEST(Random, DrawsDependOnlyOnSeedIdAndStep) {
    std::vector<std::int64_t> ids(1000);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = std::int64_t(999 - i) * 3;
    std::vector<double> a(3000), b(3000);
    standard_normals3(zig, 7, RandomStream::thermal_field, 4, ids.data(), 1000, a.data(),
                      a.data() + 1000, a.data() + 2000);
    // The same atoms in odd-sized pieces give the same bits.
    for (std::int64_t start = 0, piece = 1; start < 1000;
         start += piece, piece = piece * 3 % 301 + 1) {
        const std::int64_t len = std::min<std::int64_t>(piece, 1000 - start);
        standard_normals3(zig, 7, RandomStream::thermal_field, 4, ids.data() + start, len,
                          b.data() + start, b.data() + 1000 + start, b.data() + 2000 + start);
    }
    EXPECT_EQ(a, b);
    // Another step, seed or atom gives other numbers.
    std::vector<double> c(3000);
    standard_normals3(zig, 7, RandomStream::thermal_field, 5, ids.data(), 1000, c.data(),
                      c.data() + 1000, c.data() + 2000);
    EXPECT_NE(a, c);
    standard_normals3(zig, 8, RandomStream::thermal_field, 4, ids.data(), 1000, c.data(),
                      c.data() + 1000, c.data() + 2000);
    EXPECT_NE(a, c);
}

// ziggurat_fast_block decides the fast path on the integer position against fast_limit: at every
// layer's limit and its neighbours, and on a million further words, it agrees with
// ziggurat_fast bit for bit, scale 1 and scaled alike.
TEST(Random, ZigguratBlockEqualsItsOneWordForm) {
    const ZigguratTables& z = zig;
    std::vector<std::uint32_t> words;
    for (std::uint32_t layer = 0; layer < 256; ++layer)
        for (std::int64_t d = -2; d <= 2; ++d) {
            const std::int64_t j = std::int64_t(z.fast_limit[layer]) + d;
            if (j < 0 || j >= (std::int64_t(1) << 23)) continue;
            for (std::uint32_t sign = 0; sign < 2; ++sign)
                words.push_back(std::uint32_t(j) << 9 | sign << 8 | layer);
        }
    PhiloxBlock block;
    std::vector<std::int64_t> ids(philox_block_size);
    std::iota(ids.begin(), ids.end(), 0);
    for (std::uint64_t step = 0; words.size() < 1000000; ++step) {
        philox4x32_block(3, 1, step, ids.data(), philox_block_size, block);
        for (int k = 0; k < 4; ++k)
            words.insert(words.end(), block.w[k], block.w[k] + philox_block_size);
    }
    const int n = int(words.size());
    std::vector<double> ones(words.size(), 1.0), scale(words.size()), g(words.size()),
        scaled(words.size());
    for (int k = 0; k < n; ++k)
        scale[std::size_t(k)] = 0.37 + 1e-3 * (k % 97);
    // One spare word past the end, which must stay untouched, and a length that is not a
    // multiple of 64, so the last word's unused bits are checked clear.
    const std::size_t mask_words = std::size_t(n + 63) / 64;
    std::vector<std::uint64_t> miss(mask_words + 1, 7), miss_scaled(mask_words + 1, 7);
    ASSERT_NE(n % 64, 0);
    ziggurat_fast_block(z, words.data(), n, ones.data(), g.data(), miss.data());
    ziggurat_fast_block(z, words.data(), n, scale.data(), scaled.data(), miss_scaled.data());
    EXPECT_EQ(miss[mask_words], 7u);
    EXPECT_EQ(miss[mask_words - 1] >> (n % 64), 0u);
    EXPECT_EQ(miss, miss_scaled);
    int misses = 0;
    for (int k = 0; k < n; ++k) {
        bool good;
        const double one = ziggurat_fast(z, words[std::size_t(k)], good);
        const bool missed = (miss[std::size_t(k) / 64] >> (k % 64)) & 1;
        ASSERT_EQ(missed, !good) << "word " << words[std::size_t(k)];
        misses += !good;
        if (!good) continue;
        ASSERT_EQ(std::memcmp(&g[std::size_t(k)], &one, sizeof one), 0) << "word " << k;
        const double times = one * scale[std::size_t(k)];
        ASSERT_EQ(std::memcmp(&scaled[std::size_t(k)], &times, sizeof times), 0) << "word " << k;
    }
    // About 1.5 % of random words take the slow path (and half the words at the limits).
    EXPECT_GT(misses, 10000);
    EXPECT_LT(misses, 20000);
}

// Every length from 1 to 130 words: the vector form's sixteen-word groups and the portable form's
// remainder give ziggurat_fast's bits and flags wherever a block ends.
TEST(Random, ZigguratBlockOfAnyLength) {
    const ZigguratTables& z = zig;
    PhiloxBlock block;
    std::vector<std::int64_t> ids(philox_block_size);
    std::iota(ids.begin(), ids.end(), 40);
    philox4x32_block(5, 1, 9, ids.data(), philox_block_size, block);
    std::vector<std::uint32_t> words(block.w[0], block.w[0] + 130);
    // Misses at the ends of groups, so the bits of both forms are exercised.
    for (int k : {15, 16, 63, 64, 127})
        words[std::size_t(k)] = z.fast_limit[7] << 9 | 7u;
    const std::vector<double> scale(words.size(), 0.83);
    for (int n = 1; n <= 130; ++n) {
        std::vector<double> g(std::size_t(n) + 1, -7.0);
        std::vector<std::uint64_t> miss(std::size_t(n + 63) / 64 + 1, 3);
        ziggurat_fast_block(z, words.data(), n, scale.data(), g.data(), miss.data());
        ASSERT_EQ(g[std::size_t(n)], -7.0) << n;
        ASSERT_EQ(miss.back(), 3u) << n;
        for (int k = 0; k < n; ++k) {
            bool good;
            const double want = ziggurat_fast(z, words[std::size_t(k)], good) * 0.83;
            ASSERT_EQ((miss[std::size_t(k) / 64] >> (k % 64)) & 1, good ? 0u : 1u) << n << " " << k;
            if (good) {
                ASSERT_EQ(std::memcmp(&g[std::size_t(k)], &want, sizeof want), 0) << n;
            }
        }
        if (n % 64 != 0) {
            ASSERT_EQ(miss[std::size_t(n) / 64] >> (n % 64), 0u) << n;
        }
    }
}

// standard_normals3 with sigma per material gives the unscaled numbers times sigma, bit for bit,
// the slow-path draws included.
TEST(Random, ScaledNormalsAreTheNormalsTimesSigma) {
    const std::int64_t n = 5000;
    std::vector<std::int64_t> ids(n);
    std::vector<std::int32_t> material(n);
    for (std::int64_t i = 0; i < n; ++i) {
        ids[std::size_t(i)] = 17 * i + 5;
        material[std::size_t(i)] = std::int32_t(i % 3);
    }
    const double sigma[3] = {0.61, 1.7, 23.0};
    std::vector<double> g(3 * n), by_material(3 * n), one_sigma(3 * n);
    standard_normals3(zig, 11, RandomStream::thermal_field, 8, ids.data(), n, g.data(),
                      g.data() + n, g.data() + 2 * n);
    standard_normals3(zig, 11, RandomStream::thermal_field, 8, ids.data(), n, by_material.data(),
                      by_material.data() + n, by_material.data() + 2 * n, sigma, material.data());
    standard_normals3(zig, 11, RandomStream::thermal_field, 8, ids.data(), n, one_sigma.data(),
                      one_sigma.data() + n, one_sigma.data() + 2 * n, sigma + 2);
    for (std::int64_t k = 0; k < 3 * n; ++k) {
        const std::size_t i = std::size_t(k);
        const double a = g[i] * sigma[material[std::size_t(k % n)]], b = g[i] * sigma[2];
        ASSERT_EQ(std::memcmp(&by_material[i], &a, sizeof a), 0) << k;
        ASSERT_EQ(std::memcmp(&one_sigma[i], &b, sizeof b), 0) << k;
    }
}

// The per-atom forms a device thread calls give the CPU's block forms bit for bit: the Philox
// words, and the three normals of an atom, scaled, over enough atoms that every slow path (wedge,
// tail, fresh draws) is taken many times.
TEST(Random, PerAtomDrawsEqualTheBlockForms) {
    const std::int64_t n = 200000;
    std::vector<std::int64_t> ids(n);
    for (std::int64_t i = 0; i < n; ++i)
        ids[std::size_t(i)] = 3 * i + (i << 34);
    PhiloxBlock block;
    philox4x32_block(99, 1, 12, ids.data(), philox_block_size, block);
    for (int i = 0; i < philox_block_size; ++i) {
        std::uint32_t w[4];
        philox4x32_words(99, 1, 12, std::uint64_t(ids[std::size_t(i)]), w[0], w[1], w[2], w[3]);
        for (int k = 0; k < 4; ++k)
            ASSERT_EQ(w[k], block.w[k][i]) << i;
    }
    std::vector<std::int32_t> material(n);
    for (std::int64_t i = 0; i < n; ++i)
        material[std::size_t(i)] = std::int32_t(i % 2);
    const double sigma[2] = {0.73, 4.1};
    std::vector<double> g(3 * n);
    standard_normals3(zig, 21, RandomStream::thermal_field, 6, ids.data(), n, g.data(),
                      g.data() + n, g.data() + 2 * n, sigma, material.data());
    int beyond = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        double x, y, z;
        standard_normals3_at(zig, 21, RandomStream::thermal_field, 6,
                             std::uint64_t(ids[std::size_t(i)]), sigma[i % 2], x, y, z);
        const double want[3] = {x, y, z};
        for (int c = 0; c < 3; ++c) {
            const double got = g[std::size_t(c * n + i)];
            ASSERT_EQ(std::memcmp(&got, &want[c], sizeof got), 0) << "atom " << i << " c " << c;
            beyond += std::abs(got / sigma[i % 2]) > 3.6541528853610088;  // the tail
        }
    }
    EXPECT_GT(beyond, 50);  // the tail's draws were among them
}
