// Standard normal numbers from counter-based random words by the ziggurat method (Marsaglia &
// Tsang, 256 layers). Why not Random123's Box-Muller: it needs a log and a sincos per pair;
// measured here three normals cost 78 ns that way, most of an LLG step.
//
// The fast path (98.5% of draws) takes one 32-bit word: 8 bits choose the layer, 1 bit the sign,
// 23 bits the position, and costs two table lookups, one multiply and one compare. It has no
// rounding-sensitive arithmetic (the multiplies are exact or single), so a vector lane and a
// scalar loop give the same bits. The rare slow paths draw 64-bit words from the same
// counter-based generator, so every number is a pure function of (seed, stream, id, step). Their
// exp and log, and the tables', are util/portable_math.hpp's: the same bits on a CPU and a GPU
// and on any C library.
//
// The tables are plain data (ZigguratTables), built once by their owner (the integrator) and
// handed to the draws as a const reference: a device copies them like any other table. The
// one-word and finishing functions are MINIASD_HD (util/device.hpp); the block form below is the
// CPU's vectorised traversal of the same arithmetic.
#pragma once

#include <cmath>
#include <cstdint>

#include "util/device.hpp"
#include "util/portable_math.hpp"

namespace miniasd {

struct ZigguratTables {
    static constexpr int layers = 256;
    double x[layers + 1];  // layer edges; x[0] the base's pseudo-width, x[256] = 0
    double f[layers + 1];  // exp(-x^2 / 2) at the edges
    // The first position j = w >> 9 of each layer whose point misses the fast path (2^23: none).
    std::uint32_t fast_limit[layers];
};

// The tables, identical on every rank and every call (computed from the same constants).
ZigguratTables make_ziggurat_tables();

namespace ziggurat_detail {
constexpr double r = 3.6541528853610088;  // right edge of the base layer (256 layers)
MINIASD_HD inline double density(double x) {
    return portable_exp(-0.5 * x * x);
}
MINIASD_HD inline double open_uniform(std::uint64_t w) {  // (0, 1]: safe for log
    return (static_cast<double>(w >> 11) + 1.0) * 0x1.0p-53;
}
}  // namespace ziggurat_detail

// Fast path: a normal from one 32-bit word, or `ok` false when the slow path is needed.
MINIASD_HD inline double ziggurat_fast(const ZigguratTables& z, std::uint32_t w, bool& ok) {
    const std::uint32_t i = w & 0xff;
    const double sign = 1.0 - 2.0 * static_cast<double>((w >> 8) & 1);  // no branch
    const double x = static_cast<double>(w >> 9) * 0x1.0p-23 * z.x[i];
    ok = x < z.x[i + 1];
    return sign * x;
}

// The tail beyond r (Marsaglia 1964): the exponential proposal r + a, a = -ln(u1) / r, accepted
// with probability exp(-a^2/2) (2b > a^2, b = -ln(u2)); returns r + a, or -1.
MINIASD_HD inline double ziggurat_tail(std::uint64_t w1, std::uint64_t w2) {
    using namespace ziggurat_detail;
    const double a = -portable_log(open_uniform(w1)) / r;
    const double b = -portable_log(open_uniform(w2));
    return 2.0 * b > a * a ? r + a : -1.0;
}

// The wedge of layer i between its rectangle and the curve: x accepted under the density, with
// one further word; returns x, or -1.
MINIASD_HD inline double ziggurat_wedge(const ZigguratTables& z, int i, double x,
                                        std::uint64_t w1) {
    using namespace ziggurat_detail;
    const double y = z.f[i] + open_uniform(w1) * (z.f[i + 1] - z.f[i]);
    return y < density(x) ? x : -1.0;
}

// Completes a draw whose 32-bit word `w` missed the fast path, with 64-bit words supplied one by
// one by `next()`. A point of the base strip beyond r is a draw from the tail: the tail's
// proposals repeat until one is accepted (a fresh draw after a rejected proposal would thin the
// tail by the proposals' rejection rate, 7 % at r = 3.65: found by the 10^8-draw test, an excess
// kurtosis of -0.0027 and 2.41e-4 of the normals beyond r where 2.58e-4 belong). A point in a
// wedge gets the wedge test, and a fresh draw if that rejects (restarting without the test would
// bias the result towards the rectangles).
template <typename NextWord>
MINIASD_HD inline double ziggurat_finish(const ZigguratTables& z, std::uint32_t w,
                                         NextWord&& next) {
    int i = static_cast<int>(w & 0xff);
    double sign = 1.0 - 2.0 * static_cast<double>((w >> 8) & 1);
    double x = static_cast<double>(w >> 9) * 0x1.0p-23 * z.x[i];
    for (;;) {
        if (x < z.x[i + 1]) return sign * x;
        // The first word drawn is the test's second: the order GCC gave the two calls when they
        // were arguments of one call (unspecified in C++), kept explicit so that every compiler,
        // nvcc's device side included, draws the same numbers.
        std::uint64_t w2 = next();
        std::uint64_t w1 = next();
        if (i == 0)
            for (;;) {
                const double t = ziggurat_tail(w1, w2);
                if (t >= 0) return sign * t;
                w2 = next();
                w1 = next();
            }
        const double t = ziggurat_wedge(z, i, x, w1);
        if (t >= 0) return sign * t;
        const std::uint64_t w64 = next();
        i = static_cast<int>(w64 & 0xff);
        sign = 1.0 - 2.0 * static_cast<double>((w64 >> 8) & 1);
        x = static_cast<double>(w64 >> 11) * 0x1.0p-53 * z.x[i];
    }
}

// The CPU's vectorised continuation of n draws that missed the fast path: draw p with 32-bit
// word w[p], and the second and third 64-bit words its `next()` would supply, u1[p] and u2[p].
// Most misses end within those words: a wedge point its test accepts, or a rejected one whose
// next point (the third word) falls inside its rectangle. For those g[p] is ziggurat_finish's
// result and done[p] = 1, by its arithmetic operation for operation (the same bits); for the
// others (the tail, about 2% of misses, and a second miss) done[p] = 0, for ziggurat_finish to
// complete. Measured here: the scalar finish of every miss, with its unpredictable branches, took
// 2.1 ns of the 7 ns per atom of three normals.
void ziggurat_finish_block(const ZigguratTables& z, const std::uint32_t* w, const std::uint64_t* u1,
                           const std::uint64_t* u2, int n, double* g, std::int32_t* done);

// The CPU's vectorised fast path of ziggurat_fast for n words at once, scaled: g[k] =
// ziggurat_fast(w[k]) * scale[k] (the same two roundings), and bit k % 64 of miss[k / 64] set
// where the slow path is needed (miss has (n + 63) / 64 words; the bits past n are clear). It
// gives ziggurat_fast's bits but decides on the integer position (j < fast_limit[layer], the
// same test, since the rounded product is monotonic in j), so one table lookup of the two is a
// 32-bit one, and a loop the compiler vectorises with 32-bit gathers. A caller finds the 1.5% of
// misses a word at a time: a scan of per-draw flags with a branch each cost more than the misses
// themselves.
void ziggurat_fast_block(const ZigguratTables& z, const std::uint32_t* w, int n,
                         const double* scale, double* g, std::uint64_t* miss);

}  // namespace miniasd
