// Geometry on the unit sphere for chains of spin configurations (integrate/gneb.hpp): the angle
// between two spins, the point a fraction of the way along the great circle between them, and
// the cubic Hermite interpolation of an energy path. Angles come from atan2(|a x b|, a . b),
// which is accurate for nearly parallel and nearly antiparallel spins alike (acos of the dot
// product loses half the digits there).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd::geodesic {

inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// The angle between unit vectors a and b (rad, in [0, pi]).
inline double angle(const Vec3& a, const Vec3& b) {
    const Vec3 c = cross(a, b);
    return std::atan2(std::sqrt(dot(c, c)), dot(a, b));
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
