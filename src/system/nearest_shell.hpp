// The first (nearest-neighbour) shell of a cell's sites, periodic images included, found on a
// grid of bins: memory and time linear in the sites (a unit-cell file may hold a supercell of
// 10^5 atoms; comparing every pair within two cells took 2 GB for 1000 atoms).
#pragma once

#include <vector>

#include "system/interactions.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// Per site, the offsets of the sites at the shortest distance any two sites (or a site and an
// image) have, within a relative 1e-6, in the order (dz, dy, dx, site). `edges`: the cell (any
// unit); `basis`: fractional positions in [0, 1).
SiteOffsets first_shell(const std::vector<Vec3>& basis, const Vec3& edges);

}  // namespace miniasd
