// Counter-based random numbers (Random123's Philox). A draw is a pure function of
// (seed, stream, global atom id, step): any rank and any thread computes the same numbers for the
// same atom and step, which is what makes runs bitwise independent of the decomposition
// (invariant 1 of docs/architecture.md). There is no generator state to save for restarts.
#pragma once

#include <Random123/philox.h>

#include <cstdint>

namespace miniasd {

// Independent uses of the generator never share a counter.
enum class RandomStream : std::uint32_t {
    thermal_field = 1,
    initial_spin = 2,
    monte_carlo = 3,         // trial moves
    monte_carlo_accept = 5,  // the Metropolis test of uphill moves
    alloy = 4,
};

// Four independent uniform 64-bit words for (seed, stream, id, step); `block` numbers further
// blocks of four for the same tuple (block 0 of the thermal stream is never used this way: the
// thermal fast path takes its words from Philox4x32, util/philox_block.hpp).
inline r123::Philox4x64::ctr_type random_words(std::uint64_t seed, RandomStream stream,
                                               std::uint64_t id, std::uint64_t step,
                                               std::uint64_t block = 0) {
    r123::Philox4x64 rng;
    const r123::Philox4x64::ctr_type ctr = {{id, step, static_cast<std::uint64_t>(stream), block}};
    const r123::Philox4x64::key_type key = {{seed, 0x6d696e6941534400ULL /* "miniASD" */}};
    return rng(ctr, key);
}

// A uniform double in [0, 1) from the top 53 bits of a random word.
inline double unit_interval(std::uint64_t word) {
    return double(word >> 11) * 0x1.0p-53;
}

// Three N(0, 1) numbers per atom for ids[0..n) at `step`: gx[i], gy[i], gz[i]. With `sigma`,
// each is multiplied by its atom's standard deviation, sigma[material[i]] (sigma[0] when
// `material` is null): the same bits as multiplying afterwards, without a second pass.
void standard_normals3(std::uint64_t seed, RandomStream stream, std::uint64_t step,
                       const std::int64_t* ids, std::int64_t n, double* gx, double* gy, double* gz,
                       const double* sigma = nullptr, const std::int32_t* material = nullptr);

}  // namespace miniasd
