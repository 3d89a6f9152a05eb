#include "util/random.hpp"

#include <algorithm>

namespace miniasd {

void standard_normals3(const ZigguratTables& z, std::uint64_t seed, RandomStream stream,
                       std::uint64_t step, const std::int64_t* ids, std::int64_t n, double* gx,
                       double* gy, double* gz, const double* sigma, const std::int32_t* material) {
    PhiloxBlock words;
    // Each atom's factor: sigma of its material, or 1 (exact: the unscaled numbers' bits).
    alignas(64) double scale[philox_block_size];
    constexpr int mask_words = philox_block_size / 64;
    std::uint64_t miss[3][mask_words];
    // The block's slow-path draws: atom, component, word, and the first Philox4x64 block of each.
    constexpr int lanes = 8;  // the continuation's vector width (AVX-512 doubles)
    constexpr int most = 3 * philox_block_size + lanes;
    std::int32_t miss_atom[most], miss_component[most], done[most];
    std::uint32_t miss_word[most];
    r123::Philox4x64::ctr_type first[most];
    std::uint64_t second_word[most], third_word[most];  // the vectorised continuation's
    double finished[most];
    double* out[3] = {gx, gy, gz};
    for (std::int64_t b = 0; b < n; b += philox_block_size) {
        const int m = static_cast<int>(std::min<std::int64_t>(philox_block_size, n - b));
        philox4x32_block(seed, static_cast<std::uint32_t>(stream), step, ids + b, m, words);
        for (int i = 0; i < m; ++i)
            scale[i] = !sigma ? 1.0 : sigma[material ? material[b + i] : 0];
        for (int c = 0; c < 3; ++c)
            ziggurat_fast_block(z, words.w[c], m, scale, out[c] + b, miss[c]);
        // About 1.5% of draws miss the fast path: found a bit at a time.
        int misses = 0;
        for (int c = 0; c < 3; ++c)
            for (int q = 0; q < (m + 63) / 64; ++q)
                for (std::uint64_t bits = miss[c][q]; bits != 0; bits &= bits - 1) {
                    miss_atom[misses] = 64 * q + __builtin_ctzll(bits);
                    miss_word[misses] = words.w[c][miss_atom[misses]];
                    miss_component[misses++] = c;
                }
        // Their first 64-bit words in a loop of their own: each Philox4x64 evaluation is a chain
        // of dependent multiplies, and without the branches of the finish between them the core
        // runs several chains at once.
        for (int p = 0; p < misses; ++p) {
            first[p] = random_words(seed, stream, static_cast<std::uint64_t>(ids[b + miss_atom[p]]),
                                    step, 1 + static_cast<std::uint64_t>(miss_component[p]));
            second_word[p] = first[p][1];
            third_word[p] = first[p][2];
        }
        // Padded with harmless draws to whole vectors: about 11 misses per block, and the
        // compiler's scalar remainder loop took most of the continuation's time.
        const int padded = (misses + lanes - 1) / lanes * lanes;
        for (int p = misses; p < padded; ++p) {
            miss_word[p] = 0;
            second_word[p] = third_word[p] = 0;
        }
        ziggurat_finish_block(z, miss_word, second_word, third_word, padded, finished, done);
        for (int p = 0; p < misses; ++p) {
            const int i = miss_atom[p], c = miss_component[p];
            out[c][b + i] =
                (done[p] ? finished[p]
                         : finish_normal(z, miss_word[p], first[p], seed, stream,
                                         static_cast<std::uint64_t>(ids[b + i]), step, c)) *
                scale[i];
        }
    }
}

}  // namespace miniasd
