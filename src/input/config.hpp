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
#include "input/unit_cell_file.hpp"
#include "integrate/relax_section.hpp"
#include "output/snapshot_section.hpp"
#include "programs/pulse_section.hpp"
#include "stats/columns_section.hpp"
#include "system/initial_state_section.hpp"
#include "util/enum_words.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// VAMPIRE's single-particle shapes. cube and cylinder cut in x and y only (the box height sets
// z), as VAMPIRE's do.
enum class ParticleShape { none, sphere, cube, cylinder, truncated_octahedron };

// create:crystal-structure (input/crystals.hpp has each cell).
enum class CrystalStructure {
    sc,
    bcc,
    fcc,
    hcp,
    bcc_110,
    heusler,
    honeycomb,
    kagome,
    rocksalt,
    mn2au,
    fcc_111,
    alpha_honeycomb,
    beta_honeycomb,
    spinel,
    spinel_layered,
    ndfeb,
    smfen
};
// sim:program: what the run does (src/programs/).
enum class ProgramKind {
    time_series,
    benchmark,
    curie_temperature,
    hysteresis_loop,
    field_cool,
    laser_pulse,
    relax,  // miniASD's own: minimise the energy (programs/relax.cpp)
};
enum class IntegratorKind { llg_heun, monte_carlo };
enum class Device { cpu, gpu };  // sim:device: where the integrator's steps run
enum class MonteCarloMove { adaptive, angle, spin_flip, uniform };  // montecarlo:algorithm

// The input's words for them (keyword rows, describe(), messages), each table written once.
inline constexpr EnumWords<ParticleShape, 5> particle_shape_words{
    {{ParticleShape::none, "none"},
     {ParticleShape::sphere, "sphere"},
     {ParticleShape::cube, "cube"},
     {ParticleShape::cylinder, "cylinder"},
     {ParticleShape::truncated_octahedron, "truncated-octahedron"}}};
inline constexpr EnumWords<ProgramKind, 7> program_words{
    {{ProgramKind::time_series, "time-series"},
     {ProgramKind::benchmark, "benchmark"},
     {ProgramKind::curie_temperature, "curie-temperature"},
     {ProgramKind::hysteresis_loop, "hysteresis-loop"},
     {ProgramKind::field_cool, "field-cool"},
     {ProgramKind::laser_pulse, "laser-pulse"},
     {ProgramKind::relax, "relax"}}};
inline constexpr EnumWords<IntegratorKind, 2> integrator_words{
    {{IntegratorKind::llg_heun, "llg-heun"}, {IntegratorKind::monte_carlo, "monte-carlo"}}};
inline constexpr EnumWords<Device, 2> device_words{{{Device::cpu, "cpu"}, {Device::gpu, "gpu"}}};
inline constexpr EnumWords<MonteCarloMove, 4> monte_carlo_move_words{
    {{MonteCarloMove::adaptive, "adaptive"},
     {MonteCarloMove::angle, "angle"},
     {MonteCarloMove::spin_flip, "spin-flip"},
     {MonteCarloMove::uniform, "uniform"}}};
inline const char* word_of(ParticleShape v) {
    return word_of(particle_shape_words, v);
}
inline const char* word_of(ProgramKind v) {
    return word_of(program_words, v);
}
inline const char* word_of(IntegratorKind v) {
    return word_of(integrator_words, v);
}
inline const char* word_of(Device v) {
    return word_of(device_words, v);
}
inline const char* word_of(MonteCarloMove v) {
    return word_of(monte_carlo_move_words, v);
}

