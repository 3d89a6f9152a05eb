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

// Adds a mistake for each pair of atoms (or an atom and a periodic image) closer than
// minimum_atom_spacing_angstrom, at the later atom's line (`lines`: each atom's), in a cell of
// these edges (Angstrom); two at one place are said so. O(n) with bins as wide as the spacing.
void check_atom_spacing(const std::vector<UnitCellFile::Atom>& atoms, const std::vector<int>& lines,
                        const Vec3& edges_angstrom, const std::string& path, Mistakes& mistakes);

// Every bond (i, j, d) needs its reverse (j, i, -d) with the same coupling (the transpose of a
// tensor): then the energy is a function of the spins, and both atoms of a bond see it.
void check_reverse_bonds(const std::vector<UnitCellFile::Bond>& bonds, const std::string& path,
                         Mistakes& mistakes);

}  // namespace miniasd
