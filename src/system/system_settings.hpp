// The system's settings: the crystal or unit-cell file, the materials, the exchange and the
// initial spins (the create:, dimensions:, material:, exchange: and initial-state keywords), and
// what they answer together: which material a site takes, the exchange of a shell. Every feature
// builds on the system, so every feature's settings derive from these, virtually, and the run's
// configuration holds one copy (run/config/config.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "input/unit_cell_file.hpp"
#include "system/exchange_section.hpp"
#include "system/initial_state_section.hpp"
#include "system/material_section.hpp"
#include "system/structure_section.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct SystemSettings {
    // Copied, never moved, when assigned: the run's configuration reaches these settings by
    // several paths (every feature's settings derive from them), and its implicit move assignment
    // may assign a shared virtual base once per path; a second move would leave the materials
    // empty, while a second copy is harmless. (Moving one into a new object is fine: a virtual
    // base is constructed once.)
    SystemSettings() = default;
    SystemSettings(const SystemSettings&) = default;
    SystemSettings(SystemSettings&&) = default;
    SystemSettings& operator=(const SystemSettings&) = default;
    ~SystemSettings() = default;

    StructureSection structure;  // structure_section.hpp (create:, dimensions:)
    // material:unit-cell-file: the cell, its atoms and exchange bonds replace the crystal
    // structure and unit-cell size (structure.unit_cell is set to the file's cell).
    UnitCellFile unit_cell_file;
    ExchangeSection exchange;               // exchange_section.hpp (exchange:)
    InitialStateSection initial;            // initial_state_section.hpp
    std::vector<MaterialConfig> materials;  // material_section.hpp (material[i]:)
};

// material[i]:exchange-matrix-2nd-nn ... -10th-nn: MaterialConfig::further_exchange[k] is shell
// k + 2, keyword further_exchange_keyword(k).
inline constexpr int further_exchange_shells = 9;
std::string further_exchange_keyword(int k);
// J (J per link) between materials a and b on the given shell (0: exchange-matrix; k: the
// (k+1)-th shell's exchange-matrix-<k+1>-nn; 0 beyond the tenth): what a normalised bond of that
// shell multiplies. Every reader of the built-in crystals' exchange asks this.
double shell_exchange(const SystemSettings& c, std::size_t a, std::size_t b, int shell);
// The same as (Jx, Jy, Jz): VAMPIRE's vectorial form where the keyword gave three numbers,
// (J, J, J) otherwise.
Vec3 shell_exchange_xyz(const SystemSettings& c, std::size_t a, std::size_t b, int shell);

// The range of material[i]:unit-cell-category: the basis sites of the crystal (sc 1, bcc 2, fcc
// 4), or the material column's highest value + 1 of a unit-cell file.
int site_categories(const SystemSettings& c);

// Material placement (VAMPIRE's create::internal::layers), docs/input-reference.md "Materials and
// sites". Placement by rule is on when some material gives unit-cell-category, minimum-height or
// maximum-height: a site then takes the LAST material, in index order, that admits its category,
// holds its height and is not alloyed_only. Otherwise, and for a unit-cell-file atom no rule
// places, the site keeps its own material: a unit-cell file's material column, or on a built-in
// crystal the first material that is not alloyed_only.
bool places_by_rule(const SystemSettings& c);
// Whether material m admits a site of this 1-based category: its own unit-cell-category, or
// without one every site of a built-in crystal and, in a unit-cell file, the atoms of material
// column 0 (VAMPIRE's default category 0).
bool material_admits(const SystemSettings& c, std::size_t m, int category);

// Whether some material has a nonzero dmi-constant, interfacial-dmi-constant or
// bulk-dmi-constant (the DMI term is built).
bool has_dmi(const SystemSettings& c);
// Whether some material has a Kitaev constant (hamiltonian/kitaev.hpp is built).
bool has_kitaev(const SystemSettings& c);
// Whether some material has a four-spin constant (hamiltonian/four_spin.hpp is built).
bool has_four_spin(const SystemSettings& c);
// Biquadratic exchange: some material's biquadratic-exchange-matrix (of any shell) is nonzero, or
// the unit-cell file has a biquadratic block.
bool has_biquadratic(const SystemSettings& c);
// B (J per link) between materials a and b on the given shell, as shell_exchange: what a
// normalised biquadratic bond of that shell multiplies.
double shell_biquadratic(const SystemSettings& c, std::size_t a, std::size_t b, int shell);
// An exchange-matrix entry (Jx, Jy, Jz) whose three parts differ: VAMPIRE's vectorial exchange.
inline bool is_vectorial(const Vec3& j) {
    return j[0] != j[1] || j[1] != j[2];
}
// Some material pair's exchange-matrix (of any shell) is vectorial: the exchange then runs on the
// general path with a diagonal coupling.
bool vectorial_exchange(const SystemSettings& c);
// Whether material m is placed only by alloying: the target of some host's alloy-fraction, with
// no unit-cell-category or height range of its own.
bool alloyed_only(const SystemSettings& c, std::size_t m);

// The name create:crystal-structure gives (system/crystals.hpp).
const char* word_of(CrystalStructure c);

}  // namespace miniasd
