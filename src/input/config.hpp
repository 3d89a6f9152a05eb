// Typed run configuration: what the input files say, in SI units, with defaults filled in.
// Filled only by the keyword table (keyword_table.cpp); read by everything else.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint/checkpoint_section.hpp"
#include "dipole/dipole_section.hpp"
#include "hamiltonian/spin_torque_section.hpp"
#include "input/unit_cell_file.hpp"
#include "integrate/relax_section.hpp"
#include "limits_section.hpp"
#include "output/snapshot_section.hpp"
#include "programs/pulse_section.hpp"
#include "programs/sweep_section.hpp"
#include "sim_section.hpp"
#include "stats/columns_section.hpp"
#include "system/exchange_section.hpp"
#include "system/initial_state_section.hpp"
#include "system/material_section.hpp"
#include "system/structure_section.hpp"
#include "util/enum_words.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct Config {
    StructureSection structure;  // system/structure_section.hpp (create:, dimensions:)
    // material:unit-cell-file: the cell, its atoms and exchange bonds replace the crystal
    // structure and unit-cell size (structure.unit_cell is set to the file's cell).
    UnitCellFile unit_cell_file;
    ExchangeSection exchange;  // system/exchange_section.hpp (exchange:)

    SimSection sim;        // sim_section.hpp (the time loop's sim: keywords)
    SweepSection sweep;    // programs/sweep_section.hpp (the sweeps' sim: keywords)
    LimitsSection limits;  // limits_section.hpp (sim:wall-time-limit, sim:memory-limit)

    // The sections that live beside their features (input/section.hpp)
    RelaxSection relax;            // integrate/relax_section.hpp
    DipoleSection dipole;          // dipole/dipole_section.hpp
    CheckpointSection checkpoint;  // checkpoint/checkpoint_section.hpp
    InitialStateSection initial;   // system/initial_state_section.hpp
    PulseSection pulse;            // programs/pulse_section.hpp
    ColumnsSection columns;        // stats/columns_section.hpp
    SpinTorqueSection torques;     // hamiltonian/spin_torque_section.hpp

    std::vector<MaterialConfig> materials;
    SnapshotSection output;  // output/snapshot_section.hpp (config: keywords)

    // Where the input came from (for messages, relative paths and the run report).
    std::string input_file;
    std::vector<std::string> files_read;
    // VAMPIRE keywords accepted without effect, one line each ("file, line N: ..."), printed at
    // start-up by rank 0 and by --check.
    std::vector<std::string> warnings;
    // Where each keyword was given (key as in the input, e.g. "config:output-nodes"), for the
    // checks that can only run once the rank count is known.
    struct Where {
        std::string file;
        int line = 0;
    };
    std::map<std::string, Where> given;
};

// Checks that need the rank count, run before anything is written (InputError with the
// keyword's file and line).
void check_for_ranks(const Config& c, int ranks);

// material[i]:exchange-matrix-2nd-nn ... -10th-nn: MaterialConfig::further_exchange[k] is shell
// k + 2, keyword further_exchange_keyword(k).
inline constexpr int further_exchange_shells = 9;
std::string further_exchange_keyword(int k);
// J (J per link) between materials a and b on the given shell (0: exchange-matrix; k: the
// (k+1)-th shell's exchange-matrix-<k+1>-nn; 0 beyond the tenth): what a normalised bond of that
// shell multiplies. Every reader of the built-in crystals' exchange asks this.
double shell_exchange(const Config& c, std::size_t a, std::size_t b, int shell);
// The same as (Jx, Jy, Jz): VAMPIRE's vectorial form where the keyword gave three numbers,
// (J, J, J) otherwise.
Vec3 shell_exchange_xyz(const Config& c, std::size_t a, std::size_t b, int shell);

// The range of material[i]:unit-cell-category: the basis sites of the crystal (sc 1, bcc 2, fcc
// 4), or the material column's highest value + 1 of a unit-cell file.
int site_categories(const Config& c);

// Material placement (VAMPIRE's create::internal::layers), docs/input-reference.md "Materials and
// sites". Placement by rule is on when some material gives unit-cell-category, minimum-height or
// maximum-height: a site then takes the LAST material, in index order, that admits its category,
// holds its height and is not alloyed_only. Otherwise, and for a unit-cell-file atom no rule
// places, the site keeps its own material: a unit-cell file's material column, or on a built-in
// crystal the first material that is not alloyed_only.
bool places_by_rule(const Config& c);
// Whether material m admits a site of this 1-based category: its own unit-cell-category, or
// without one every site of a built-in crystal and, in a unit-cell file, the atoms of material
// column 0 (VAMPIRE's default category 0).
bool material_admits(const Config& c, std::size_t m, int category);

// Whether some material has a nonzero dmi-constant, interfacial-dmi-constant or
// bulk-dmi-constant (the DMI term is built).
bool has_dmi(const Config& c);
// Biquadratic exchange: some material's biquadratic-exchange-matrix (of any shell) is nonzero, or
// the unit-cell file has a biquadratic block.
bool has_biquadratic(const Config& c);
// B (J per link) between materials a and b on the given shell, as shell_exchange: what a
// normalised biquadratic bond of that shell multiplies.
double shell_biquadratic(const Config& c, std::size_t a, std::size_t b, int shell);
// An exchange-matrix entry (Jx, Jy, Jz) whose three parts differ: VAMPIRE's vectorial exchange.
inline bool is_vectorial(const Vec3& j) {
    return j[0] != j[1] || j[1] != j[2];
}
// Some material pair's exchange-matrix (of any shell) is vectorial: the exchange then runs on the
// general path with a diagonal coupling.
bool vectorial_exchange(const Config& c);
// Whether material m is placed only by alloying: the target of some host's alloy-fraction, with
// no unit-cell-category or height range of its own.
bool alloyed_only(const Config& c, std::size_t m);

// The names the crystals' and write modes' own tables give (input/crystals.hpp,
// input/write_modes.hpp).
const char* word_of(CrystalStructure c);
const char* word_of(OutputMode m);  // the config:output-mode keyword

// The configuration as the input lines that reproduce it, one per keyword with a setting, in
// keyword-table order (generated from the keyword table, input/describe.cpp): parse(describe(c))
// gives c again, bit for bit (numbers are written in their shortest form that reads back exactly,
// in the keyword's default unit where that is exact, in SI otherwise). Printed by `miniasd
// --check`; a checkpoint's fingerprint.
std::string describe(const Config& c);

// A checkpoint's fingerprint: describe(c), and with a unit-cell file a comment line holding the
// digest of its contents ("# unit-cell file <path>: digest <hex>"), which describe() cannot
// carry (its line names the file, not what is in it).
std::string fingerprint(const Config& c);
// The digest line of a fingerprint ("" when it has none).
std::string fingerprint_digest(const std::string& fingerprint);

// A describe() text, possibly written by an older miniasd, parsed and described again: the form
// in which two fingerprints compare setting by setting, whatever their layout. Returns the text
// unchanged if it does not parse.
std::string redescribe(const std::string& text);

}  // namespace miniasd
