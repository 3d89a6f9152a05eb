// A fast 64-bit checksum of a byte range (the file table's per-piece checksum): 8 bytes at a time
// through a multiply-xorshift mix, the length folded in at the end, so flipped, missing or extra
// bytes change it. Not cryptographic; it detects corruption and truncation. Python readers can
// reproduce it (docs/output.md gives the algorithm).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace miniasd {

inline std::uint64_t checksum64(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint64_t h = 0x6d696e6941534400ULL;
    constexpr std::uint64_t mult = 0x9e3779b97f4a7c15ULL;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w = 0;
        for (int b = 0; b < 8; ++b)
            w |= std::uint64_t(p[i + b]) << (8 * b);  // little-endian
        h = (h ^ w) * mult;
        h ^= h >> 29;
    }
    std::uint64_t tail = 0;
    for (int b = 0; i < n; ++i, ++b)
        tail |= std::uint64_t(p[i]) << (8 * b);
    h = (h ^ tail) * mult;
    h ^= h >> 29;
    h = (h ^ std::uint64_t(n)) * mult;
    return h ^ (h >> 32);
}

}  // namespace miniasd