struct MaterialConfig {
    std::string name;                         // label for output headers
    double moment = 1.72 * 9.2740100783e-24;  // μ_s, J/T (input in μB); VAMPIRE's default 1.72 μB
    double damping = 1.0;                     // Gilbert α, dimensionless
    double anisotropy = 0;                    // k_u, J per atom; > 0 is an easy axis
    double cubic_anisotropy = 0;              // k_c, J per atom; > 0 makes <100> easy
    std::string element;               // chemical symbol (XYZ/POV-Ray, metadata); "" = not given
    Vec3 anisotropy_axis{0, 0, 1};     // unit vector
    bool random_initial_spin = false;  // random direction per atom (seeded by global id)
    Vec3 initial_spin{0, 0, 1};        // unit vector when not random
    Vec3 domain_wall_second_direction{0, 0, 1};  // beyond the initial wall (VAMPIRE's default)
    std::vector<double> exchange;  // J_ij to material j, J per link; size = material count
    // The same as (Jxx, Jyy, Jzz): VAMPIRE's vectorial exchange-matrix[j] = Jx, Jy, Jz (then
    // exchange[j] is their mean); (J, J, J) for one number.
    std::vector<Vec3> exchange_vector;
    // exchange-matrix-2nd-nn ... -10th-nn: [shell - 1][material j], (Jx, Jy, Jz) in J per link
    // (function shell); (J, J, J) for one number.
    std::vector<std::vector<Vec3>> further_exchange;
    // 1-based site category this material occupies (a built-in crystal's basis site or
    // sublattice, a unit-cell file's material column + 1); 0 = not given (material_admits).
    int unit_cell_category = 0;
    double minimum_height = 0.0;  // fraction of the system height (z) where it starts
    double maximum_height = 1.0;  // fraction where it ends (exclusive, 1 inclusive)
    bool height_set = false;      // minimum-height or maximum-height given (VAMPIRE's switch)
    bool moment_set = false;
    // Random alloys (VAMPIRE's host-alloy / alloy-fraction): a host's sites are given to
    // material j with probability alloy_fraction[j], drawn from (seed, global id).
    bool alloy_host = false;
    std::vector<double> alloy_fraction;  // [material count]
    // Core-shell particles (VAMPIRE's core-shell-size): the material takes the atoms whose shape
    // distance from the particle centre is at most this fraction of the particle radius.
    double core_shell_size = 1.0;
    bool core_shell_set = false;
    // material[i]:non-magnetic = keep: the atoms stay in the lattice and in every term (so they can
    // mediate DMI) but are left out of every statistic (VAMPIRE's meaning).
    bool non_magnetic = false;
    // material[i]:non-magnetic = remove (or the bare keyword, VAMPIRE's default): its sites hold
    // no atom at all.
    bool removed = false;
    // material[i]:dmi-constant[j]: D of the triangles (i, any, k) whose third atom k is of
    // material j, J (not symmetrised: [i][j] and [j][i] are independent, as in VAMPIRE).
    std::vector<double> dmi;
    // material[i]:interfacial-dmi-constant[j] and bulk-dmi-constant[j] (miniASD's): D of the
    // nearest-neighbour bonds to material j themselves, J, D_ij = D (z x r_ij) (Neel) and
    // D_ij = D r_ij (Bloch), r_ij the bond's unit vector; symmetric like the exchange.
    std::vector<double> interfacial_dmi, bulk_dmi;
    // material[i]:biquadratic-exchange-matrix[j]: B_ij to nearest neighbours of material j, J per
    // link, E = -sum over bonds {i, j} of B_ij (S_i . S_j)^2 (VAMPIRE's; symmetric like exchange).
    std::vector<double> biquadratic;
    // biquadratic-exchange-matrix-2nd-nn ... -10th-nn: [shell - 1][material j], J per link
    // (exchange:function = shell), as further_exchange.
    std::vector<std::vector<double>> further_biquadratic;
};

struct Config {
    // create / dimensions
    CrystalStructure crystal = CrystalStructure::sc;
    Vec3 unit_cell{3.54e-10, 3.54e-10, 3.54e-10};  // m
    Vec3 system_size{2e-9, 2e-9, 2e-9};            // m
    std::array<bool, 3> periodic{false, false, false};
    bool single_spin = false;  // create:single-spin: one atom, no neighbours
    ParticleShape particle_shape = ParticleShape::none;  // cut one particle at the box centre
    // material:unit-cell-file: the cell, its atoms and exchange bonds replace the crystal
    // structure and unit-cell size (unit_cell is set to the file's cell).
    UnitCellFile unit_cell_file;

