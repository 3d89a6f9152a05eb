// Order-independent 64-bit hash of a spin state (docs/output.md): the sum, modulo 2^64, of a mixed
// value per atom built from its global id and the raw bits of its three components. Summation is
// commutative, so any rank, thread or file order gives the same hash for the same state.
#pragma once

#include <cstdint>
#include <cstring>

namespace miniasd {

// SplitMix64 finaliser: a fast bijective mixer with good avalanche.
inline std::uint64_t mix64(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

inline std::uint64_t bits_of(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

// Contribution of one atom; sum these (wrapping) over atoms for the state hash.
inline std::uint64_t atom_hash(std::int64_t gid, double sx, double sy, double sz) {
    std::uint64_t h = mix64(static_cast<std::uint64_t>(gid));
    h = mix64(h ^ bits_of(sx));
    h = mix64(h ^ bits_of(sy));
    return mix64(h ^ bits_of(sz));
}

}  // namespace miniasd
