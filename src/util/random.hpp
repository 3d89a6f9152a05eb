// Counter-based random numbers (Random123 Philox4x64-10). A draw is a pure function of
// (seed, stream, global atom id, step): any rank and any thread computes the same numbers for the
// same atom and step, which is what makes runs bitwise independent of the decomposition
// (design.md invariant 1). There is no generator state to save for restarts.
#pragma once

#include <Random123/philox.h>
#include <Random123/boxmuller.hpp>

#include <cstdint>

namespace miniasd {

// Independent uses of the generator never share a counter.
enum class RandomStream : std::uint64_t { thermal_field = 1, initial_spin = 2 };

// Four independent uniform 64-bit words for (seed, stream, id, step).
inline r123::Philox4x64::ctr_type random_words(std::uint64_t seed, RandomStream stream,
                                               std::uint64_t id, std::uint64_t step) {
    r123::Philox4x64 rng;
    const r123::Philox4x64::ctr_type ctr = {{id, step, static_cast<std::uint64_t>(stream), 0}};
    const r123::Philox4x64::key_type key = {{seed, 0x6d696e6941534400ULL /* "miniASD" */}};
    return rng(ctr, key);
}

// Three independent N(0, 1) numbers for (seed, stream, id, step), by Box-Muller on one draw.
inline void gaussian3(std::uint64_t seed, RandomStream stream, std::uint64_t id, std::uint64_t step,
                      double& g0, double& g1, double& g2) {
    const auto w = random_words(seed, stream, id, step);
    const r123::double2 a = r123::boxmuller(w[0], w[1]);
    const r123::double2 b = r123::boxmuller(w[2], w[3]);
    g0 = a.x;
    g1 = a.y;
    g2 = b.x;
}

}  // namespace miniasd
