// The sites of a crystal from its space group and the Wyckoff positions of its atoms: each
// position's orbit under the group's operations, wrapped into the cell. For VAMPIRE's two
// rare-earth crystals, which have too many atoms to list by hand (docs/physics.md, "Crystals").
#pragma once

#include <vector>

#include "util/vec3.hpp"

namespace miniasd {

// One symmetry operation x -> R x + t on fractional coordinates.
struct SymmetryOp {
    int r[3][3];
    Vec3 t;
};

// The operations of P4_2/mnm (No. 136, origin at the centre mmm) and of I4/mmm (No. 139, with
// the body-centring translation), as in the International Tables.
const std::vector<SymmetryOp>& p42_mnm();
const std::vector<SymmetryOp>& i4_mmm();

// The distinct images of `position` under `ops`, each in [0, 1)^3, in the order the operations
// first produce them (positions within 1e-6 are the same site).
std::vector<Vec3> orbit(const std::vector<SymmetryOp>& ops, const Vec3& position);

}  // namespace miniasd