    // exchange: the bonds of the built-in crystals (VAMPIRE's keywords; system/interactions.hpp).
    // Every pair closer than interaction_range x the nearest-neighbour distance is bonded, with
    // weight f(r) times material[a]:exchange-matrix[b] (nearest-neighbour, exponential, RKKY), or
    // shell by shell with exchange-matrix-<k>-nn (shell).
    double interaction_range = 1.0;  // multiple of the nearest-neighbour distance
    enum class ExchangeFunction {
        nearest_neighbour,
        shell,
        exponential,
        material_exponential,
        rkky
    } exchange_function = ExchangeFunction::nearest_neighbour;
    // exponential: w = A exp(-r / B) + C; RKKY: w = (sin 2kr - 2kr cos 2kr) / (kr)^4. r, B and 1/k
    // in units of the cell edge a_x, as VAMPIRE applies them. Weights are then scaled so that
    // they add up to the number of nearest neighbours (exchange-matrix keeps its meaning).
    double decay_length = 0.4, decay_multiplier = 1.0, decay_shift = 0.0, rkky_kf = 1.0;
    // Per unordered pair of exchange categories {a, b} (1-based, a <= b; crystals.hpp,
    // exchange_categories): nn-cutoff-range and interaction-cutoff-range multiply that pair's
    // nearest-neighbour radius and interaction cutoff (1 when absent); the (A, B, C) of
    // unit-cell-category-exchange-parameters are material-exponential's weights for the pair.
    using CategoryPair = std::pair<int, int>;
    std::map<CategoryPair, double> nn_cutoff_range, interaction_cutoff_range;
    std::map<CategoryPair, Vec3> category_exchange_parameters;
    // create:crystal-sublattice-materials: the sublattices of bcc, fcc, hcp, ... are separate
    // exchange categories (VAMPIRE's meaning; without it they are one).
    bool crystal_sublattice_materials = false;
    // exchange:dmi-cutoff-range: a DMI triangle i-j-k needs |r_ik| and |r_jk| at most this (m).
    double dmi_cutoff_range = 2.6e-10;
    double particle_size = 50e-10;  // m, dimensions:particle-size (diameter)

    // sim
    ProgramKind program = ProgramKind::time_series;
    IntegratorKind integrator = IntegratorKind::llg_heun;
    Device device = Device::cpu;
    MonteCarloMove monte_carlo_move = MonteCarloMove::adaptive;
    double temperature = 0;        // K
    double time_step = 1e-15;      // s
    std::int64_t total_steps = 0;  // after equilibration
    std::int64_t equilibration_steps = 0;
    std::int64_t loop_steps = 10000;        // steps per temperature/field point of a program
    double equilibration_temperature = -1;  // K; < 0 means "same as sim:temperature"
    std::int64_t steps_increment = 1;       // statistics every this many steps
    double field_strength = 0;              // T
    Vec3 field_direction{0, 0, 1};          // unit vector
    std::uint64_t seed = 12345;             // key of the counter-based generator
    std::uint64_t alloy_seed = 2014;        // create:alloy-random-seed (alloy structure)

    // Curie-temperature sweep (K) and hysteresis loop (T)
    double minimum_temperature = 0, maximum_temperature = 300, temperature_increment = 10;
    double maximum_field = 1, field_increment = 0.1;

    // The run's limits (stop_policy.hpp, system/memory_estimate.hpp)
    double wall_time_limit = 0;  // s of wall time; 0: none. Stops with a checkpoint before it
    double memory_limit = 0;     // bytes a node's ranks may use together; 0: what the node has

    // The sections that live beside their features (input/section.hpp)
    RelaxSection relax;            // integrate/relax_section.hpp
    DipoleSection dipole;          // dipole/dipole_section.hpp
    CheckpointSection checkpoint;  // checkpoint/checkpoint_section.hpp
    InitialStateSection initial;   // system/initial_state_section.hpp
    PulseSection pulse;            // programs/pulse_section.hpp
    ColumnsSection columns;        // stats/columns_section.hpp

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
// The equilibration temperature (K): sim:equilibration-temperature, or sim:temperature when it
// is not given (VAMPIRE's default is 300 K whatever sim:temperature; docs/vampire-compatibility).
inline double equilibration_or_temperature(const Config& c) {
    return c.equilibration_temperature >= 0 ? c.equilibration_temperature : c.temperature;
}

// Whether material m is placed only by alloying: the target of some host's alloy-fraction, with
// no unit-cell-category or height range of its own.
bool alloyed_only(const Config& c, std::size_t m);

// exchange:function's words.
inline constexpr EnumWords<Config::ExchangeFunction, 5> exchange_function_words{
    {{Config::ExchangeFunction::nearest_neighbour, "nearest-neighbour"},
     {Config::ExchangeFunction::shell, "shell"},
     {Config::ExchangeFunction::exponential, "exponential"},
     {Config::ExchangeFunction::material_exponential, "material-exponential"},
     {Config::ExchangeFunction::rkky, "rkky"}}};
inline const char* word_of(Config::ExchangeFunction v) {
    return word_of(exchange_function_words, v);
}
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
