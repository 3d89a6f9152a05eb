// The particle shapes: which lattice sites a particle holds, each shape by VAMPIRE's own
// inequality (its create module, develop branch), so a VAMPIRE input cuts the same atoms.
// Positions are in metres here; VAMPIRE's in Angstrom (the one absolute length, tear-drop's
// 1.5 A neck, is converted).
#include <algorithm>
#include <cmath>
#include <limits>

#include "system/lattice.hpp"

namespace miniasd {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr double vampire_pi = 3.14159265358979323846264338327;  // cone.cpp's literal

// The cone's height L = R tan(90 deg - cone angle): its radius falls from R at z = 0 to 0 at L.
double cone_length(const ParticleCut& c) {
    return c.radius * std::tan((90.0 - c.parameters.cone_angle) * vampire_pi / 180.);
}

// tear-drop: a column of side 2R in x and y whose round cross-section narrows exponentially from
// both faces to a 1.5 A neck, with flat caps 1.24 % of the box height thick (VAMPIRE's constants).
bool in_tear_drop(const ParticleCut& c, double dx, double dy, double z) {
    const double min_z = 0.01242725414, max_z = 0.01242725414 + 0.01242725414;
    const double scale = max_z - min_z, neck = 1.5e-10;  // m
    const double h = c.box_height;
    if (dx > c.radius || dy > c.radius) return false;
    if (z <= h * min_z || z >= h * (1.0 - min_z)) return true;
    const double height = z <= h * 0.5 ? z - h * min_z : h * (1.0 - min_z) - z;
    const double r = c.radius * std::exp(-height / (scale * h)) + neck;
    return dx * dx + dy * dy <= r * r;
}

// bubble: a cylinder whose radius R f(z) narrows towards the nucleation height from the box's
// faces, f = 1.04 (1 - |z/H - n| / (edge - n))^b with edges -0.01 and 1.01 of the height H.
bool in_bubble(const ParticleCut& c, double dx, double dy, double z) {
    const double n = c.parameters.bubble_nucleation_height, b = c.parameters.bubble_radius;
    const double rminz = -0.01, rmaxz = 1.01, frh = z / c.box_height;
    const double f = frh > n ? 1.04 * std::pow(1.0 + ((n - frh) / (rmaxz - n)), b)
                             : 1.04 * std::pow((1.0 - (frh - n) / (rminz - n)), b);
    return dx * dx + dy * dy < f * f * (c.radius * c.radius);
}

}  // namespace

template <typename F>
void ParticleCut::for_candidates(const Vec3& p, F&& f) const {
    if (origins.empty()) {
        f(origin);
        return;
    }
    // The grid place nearest p, and its neighbours: a particle holding p is centred within its
    // radius of p, and its atom-centred origin within a cell of its grid place.
    const auto row = static_cast<long>(std::lround((p[1] - base_y) / pitch_y));
    for (long iy = row - 1; iy <= row + 1; ++iy) {
        if (iy < 0 || iy >= ny) continue;
        const bool hexagonal = parameters.array == ParticleParameters::Array::hexagonal;
        const double shift = hexagonal && iy % 2 == 1 ? 0.5 * pitch_x : 0.0;
        const auto column = static_cast<long>(std::lround((p[0] - base_x - shift) / pitch_x));
        for (long ix = column - 1; ix <= column + 1; ++ix) {
            if (ix < 0 || ix >= nx) continue;
            const int k = index[std::size_t(iy * nx + ix)];
            if (k >= 0) f(origins[std::size_t(k)]);
        }
    }
}

bool ParticleCut::contains(const Vec3& p) const {
    bool inside = false;
    for_candidates(p, [&](const Vec3& o) { inside = inside || contains_at(o, p); });
    return inside;
}

double ParticleCut::scaled_distance(const Vec3& p) const {
    double least = infinity;
    for_candidates(p, [&](const Vec3& o) { least = std::min(least, distance_at(o, p)); });
    return least;
}

