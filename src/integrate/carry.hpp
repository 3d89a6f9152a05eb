// What Heun's predictor of an atom hands to the corrector of the same atom: the per-step field
// (the thermal field drawn for the step, plus a field held through it), three values per atom.
// The traversal (integrate/sweep.hpp) decides where those values live for each kernel call:
//   CarryLinear  an array over a range of atoms (two passes; the boundary atoms);
//   CarryRing    a thread's ring of a few thousand atoms, enough for the fused sweep's window:
//                the values stay in cache from predictor to corrector, so a step does not write
//                and read back 24 B per atom through memory;
//   CarryFresh   a chunk's buffer, for a corrector whose predictor ran too far back for the
//                ring: the corrector draws the same values again (counter-based, so bit for bit);
//   CarryNone    at 0 K with no held field, nothing is carried.
// Each calls f(b, e, carry) for pieces of [b, e), carry.x[k] being atom b + k's value.
#pragma once

#include <algorithm>
#include <cstdint>

namespace miniasd {

struct Carry {
    double *x = nullptr, *y = nullptr, *z = nullptr;
    bool fresh = false;  // the corrector must compute the values (nobody kept them)
};

struct CarryNone {
    template <typename F>
    void pieces(std::int64_t b, std::int64_t e, F&& f) const {
        f(b, e, Carry{});
    }
};

// Atom i at p[i - base], p[n + i - base], p[2n + i - base].
struct CarryLinear {
    double* p;
    std::int64_t n, base;
    template <typename F>
    void pieces(std::int64_t b, std::int64_t e, F&& f) const {
        double* x = p + (b - base);
        f(b, e, Carry{x, x + n, x + 2 * n, false});
    }
};

// Atom i at p[(i - lo) & mask] (and mask + 1, 2 (mask + 1) further for y, z): a range that
// wraps round the ring's end is cut in two.
struct CarryRing {
    double* p;
    std::int64_t mask, lo;
    template <typename F>
    void pieces(std::int64_t b, std::int64_t e, F&& f) const {
        const std::int64_t size = mask + 1;
        while (b < e) {
            const std::int64_t at = (b - lo) & mask, n = std::min(e - b, size - at);
            f(b, b + n, Carry{p + at, p + size + at, p + 2 * size + at, false});
            b += n;
        }
    }
};

// A buffer of `chunk` atoms per component; ranges up to that long.
struct CarryFresh {
    double* p;
    std::int64_t chunk;
    template <typename F>
    void pieces(std::int64_t b, std::int64_t e, F&& f) const {
        f(b, e, Carry{p, p + chunk, p + 2 * chunk, true});
    }
};

}  // namespace miniasd
