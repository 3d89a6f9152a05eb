// A fast 64-bit checksum of a byte range (the file table's per-piece checksum): 8 bytes at a time,
// little-endian, through a multiply-xorshift mix, the length folded in at the end, so flipped,
// missing or extra bytes change it. Not cryptographic; it detects corruption and truncation.
// Checksum64 takes the bytes in any number of updates (a piece written in rounds) with the same
// result as checksum64 over the whole range. docs/output.md gives the algorithm for other readers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace miniasd {

class Checksum64 {
  public:
    void update(const void* data, std::size_t n) {
        const auto* p = static_cast<const unsigned char*>(data);
        length_ += n;
        while (fill_ != 0 && n > 0)
            take(*p++), --n;              // finish a word begun by the last update
        for (; n >= 8; p += 8, n -= 8) {  // whole words: the fast path
            std::uint64_t w = 0;
            for (int b = 0; b < 8; ++b)
                w |= std::uint64_t(p[b]) << (8 * b);  // a load on LE hosts
            mix(w);
        }
        while (n > 0)
            take(*p++), --n;
    }
    std::uint64_t finish() const {
        std::uint64_t h = h_;
        h = (h ^ word_) * mult;  // the tail (zero-padded; zero when the length is a multiple of 8)
        h ^= h >> 29;
        h = (h ^ length_) * mult;
        return h ^ (h >> 32);
    }

  private:
    static constexpr std::uint64_t mult = 0x9e3779b97f4a7c15ULL;
    void take(unsigned char byte) {
        word_ |= std::uint64_t(byte) << (8 * fill_);
        if (++fill_ == 8) {
            mix(word_);
            word_ = 0;
            fill_ = 0;
        }
    }
    void mix(std::uint64_t w) {
        h_ = (h_ ^ w) * mult;
        h_ ^= h_ >> 29;
    }
    std::uint64_t h_ = 0x6d696e6941534400ULL;
    std::uint64_t word_ = 0;
    int fill_ = 0;
    std::uint64_t length_ = 0;
};

inline std::uint64_t checksum64(const void* data, std::size_t n) {
    Checksum64 c;
    c.update(data, n);
    return c.finish();
}

}  // namespace miniasd
