#include "util/random.hpp"

#include <algorithm>

#include "util/gaussian.hpp"
#include "util/philox_block.hpp"

namespace miniasd {

namespace {

// The rare draw that missed the ziggurat's fast path: component c of atom `id` continues with
// 64-bit words from Philox4x64 blocks 1 + c, 4 + c, 7 + c, ... of its own counter.
double finish_slow(const Ziggurat& z, std::uint32_t first, std::uint64_t seed, RandomStream stream,
                   std::uint64_t id, std::uint64_t step, int c) {
    std::uint64_t k = 0;
    r123::Philox4x64::ctr_type words{};
    auto next = [&]() {
        // One Philox4x64 evaluation serves four consecutive words.
        if (k % 4 == 0) words = random_words(seed, stream, id, step, 1 + c + 3 * (k / 4));
        return words[k++ % 4];
    };
    return z.finish(first, next);
}

}  // namespace

void standard_normals3(std::uint64_t seed, RandomStream stream, std::uint64_t step,
                       const std::int64_t* ids, std::int64_t n, double* gx, double* gy, double* gz,
                       const double* sigma, const std::int32_t* material) {
    const Ziggurat& z = Ziggurat::instance();
    PhiloxBlock words;
    // Each atom's factor: sigma of its material, or 1 (exact: the unscaled numbers' bits).
    alignas(64) double scale[philox_block_size];
    // 1 where the fast path succeeded; read eight at a time below, so padded to whole words.
    alignas(64) std::int32_t ok[3][philox_block_size];
    double* out[3] = {gx, gy, gz};
    for (std::int64_t b = 0; b < n; b += philox_block_size) {
        const int m = static_cast<int>(std::min<std::int64_t>(philox_block_size, n - b));
        philox4x32_block(seed, static_cast<std::uint32_t>(stream), step, ids + b, m, words);
        for (int i = 0; i < m; ++i)
            scale[i] = !sigma ? 1.0 : sigma[material ? material[b + i] : 0];
        for (int c = 0; c < 3; ++c)
            z.fast_block(words.w[c], m, scale, out[c] + b, ok[c]);
        // About 1.5% of draws miss the fast path. Skip eight all-good flags at a time: a
        // flag-by-flag scan with a branch each cost more than the misses themselves.
        for (int c = 0; c < 3; ++c)
            for (int i0 = 0; i0 < m; i0 += 8) {
                if (i0 + 8 <= m) {
                    std::int32_t all = 1;
                    for (int i = i0; i < i0 + 8; ++i)
                        all &= ok[c][i];
                    if (all) continue;
                }
                for (int i = i0; i < std::min(m, i0 + 8); ++i)
                    if (!ok[c][i])
                        out[c][b + i] =
                            finish_slow(z, words.w[c][i], seed, stream,
                                        static_cast<std::uint64_t>(ids[b + i]), step, c) *
                            scale[i];
            }
    }
}

}  // namespace miniasd
