// VAMPIRE's domain-wall program (sim:program = domain-wall; docs/physics.md, "Domain-wall
// program"): the wall it places on the spins it starts from, and the profile it writes. The
// program turns each spin towards its material's domain-wall-second-magnetisation-vector by the
// fraction f = clamp((x - (p L - w / 2)) / w, 0, 1) of the angle between them, x the atom's
// coordinate along sim:domain-wall-axis, L the box along it, p sim:domain-wall-position and w
// sim:domain-wall-width: a wall of width w where the spins turn at an even rate (VAMPIRE mixes
// the two directions linearly instead, S + f (m2 - S), unnormalised, which for antiparallel
// domains is collinear and passes through a zero spin). Its profile: the mean spin of each
// material in each slice floor(x / d) of thickness d = sim:domain-wall-discretisation, and the
// slice's atoms of that material, as VAMPIRE's dw-<step>.txt files list them.
#pragma once

#include <cstdint>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd {

// `s` (a unit vector) turned towards unit vector `target` by `fraction` of the angle between
// them, about their common normal; antiparallel ones turn about the axis `axis` (0, 1, 2) made
// normal to `s` (a Bloch wall), or, for a head-to-head wall (s along that axis), about the next.
Vec3 wall_turn(const Vec3& s, const Vec3& target, double fraction, int axis);

// The fraction f of the placed wall at coordinate x (m) along its axis, the box being `length`
// (m) along it.
double wall_fraction(double x, double length, double position, double width);

struct WallSlices {
    std::int64_t slices = 0;  // floor(L / d) + 1, VAMPIRE's count
    std::int64_t materials = 0;
    std::vector<std::int64_t> atoms;  // [slice * materials + material], over every rank
    std::vector<Vec3> mean;           // [slice * materials + material], the mean spin
};

}  // namespace miniasd
