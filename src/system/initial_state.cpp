#include "system/initial_state.hpp"

#include <Random123/uniform.hpp>

#include <cmath>
#include <cstdio>

#include "system/wall_slices.hpp"
#include "util/random.hpp"

namespace miniasd {

namespace {

constexpr double pi = 3.141592653589793, degree = pi / 180;

Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 unit(const Vec3& a) {
    const double n = std::sqrt(dot(a, a));
    return {a[0] / n, a[1] / n, a[2] / n};
}

// Uniform on the sphere from (seed, atom id): cos(theta) uniform in [-1, 1), phi in [0, 2 pi).
Vec3 random_direction(std::uint64_t seed, std::int64_t gid) {
    const auto w = random_words(seed, RandomStream::initial_spin, std::uint64_t(gid), 0);
    const double ct = 2.0 * r123::u01<double>(w[0]) - 1.0;
    const double phi = 2.0 * pi * r123::u01<double>(w[1]);
    const double st = std::sqrt(std::max(0.0, 1.0 - ct * ct));
    return {st * std::cos(phi), st * std::sin(phi), ct};
}

// The material's own start: its direction, or random when it says so.
Vec3 material_direction(const SystemSettings& c, std::uint64_t seed, std::int64_t gid,
                        int material) {
    const MaterialConfig& m = c.materials[std::size_t(material)];
    return m.random_initial_spin ? random_direction(seed, gid) : m.initial_spin;
}

// Displacement a - b along an axis of length `length`, the nearest image when periodic.
double apart(double a, double b, double length, bool periodic) {
    double d = a - b;
    if (periodic) d -= length * std::round(d / length);
    return d;
}

Vec3 skyrmion(const SystemSettings& c, const Lattice& l, const Vec3& r) {
    const double lx = double(l.cells[0]) * l.cell_size[0];
    const double ly = double(l.cells[1]) * l.cell_size[1];
    // The nearest centre (the first of equals).
    double dx = 0, dy = 0, best = INFINITY;
    for (const auto& centre : c.initial.skyrmion_centres) {
        const double ex = apart(r[0], centre[0] * lx, lx, l.periodic[0]);
        const double ey = apart(r[1], centre[1] * ly, ly, l.periodic[1]);
        if (ex * ex + ey * ey < best) {
            best = ex * ex + ey * ey;
            dx = ex;
            dy = ey;
        }
    }
    const double radius = c.initial.skyrmion_radius, w = radius / 2;
    const double d = std::sqrt(best);
    // Theta from 0 at the core to pi far away; at d = 0 atan gives pi/2, so Theta = 0 exactly.
    const double theta =
        d > 0 ? pi - 2.0 * std::atan(std::sinh(radius / w) / std::sinh(d / w)) : 0.0;
    const double phi = std::atan2(dy, dx) + c.initial.skyrmion_helicity * degree;
    const double p = double(c.initial.skyrmion_polarity);
    return {std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), p * std::cos(theta)};
}

Vec3 spiral(const SystemSettings& c, const Lattice& l, const Vec3& r) {
    const Vec3 n = c.initial.spiral_axis;
    // e1: the axis of x, y, z least aligned with n, made perpendicular to it; e2 = n x e1.
    int least = 0;
    for (int a = 1; a < 3; ++a)
        if (std::fabs(n[std::size_t(a)]) < std::fabs(n[std::size_t(least)])) least = a;
    Vec3 t{0, 0, 0};
    t[std::size_t(least)] = 1;
    const double along = dot(t, n);
    const Vec3 e1 = unit({t[0] - along * n[0], t[1] - along * n[1], t[2] - along * n[2]});
    const Vec3 e2 = cross(n, e1);
    double phase = 0;
    for (int a = 0; a < 3; ++a)
        phase += 2.0 * pi * c.initial.spiral_wave_vector[std::size_t(a)] * r[std::size_t(a)] /
                 l.cell_size[std::size_t(a)];
    const double cone = c.initial.spiral_cone_angle * degree, cs = std::cos(phase),
                 sn = std::sin(phase);
    Vec3 s;
    for (std::size_t k = 0; k < 3; ++k)
        s[k] = std::cos(cone) * n[k] + std::sin(cone) * (cs * e1[k] + sn * e2[k]);
    return unit(s);
}

Vec3 domain_wall(const SystemSettings& c, std::uint64_t seed, const Lattice& l, std::int64_t gid,
                 int material, const Vec3& r) {
    const int a = c.initial.domain_wall_axis;
    const double length = double(l.cells[std::size_t(a)]) * l.cell_size[std::size_t(a)];
    const double u = r[std::size_t(a)] - c.initial.domain_wall_position * length;
    const Vec3 m1 = material_direction(c, seed, gid, material);
    const Vec3 m2 = c.materials[std::size_t(material)].domain_wall_second_direction;
    // The turn's fraction of the angle: the tanh profile's, 2/pi atan(exp(pi u / width)).
    return wall_turn(m1, m2, (2.0 / pi) * std::atan(std::exp(pi * u / c.initial.domain_wall_width)),
                     a);
}

}  // namespace

std::string describe_initial_state(const SystemSettings& c, std::uint64_t seed) {
    using S = InitialState;
    seed = spin_seed(c.initial, seed);
    char b[256];
    switch (c.initial.state) {
        case S::uniform:
            return "";
        case S::random:
            return "Initial spins: random (seed " + std::to_string(seed) + ")\n";
        case S::skyrmion:
            std::snprintf(b, sizeof b,
                          "Initial spins: %zu skyrmion(s), radius %.4g A, helicity %g degrees, "
                          "polarity %+d (the core's S_z)\n",
                          c.initial.skyrmion_centres.size(), c.initial.skyrmion_radius * 1e10,
                          c.initial.skyrmion_helicity, c.initial.skyrmion_polarity);
            return b;
        case S::spiral:
            std::snprintf(b, sizeof b,
                          "Initial spins: spiral, q = (%g, %g, %g) reciprocal cells about (%g, %g, "
                          "%g), cone %g degrees\n",
                          c.initial.spiral_wave_vector[0], c.initial.spiral_wave_vector[1],
                          c.initial.spiral_wave_vector[2], c.initial.spiral_axis[0],
                          c.initial.spiral_axis[1], c.initial.spiral_axis[2],
                          c.initial.spiral_cone_angle);
            return b;
        case S::domain_wall:
            std::snprintf(b, sizeof b,
                          "Initial spins: domain wall across %c at %g of the system, %.4g A wide "
                          "(a tanh length of %.4g A, as output:domain-wall-width reports it)\n",
                          char('x' + c.initial.domain_wall_axis), c.initial.domain_wall_position,
                          c.initial.domain_wall_width * 1e10,
                          c.initial.domain_wall_width * 1e10 / pi);
            return b;
        case S::file:
            return "Initial spins: from " + c.initial.file + "\n";
    }
    return "";
}

Vec3 initial_direction(const SystemSettings& c, std::uint64_t seed, const Lattice& l,
                       std::int64_t gid, int material, const Vec3& position) {
    using S = InitialState;
    seed = spin_seed(c.initial, seed);
    switch (c.initial.state) {
        case S::random:
            return random_direction(seed, gid);
        case S::skyrmion:
            return skyrmion(c, l, position);
        case S::spiral:
            return spiral(c, l, position);
        case S::domain_wall:
            return domain_wall(c, seed, l, gid, material, position);
        case S::uniform:
        case S::file:  // the file's spins replace these (output/format/spin_file.hpp)
            break;
    }
    return material_direction(c, seed, gid, material);
}

}  // namespace miniasd
