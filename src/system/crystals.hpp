// What create:crystal-structure names: VAMPIRE's built-in cells, each an orthogonal cell of
// normalised dimensions (a_x = 1; the real cell is these times dimensions:unit-cell-size-x/y/z),
// its atoms, their unit-cell categories and the nearest-neighbour cutoff VAMPIRE's builder uses.
// docs/physics.md, "Crystals", lists them with their coordination.
#pragma once

#include <vector>

#include "system/system_settings.hpp"

namespace miniasd {

struct CrystalCell {
    const char* name;         // the keyword's value
    Vec3 dimensions;          // normalised cell edges (a_x = 1)
    std::vector<Vec3> basis;  // fractional positions
    std::vector<int>
        category;  // [site] 1-based unit-cell category (material[i]:unit-cell-category)
    double r_nn;   // nearest-neighbour cutoff, units of a_x (bonds: r <= 1.000001 r_nn)
    // VAMPIRE's builder gives every atom of this crystal one category unless
    // create:crystal-sublattice-materials is set (bcc, fcc, hcp, ...); `category` is then what
    // the keyword gives.
    bool sublattices_on_request = false;
};

// Every built-in crystal, in CrystalStructure's order.
const std::vector<CrystalCell>& crystal_cells();
const CrystalCell& crystal_cell(CrystalStructure c);

// The unit-cell categories (1-based, per basis site of the built-in crystal) that VAMPIRE's
// per-category-pair exchange keywords (exchange:nn-cutoff-range[a][b], ...) and the
// normalisation of exchange:function weights count by: the crystal's categories, or all 1 for a
// crystal whose sublattices are categories only with create:crystal-sublattice-materials when it
// is not given. Material placement (unit-cell-category) always uses the crystal's categories.
std::vector<int> exchange_categories(const SystemSettings& c);
int exchange_category_count(const SystemSettings& c);  // the largest of them

}  // namespace miniasd
