#include "system/wall_slices.hpp"

#include <algorithm>
#include <cmath>

#include "util/geodesic.hpp"

namespace miniasd {

using geodesic::cross;
using geodesic::dot;

Vec3 wall_turn(const Vec3& s, const Vec3& target, double fraction, int axis) {
    Vec3 k = cross(s, target);
    const double sine = std::sqrt(dot(k, k));
    const double angle = std::atan2(sine, dot(s, target));
    if (angle == 0 || fraction <= 0) return s;
    if (sine < 1e-12) {
        Vec3 normal{0, 0, 0};
        normal[std::size_t(axis)] = 1;
        if (std::fabs(dot(normal, s)) > 1 - 1e-12) {
            normal = {0, 0, 0};
            normal[std::size_t((axis + 1) % 3)] = 1;
        }
        const double along = dot(normal, s);
        k = {normal[0] - along * s[0], normal[1] - along * s[1], normal[2] - along * s[2]};
    }
    const double n = std::sqrt(dot(k, k));
    k = {k[0] / n, k[1] / n, k[2] / n};
    // Rodrigues' formula for k normal to s.
    const double turn = std::min(fraction, 1.0) * angle;
    const Vec3 side = cross(k, s);
    Vec3 out;
    for (std::size_t a = 0; a < 3; ++a)
        out[a] = std::cos(turn) * s[a] + std::sin(turn) * side[a];
    const double length = std::sqrt(dot(out, out));
    return {out[0] / length, out[1] / length, out[2] / length};
}

double wall_fraction(double x, double length, double position, double width) {
    return std::clamp((x - (position * length - 0.5 * width)) / width, 0.0, 1.0);
}

}  // namespace miniasd
