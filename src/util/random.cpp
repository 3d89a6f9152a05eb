#include "util/random.hpp"

#include <algorithm>

#include "util/gaussian.hpp"
#include "util/philox_block.hpp"

namespace miniasd {

void standard_normals3(std::uint64_t seed, RandomStream stream, std::uint64_t step,
                       const std::int64_t* ids, std::int64_t n, double* gx, double* gy,
                       double* gz) {
    const Ziggurat& z = Ziggurat::instance();
    PhiloxBlock words;
    bool ok[3][philox_block_size];
    double* out[3] = {gx, gy, gz};
    for (std::int64_t b = 0; b < n; b += philox_block_size) {
        const int m = static_cast<int>(std::min<std::int64_t>(philox_block_size, n - b));
        philox4x32_block(seed, static_cast<std::uint32_t>(stream), step, ids + b, m, words);
        for (int c = 0; c < 3; ++c) {
            double* g = out[c] + b;
#pragma omp simd
            for (int i = 0; i < m; ++i) {
                bool good;
                g[i] = z.fast(words.w[c][i], good);
                ok[c][i] = good;
            }
        }
        // Slow paths (about 1 in 80 numbers): component c of atom i continues with 64-bit words
        // from Philox4x64 blocks 1 + c, 4 + c, 7 + c, ... of its own counter.
        for (int c = 0; c < 3; ++c)
            for (int i = 0; i < m; ++i) {
                if (ok[c][i]) continue;
                const auto id = static_cast<std::uint64_t>(ids[b + i]);
                std::uint64_t k = 0;
                auto next = [&]() {
                    const std::uint64_t block = 1 + c + 3 * (k / 4);
                    return random_words(seed, stream, id, step, block)[k++ % 4];
                };
                out[c][b + i] = z.finish(words.w[c][i], next);
            }
    }
}

}  // namespace miniasd
