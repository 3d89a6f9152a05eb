// Geometry on the unit sphere for chains of spin configurations (integrate/gneb.hpp): the angle
// between two spins, the point a fraction of the way along the great circle between them, and
// the cubic Hermite interpolation of an energy path. Angles come from atan2(|a x b|, a . b),
// which is accurate for nearly parallel and nearly antiparallel spins alike (acos of the dot
// product loses half the digits there).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd::geodesic {

inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// atan(k / 8) for k = 0 .. 8, correctly rounded (angle_of's table; 9 .. 15 are never read for
// arguments that are numbers).
inline constexpr double atan_eighths[16] = {0.0,
                                            0.12435499454676144,
                                            0.24497866312686414,
                                            0.35877067027057225,
                                            0.4636476090008061,
                                            0.5585993153435624,
                                            0.6435011087932844,
                                            0.7188299996216245,
                                            0.7853981633974483,
                                            0,
                                            0,
                                            0,
                                            0,
                                            0,
                                            0,
                                            0};

// atan2(y, x) for y >= 0 (rad, in [0, pi]; 0 for y = x = 0), from + - * / and a table alone:
// the same bits wherever it runs, and a loop of it vectorises (the library's atan2 is a call with
// slow paths for some arguments, half the chain's time). The ratio t = min(y, |x|) / max(y, |x|)
// in [0, 1] is reduced about the nearest c = k/8: atan t = atan c + atan u, with
// u = (t - c) / (1 + t c) in [-1/16, 1/16], where the odd series u - u^3/3 + ... + u^13/13 is
// exact to below 1e-17 relative (the next term is u^15/15 < 2^-56 u / 15); then pi/2 - r when
// y > |x| and pi - r when x < 0, pi split into two doubles. Within a few units in the last place
// of the library's atan2 (tests/integrate/test_gneb.cpp) for finite arguments below DBL_MAX / 2
// (the cross and dot products of unit vectors, for which it is made); an infinite one gives NaN,
// and subnormal pairs lose digits.
inline double angle_of(double y, double x) {
    constexpr double pi_hi = 3.141592653589793, pi_lo = 1.2246467991473532e-16;
    constexpr double half_pi_hi = 1.5707963267948966, half_pi_lo = 6.123233995736766e-17;
    // Every operation runs whatever the arguments (a division by 1 stands in for one by 0), so
    // the compiler may vectorise without speculating a division.
    const double a = std::abs(x);
    const bool steep = y > a;
    const double big = steep ? y : a, small = steep ? a : y;
    const double safe = big > 0 ? big : 1.0;  // big = 0: small = 0, and t = u = 0
    const double t = small / safe;
    // 8 t rounded to an integer k in 0 .. 8 by adding 1.5 2^52 (whose last bits then hold k),
    // no conversion that a NaN could make undefined: the index is those bits' lowest four, and
    // the table has 16 entries.
    const double shifted = t * 8 + 0x1.8p52;
    std::uint64_t bits;
    std::memcpy(&bits, &shifted, sizeof bits);
    const double c = (shifted - 0x1.8p52) * 0.125;
    const std::size_t k = bits & 15;
    const double u = (small - c * big) / (safe + c * small), z = u * u;
    const double series =
        -1.0 / 3 +
        z * (1.0 / 5 + z * (-1.0 / 7 + z * (1.0 / 9 + z * (-1.0 / 11 + z * (1.0 / 13)))));
    double r = atan_eighths[k] + (u + u * (z * series));
    r = steep ? (half_pi_hi - r) + half_pi_lo : r;
    return x < 0 ? (pi_hi - r) + pi_lo : r;
}

// The angle between unit vectors a and b (rad, in [0, pi]), from their components (a loop of it
// vectorises) or as vectors.
inline double angle(double ax, double ay, double az, double bx, double by, double bz) {
    const double cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
    return angle_of(std::sqrt(cx * cx + cy * cy + cz * cz), ax * bx + ay * by + az * bz);
}
inline double angle(const Vec3& a, const Vec3& b) {
    return angle(a[0], a[1], a[2], b[0], b[1], b[2]);
}

// A unit vector perpendicular to a, in the plane of a and b, pointing toward b: the direction in
// which the great circle from a to b leaves a. For b antiparallel to a (|a x b| below 1e-12,
// a . b < 0) every great circle reaches b; the one taken leaves a toward the coordinate axis
// least aligned with a (x before y before z on a tie), so the choice is deterministic and the
// same on every rank. For b equal to a: the zero vector.
inline Vec3 departure(const Vec3& a, const Vec3& b) {
    const double ab = dot(a, b);
    Vec3 u{b[0] - ab * a[0], b[1] - ab * a[1], b[2] - ab * a[2]};
    const Vec3 c = cross(a, b);
    if (std::sqrt(dot(c, c)) <= 1e-12) {
        if (ab > 0) return {0, 0, 0};
        int axis = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(a[std::size_t(k)]) < std::abs(a[std::size_t(axis)])) axis = k;
        Vec3 e{0, 0, 0};
        e[std::size_t(axis)] = 1;
        const double ea = dot(e, a);
        u = {e[0] - ea * a[0], e[1] - ea * a[1], e[2] - ea * a[2]};
    }
    if (!normalise(u)) return {0, 0, 0};
    return u;
}

// The point a fraction t in [0, 1] of the way from a to b along the great circle (slerp):
// cos(t theta) a + sin(t theta) u, theta = angle(a, b), u = departure(a, b). t = 1 gives b to
// rounding (for antiparallel b, -a along the documented circle).
inline Vec3 slerp(const Vec3& a, const Vec3& b, double t) {
    const Vec3 u = departure(a, b);
    const double th = t * angle(a, b), c = std::cos(th), s = std::sin(th);
    Vec3 p{c * a[0] + s * u[0], c * a[1] + s * u[1], c * a[2] + s * u[2]};
    normalise(p);
    return p;
}

// The energy path between the images by cubic Hermite interpolation in the reaction coordinate:
// each segment [s_k, s_k+1] matched to E and dE/ds at both ends, `points` values per segment
// (the first at s_k) and the last image's. Returns (s, E) pairs in order.
inline std::vector<std::array<double, 2>> hermite_path(const std::vector<double>& s,
                                                       const std::vector<double>& e,
                                                       const std::vector<double>& slope,
                                                       int points) {
    std::vector<std::array<double, 2>> out;
    for (std::size_t k = 0; k + 1 < s.size(); ++k) {
        const double h = s[k + 1] - s[k];
        for (int p = 0; p < points; ++p) {
            const double t = double(p) / points, t2 = t * t, t3 = t2 * t;
            const double h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2,
                         h11 = t3 - t2;
            out.push_back({s[k] + t * h, h00 * e[k] + h10 * h * slope[k] + h01 * e[k + 1] +
                                             h11 * h * slope[k + 1]});
        }
    }
    if (!s.empty()) out.push_back({s.back(), e.back()});
    return out;
}

}  // namespace miniasd::geodesic
