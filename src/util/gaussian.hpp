// Standard normal numbers from counter-based random words by the ziggurat method (Marsaglia &
// Tsang, 256 layers). Why not Random123's Box-Muller: it needs a log and a sincos per pair;
// measured here three normals cost 78 ns that way, most of an LLG step.
//
// The fast path (98.5% of draws) takes one 32-bit word: 8 bits choose the layer, 1 bit the sign,
// 23 bits the position, and costs two table lookups, one multiply and one compare. It has no
// rounding-sensitive arithmetic (the multiplies are exact or single), so a vector lane and a
// scalar loop give the same bits. The rare slow paths draw 64-bit words from the same
// counter-based generator, so every number is a pure function of (seed, stream, id, step).
#pragma once

#include <array>
#include <cstdint>

namespace miniasd {

class Ziggurat {
  public:
    static constexpr int layers = 256;
    static const Ziggurat& instance();  // tables built once, identically on every rank

    // Fast path: a normal from one 32-bit word, or `ok` false when the slow path is needed.
    double fast(std::uint32_t w, bool& ok) const {
        const std::uint32_t i = w & 0xff;
        const double sign = 1.0 - 2.0 * static_cast<double>((w >> 8) & 1);  // no branch
        const double x = static_cast<double>(w >> 9) * 0x1.0p-23 * x_[i];
        ok = x < x_[i + 1];
        return sign * x;
    }

    // The fast path of fast() for n words at once, scaled: g[k] = fast(w[k]) * scale[k] (the
    // same two roundings), and bit k % 64 of miss[k / 64] set where the slow path is needed
    // (miss has (n + 63) / 64 words; the bits past n are clear). It gives fast()'s bits but
    // decides on the integer position (j < fast_limit_[layer], the same test, since the rounded
    // product is monotonic in j), so one table lookup of the two is a 32-bit one, and a loop the
    // compiler vectorises with 32-bit gathers. A caller finds the 1.5% of misses a word at a
    // time: a scan of per-draw flags with a branch each cost more than the misses themselves.
    void fast_block(const std::uint32_t* w, int n, const double* scale, double* g,
                    std::uint64_t* miss) const;
    // The first position j = w >> 9 of `layer` whose point misses the fast path (2^23: none).
    std::uint32_t fast_limit(int layer) const { return fast_limit_[std::size_t(layer)]; }

    // Completes a draw whose 32-bit word `w` missed the fast path: the wedge or tail test for the
    // same point first (restarting without it would bias the result towards the rectangles), then,
    // if that rejects, fresh draws from 64-bit words supplied one by one by `next()`.
    template <typename NextWord>
    double finish(std::uint32_t w, NextWord&& next) const {
        int i = static_cast<int>(w & 0xff);
        double sign = 1.0 - 2.0 * static_cast<double>((w >> 8) & 1);
        double x = static_cast<double>(w >> 9) * 0x1.0p-23 * x_[i];
        for (;;) {
            if (x < x_[i + 1]) return sign * x;
            const double t = slow(i, x, next(), next());
            if (t >= 0) return sign * t;
            const std::uint64_t w64 = next();
            i = static_cast<int>(w64 & 0xff);
            sign = 1.0 - 2.0 * static_cast<double>((w64 >> 8) & 1);
            x = static_cast<double>(w64 >> 11) * 0x1.0p-53 * x_[i];
        }
    }

  private:
    Ziggurat();
    // Tail (i == 0) or wedge test with two further words; returns the accepted |x|, or -1.
    double slow(int i, double x, std::uint64_t w1, std::uint64_t w2) const;
    std::array<double, layers + 1> x_;  // layer edges; x_[0] the base's pseudo-width, x_[256] = 0
    std::array<double, layers + 1> f_;  // exp(-x^2 / 2) at the edges
    std::array<std::uint32_t, layers> fast_limit_;  // see fast_limit()
};

}  // namespace miniasd
