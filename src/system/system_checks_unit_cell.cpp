// The checks of a unit-cell file beside the other keywords (system_checks.hpp): what it
// replaces, what conflicts with it, and its material column.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "system/crystals.hpp"
#include "system/system_checks.hpp"
#include "util/error.hpp"

namespace miniasd::system_checks {

using input_checks::fail;

namespace {

// Whether the built-in crystal's atoms are the file's (as sets of fractional positions).
bool same_atoms(const CrystalCell& crystal, const UnitCellFile& file) {
    if (crystal.basis.size() != file.atoms.size()) return false;
    for (const Vec3& r : crystal.basis)
        if (std::none_of(file.atoms.begin(), file.atoms.end(), [&](const UnitCellFile::Atom& a) {
                for (int k = 0; k < 3; ++k)
                    if (std::abs(a.position[k] - r[k]) > 1e-6) return false;
                return true;
            }))
            return false;
    return true;
}

}  // namespace

void check_unit_cell_file(SystemSettings& c, const std::map<std::string, Entry>& seen,
                          std::vector<std::string>& warnings) {
    const Entry& file = seen.at("material:unit-cell-file");
    for (const char* other : {"create:crystal-sublattice-materials", "create:single-spin"})
        if (seen.count(other))
            fail(seen.at(other), "conflicts with material:unit-cell-file (" + file.file + " line " +
                                     std::to_string(file.line) +
                                     "), whose cell, atoms and bonds replace it: remove one");
    // TB2J writes the crystal's cell sizes beside the file it names; VAMPIRE lets the file define
    // the cell and so does miniASD, saying so once when the keywords describe another cell.
    const UnitCellFile& u = c.unit_cell_file;
    const auto ang = [](double m) {  // metres as Angstrom, to the digits an input gives
        char b[32];
        std::snprintf(b, sizeof b, "%.8g", m * 1e10);
        return std::string(b);
    };
    std::string differ;
    const auto add = [&](const Entry& e, const std::string& what) {
        differ += (differ.empty() ? "" : "; ") + e.key() + " (" + e.file + " line " +
                  std::to_string(e.line) + ") " + what;
    };
    if (const auto it = seen.find("create:crystal-structure"); it != seen.end())
        if (!same_atoms(crystal_cell(c.structure.crystal), u))
            add(it->second, "= " + std::string(word_of(c.structure.crystal)) + " has " +
                                std::to_string(crystal_cell(c.structure.crystal).basis.size()) +
                                " atom(s) per cell at other places");
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        for (const std::string& key :
             {"dimensions:unit-cell-size-" + axis, std::string("dimensions:unit-cell-size")}) {
            const auto it = seen.find(key);
            if (it == seen.end()) continue;
            if (std::abs(c.structure.unit_cell[a] - u.size[a]) > 1e-6 * u.size[a])
                add(it->second, "gives " + axis + " = " + ang(c.structure.unit_cell[a]) + " A");
            break;  // the axis keyword, when given, is the one that set this axis
        }
    }
    if (!differ.empty())
        warnings.push_back(file.file + ", line " + std::to_string(file.line) + ": the cell of " +
                           u.path + " (" + ang(u.size[0]) + " x " + ang(u.size[1]) + " x " +
                           ang(u.size[2]) + " A, " + std::to_string(u.atoms.size()) +
                           " atom(s)) is used, as VAMPIRE uses it; these keywords describe "
                           "another cell and are ignored: " +
                           differ);
    c.structure.crystal =
        CrystalStructure::sc;  // the default: unused with a file; describe() omits it
    c.structure.unit_cell = c.unit_cell_file.size;
    const int categories = c.unit_cell_file.categories();
    if (categories > static_cast<int>(c.materials.size()))
        fail(file, c.unit_cell_file.path + " places atoms of material column " +
                       std::to_string(categories - 1) + " (0-based), but only " +
                       std::to_string(c.materials.size()) +
                       " material(s) are defined: the column must be below "
                       "material:num-materials");
}

}  // namespace miniasd::system_checks
