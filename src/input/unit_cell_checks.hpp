// Checks of a unit-cell file's content as a whole, after its lines are read: the atoms' spacing and
// the bonds' reverses.
#pragma once

#include <string>
#include <vector>

#include "input/mistakes.hpp"
#include "input/unit_cell_file.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// The least distance between two atoms, periodic images included. Atoms closer than this are a
// mistake in the file (no solid has them), and they give the dipolar field and distance-based
// exchange unbounded values, so the reader refuses them.
constexpr double minimum_atom_spacing_angstrom = 0.5;

// Adds a mistake for each atom (fractional position in [0, 1)^3, its line in the file) closer
// than minimum_atom_spacing_angstrom to another atom or to a periodic image of one, in a cell of
// these edges (Angstrom). O(n) with a grid of bins as wide as the spacing.
void check_atom_spacing(const std::vector<Vec3>& fractional, const std::vector<int>& lines,
                        const Vec3& edges_angstrom, const std::string& path, Mistakes& mistakes);

// Every bond (i, j, d) needs its reverse (j, i, -d) with the same coupling (the transpose of a
// tensor): then the energy is a function of the spins, and both atoms of a bond see it.
void check_reverse_bonds(const std::vector<UnitCellFile::Bond>& bonds, const std::string& path,
                         Mistakes& mistakes);

}  // namespace miniasd
