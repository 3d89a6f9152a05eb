// The quartets of VAMPIRE's four-spin exchange (hamiltonian/four_spin.hpp), from the lattice alone:
// a centre atom with three of its exchange neighbours at distance d1 (four-spin-cutoff-1) that are
// d2 (four-spin-cutoff-2) from each other, both within 0.01 Å, taken in the centre's bond order
// (VAMPIRE's exchange/initialize_four_spin.cpp). On simple cubic with d1 = a and d2 = sqrt(2) a:
// an atom and one neighbour along each axis, 8 per centre.
#pragma once

#include <array>
#include <vector>

#include "system/interactions.hpp"
#include "system/lattice.hpp"

namespace miniasd {

// A quartet as offsets from one of its atoms (that atom is the member {0, 0, 0, its site}):
// m[0] the centre, m[1] the centre's first neighbour of the three (whose material, with the
// centre's, chooses the constant), m[2], m[3] the others.
struct Quartet {
    std::array<NeighbourOffset, 4> m;
};

// [site] every quartet that holds the atom of that site (the ones it centres, then the ones its
// neighbours centre), d1 and d2 in m.
std::vector<std::vector<Quartet>> quartets_of_sites(const Lattice& l, double d1, double d2);

// [site] the offsets the quartets of the site read (every member but the atom itself), in the
// order they first appear: the four-spin term's reach.
SiteOffsets quartet_offsets(const std::vector<std::vector<Quartet>>& quartets);

}  // namespace miniasd
