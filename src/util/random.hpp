// Counter-based random numbers (Random123's Philox). A draw is a pure function of
// (seed, stream, global atom id, step): any rank and any thread computes the same numbers for the
// same atom and step, which is what makes runs bitwise independent of the decomposition
// (invariant 1 of docs/architecture.md). There is no generator state to save for restarts.
// The per-atom functions are MINIASD_HD: a device thread draws an atom's numbers with the same
// arithmetic as the CPU's block loops (util/philox_block.hpp, util/gaussian.hpp).
#pragma once

#include <Random123/philox.h>

#include <cstdint>

#include "util/device.hpp"
#include "util/gaussian.hpp"
#include "util/philox_block.hpp"

namespace miniasd {

// The random numbers' name, recorded in checkpoints: the counter-based words, the ziggurat and
// the IEEE-only exp and log of its slow path (and of Monte Carlo's acceptance and moves). A run
// continued by a build that draws otherwise gets other bits (docs/restart.md).
inline constexpr const char* random_numbers_id = "philox4x32-10 ziggurat-256 ieee-exp-log";

// Independent uses of the generator never share a counter.
enum class RandomStream : std::uint32_t {
    thermal_field = 1,
    initial_spin = 2,
    monte_carlo = 3,         // trial moves
    monte_carlo_accept = 5,  // the Metropolis test of uphill moves
    alloy = 4,
    constrained_pairs = 6,  // constrained Monte Carlo's pairing of a sweep's colour
    dilution = 7,           // material[i]:density's vacancies
};

// Four independent uniform 64-bit words for (seed, stream, id, step); `block` numbers further
// blocks of four for the same tuple (block 0 of the thermal stream is never used this way: the
// thermal fast path takes its words from Philox4x32, util/philox_block.hpp).
MINIASD_HD inline r123::Philox4x64::ctr_type random_words(std::uint64_t seed, RandomStream stream,
                                                          std::uint64_t id, std::uint64_t step,
                                                          std::uint64_t block = 0) {
    r123::Philox4x64 rng;
    const r123::Philox4x64::ctr_type ctr = {{id, step, static_cast<std::uint64_t>(stream), block}};
    const r123::Philox4x64::key_type key = {{seed, 0x6d696e6941534400ULL /* "miniASD" */}};
    return rng(ctr, key);
}

// A uniform double in [0, 1) from the top 53 bits of a random word.
MINIASD_HD inline double unit_interval(std::uint64_t word) {
    return double(word >> 11) * 0x1.0p-53;
}

// The rare draw that missed the ziggurat's fast path: component c of atom `id` continues with
// 64-bit words from Philox4x64 blocks 1 + c, 4 + c, 7 + c, ... of its own counter; `first` is
// block 1 + c (the CPU computes the first blocks of a batch's misses together beforehand).
MINIASD_HD inline double finish_normal(const ZigguratTables& z, std::uint32_t word,
                                       const r123::Philox4x64::ctr_type& first, std::uint64_t seed,
                                       RandomStream stream, std::uint64_t id, std::uint64_t step,
                                       int c) {
    std::uint64_t k = 0;
    r123::Philox4x64::ctr_type words = first;
    auto next = [&]() {
        // One Philox4x64 evaluation serves four consecutive words.
        if (k > 0 && k % 4 == 0) words = random_words(seed, stream, id, step, 1 + c + 3 * (k / 4));
        return words[k++ % 4];
    };
    return ziggurat_finish(z, word, next);
}

// The three N(0, 1) numbers of atom `id` at `step`, each times `scale` (the atom's standard
// deviation, or 1): what standard_normals3 gives that atom, bit for bit, drawn alone.
MINIASD_HD inline void standard_normals3_at(const ZigguratTables& z, std::uint64_t seed,
                                            RandomStream stream, std::uint64_t step,
                                            std::uint64_t id, double scale, double& gx, double& gy,
                                            double& gz) {
    std::uint32_t w[4];
    philox4x32_words(seed, static_cast<std::uint32_t>(stream), step, id, w[0], w[1], w[2], w[3]);
    double g[3];
    for (int c = 0; c < 3; ++c) {
        bool ok;
        const double fast = ziggurat_fast(z, w[c], ok);
        g[c] = ok ? fast * scale
                  : finish_normal(z, w[c], random_words(seed, stream, id, step, 1 + c), seed,
                                  stream, id, step, c) *
                        scale;
    }
    gx = g[0];
    gy = g[1];
    gz = g[2];
}

// Three N(0, 1) numbers per atom for ids[0..n) at `step`: gx[i], gy[i], gz[i], the CPU's
// vectorised form of standard_normals3_at. With `sigma`, each is multiplied by its atom's
// standard deviation, sigma[material[i]] (sigma[0] when `material` is null): the same bits as
// multiplying afterwards, without a second pass.
void standard_normals3(const ZigguratTables& z, std::uint64_t seed, RandomStream stream,
                       std::uint64_t step, const std::int64_t* ids, std::int64_t n, double* gx,
                       double* gy, double* gz, const double* sigma = nullptr,
                       const std::int32_t* material = nullptr);

}  // namespace miniasd
