// VAMPIRE's height profiles (output:height-magnetisation and its five relatives; docs/physics.md,
// "Height profiles"): the magnetisation of each height category of atoms, and of each material
// within it. A site's height category is VAMPIRE's: hc + k * n_hc, hc the category its unit cell
// gives the site (a built-in crystal's table, a unit-cell file's height column), k the cell's
// index along z and n_hc the cell's number of categories; with create:height-categorization =
// multilayers, the index of the create:multilayers block that holds it. The categories run from 0
// to the largest any atom has, empty ones included (their columns read 0). Non-magnetic atoms
// (material[i]:non-magnetic = keep) are left out. Exact sums, so the same bits on any
// decomposition.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/comm.hpp"
#include "stats/observables.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

// VAMPIRE's height category of each site of the unit cell and their count per cell (a built-in
// crystal's from VAMPIRE's unit-cell tables, a unit-cell file's from its atoms).
struct CellHeights {
    std::vector<int> of_site;
    int per_cell = 1;
};
CellHeights cell_heights(const SystemSettings& c);

class HeightProfile {
  public:
    // Collective over `comm` (the categories' count and each group's atoms).
    HeightProfile(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                  const parallel::Comm& comm);

    int heights() const { return heights_; }
    // This rank's sums of mu S (x, y, z; J/T) of each (height, material) group, height-major.
    // Reduce over ranks, then finish().
    std::vector<ExactSum> local_sums(const SpinView& s) const;
    void finish(const std::vector<double>& sums, Observables& o) const;

  private:
    int heights_ = 0;
    std::size_t materials_ = 0;
    std::vector<double> moment_;       // [material] J/T
    std::vector<std::int32_t> group_;  // [n_owned] height * materials + material; -1: left out
    std::vector<std::int64_t> atoms_;  // [group], every rank's
};

}  // namespace miniasd