bool ParticleCut::contains_at(const Vec3& origin, const Vec3& p) const {
    const double dx = p[0] - origin[0], dy = p[1] - origin[1], dz = p[2] - origin[2];
    const Vec3& sf = parameters.shape_factor;
    const double r2 = radius * radius;
    switch (shape) {
        case ParticleShape::ellipsoid:
            return dx * dx * (1.0 / (r2 * sf[0] * sf[0])) + dy * dy * (1.0 / (r2 * sf[1] * sf[1])) +
                       dz * dz * (1.0 / (r2 * sf[2] * sf[2])) <=
                   1.0;
        case ParticleShape::ellipse:
            return dx * dx * (1.0 / (r2 * sf[0] * sf[0])) +
                       dy * dy * (1.0 / (r2 * sf[1] * sf[1])) <=
                   1.0;
        case ParticleShape::cone: {
            // VAMPIRE measures the cone from the box's bottom (z = 0), not from the centre atom.
            const double length = cone_length(*this);
            return dx * dx * (1.0 / r2) + dy * dy * (1.0 / r2) <=
                   (length - p[2]) * (length - p[2]) * (1.0 / (length * length));
        }
        case ParticleShape::tear_drop:
            return in_tear_drop(*this, std::abs(dx), std::abs(dy), p[2]);
        case ParticleShape::bubble:
            return in_bubble(*this, dx, dy, p[2]);
        default:
            // VAMPIRE measures in A, where a lattice's boundary sites often lie exactly on the
            // surface (and are in); in metres rounding moves them by 1e-16: a boundary of 1e-12.
            return !(distance_at(origin, p) > 1.0 + 1e-12);
    }
}

double ParticleCut::distance_at(const Vec3& origin, const Vec3& p) const {
    const double x = std::abs(p[0] - origin[0]) / radius, y = std::abs(p[1] - origin[1]) / radius,
                 z = std::abs(p[2] - origin[2]) / radius;
    const Vec3& sf = parameters.shape_factor;
    switch (shape) {
        case ParticleShape::none:
            return 0.0;
        case ParticleShape::sphere:
            return std::sqrt(x * x + y * y + z * z);
        case ParticleShape::cylinder:
            return std::sqrt(x * x + y * y);
        case ParticleShape::cube:
            return std::max(x, y);
        case ParticleShape::truncated_octahedron:
            return std::max({(x + y + z) / 1.5, x / sf[0], y / sf[1], z / sf[2]});
        case ParticleShape::ellipsoid:
            return std::sqrt(x * x / (sf[0] * sf[0]) + y * y / (sf[1] * sf[1]) +
                             z * z / (sf[2] * sf[2]));
        case ParticleShape::ellipse:
            return std::sqrt(x * x / (sf[0] * sf[0]) + y * y / (sf[1] * sf[1]));
        case ParticleShape::cone: {
            // A core-shell size f narrows every cross-section to f times its radius.
            const double length = cone_length(*this);
            const double width = std::abs(length - p[2]) / length, rho = std::sqrt(x * x + y * y);
            return width > 0 ? rho / width : (rho == 0 ? 0.0 : infinity);
        }
        case ParticleShape::tear_drop:
        case ParticleShape::bubble:  // no core-shell materials (refused, as VAMPIRE ignores them)
            return contains_at(origin, p) ? 0.0 : infinity;
    }
    return 0.0;
}

double ParticleCut::reach(int a) const {
    if (!origins.empty()) return infinity;  // an array spans the box
    const Vec3& sf = parameters.shape_factor;
    switch (shape) {
        case ParticleShape::sphere:
            return radius;
        case ParticleShape::cube:
        case ParticleShape::cylinder:
            return a < 2 ? radius : infinity;
        case ParticleShape::truncated_octahedron:
        case ParticleShape::ellipsoid:
            return radius * sf[a];
        case ParticleShape::ellipse:
            return a < 2 ? radius * sf[a] : infinity;
        default:
            return infinity;
    }
}

}  // namespace miniasd
