// What create:crystal-structure names: VAMPIRE's built-in cells, each an orthogonal cell of
// normalised dimensions (a_x = 1; the real cell is these times dimensions:unit-cell-size-x/y/z),
// its atoms, their unit-cell categories and the nearest-neighbour cutoff VAMPIRE's builder uses.
// docs/physics.md, "Crystals", lists them with their coordination.
#pragma once

#include <vector>

#include "input/config.hpp"

namespace miniasd {

struct CrystalCell {
    const char* name;         // the keyword's value
    Vec3 dimensions;          // normalised cell edges (a_x = 1)
    std::vector<Vec3> basis;  // fractional positions
    std::vector<int>
        category;  // [site] 1-based unit-cell category (material[i]:unit-cell-category)
    double r_nn;   // nearest-neighbour cutoff, units of a_x (bonds: r <= 1.000001 r_nn)
};

// Every built-in crystal, in CrystalStructure's order.
const std::vector<CrystalCell>& crystal_cells();
const CrystalCell& crystal_cell(CrystalStructure c);

}  // namespace miniasd
