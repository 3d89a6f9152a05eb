// The two planes of atoms VAMPIRE's exchange-stiffness program holds (sim:program =
// exchange-stiffness; docs/physics.md, "Exchange stiffness"). Along sim:domain-wall-axis, of the
// one constrained material's atoms: the first plane is at their least coordinate x_min, the middle
// plane at the coordinate nearest x_min + (x_max - x_min) / 2 + 3 A (a plane past the middle, as
// VAMPIRE chooses; the lower one on a tie), each taking the material's atoms within 0.1 A of it.
// The rest of the material and the other materials are free. The program's initial twist turns
// each spin by the angle times the fraction f = 2x / (x_max - x_min), mirrored (2 - f) beyond 1:
// VAMPIRE's, from the coordinate itself (x_min is 0 where the material starts at the box's
// origin).
#pragma once

#include <cstdint>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd {

namespace parallel {
class Comm;
}
struct Lattice;
struct LocalSystem;
struct SystemSettings;

struct StiffnessPlanes {
    int axis = 0;                            // 0, 1, 2: x, y, z
    int material = 0;                        // the constrained material (0-based)
    double first = 0, middle = 0, last = 0;  // coordinates along the axis (m)
    std::int64_t atoms[2] = {0, 0};          // in the first and the middle plane, over all ranks

    // 0: the first plane, 1: the middle plane, -1: free.
    int plane_of(int atom_material, double coordinate) const;
    // The initial twist's fraction at a coordinate (m).
    double fraction(double coordinate) const;
};

// What the program samples of each plane (0: the first, 1: the middle): the torque
// sum mu S x B of the deterministic field (J) and the sum of the spins, over every rank.
struct StiffnessSums {
    Vec3 torque[2];
    Vec3 spin[2];
};

// Collective. The planes of the constrained material (the last with material[i]:constrained)
// along sim:domain-wall-axis, from the owned atoms of every rank (exact: extremes and the nearest
// coordinate agree on every rank). Throws Error when the material has no atoms, or when the
// middle plane lies within 1 A of the first or the last (VAMPIRE's check: the system is too
// short along the axis).
StiffnessPlanes find_stiffness_planes(const SystemSettings& c, const Lattice& lattice,
                                      const LocalSystem& system, const parallel::Comm& comm);

// The per-atom planes of the owned atoms (0, 1 or -1, as plane_of).
std::vector<std::int32_t> stiffness_plane_of_atoms(const StiffnessPlanes& p, const Lattice& lattice,
                                                   const LocalSystem& system);

}  // namespace miniasd
