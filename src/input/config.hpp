// Typed run configuration: what the input files say, in SI units, with defaults filled in.
// Filled only by the keyword table (keyword_table.cpp); read by everything else.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace miniasd {

using Vec3 = std::array<double, 3>;

enum class CrystalStructure { sc, bcc, fcc };
enum class Program { time_series, benchmark };
enum class Integrator { llg_heun };

// Statistics columns (output:* and screen:* keywords), VAMPIRE's names.
enum class Column {
    time_steps,
    real_time,
    temperature,
    applied_field_strength,
    applied_field_unit_vector,
    magnetisation,
    magnetisation_length,
    mean_magnetisation_length,
    material_magnetisation,
    total_energy,
    mean_total_energy,
    exchange_energy,
    anisotropy_energy,
    applied_field_energy,
};

struct MaterialConfig {
    std::string name;                  // label for output headers
    double moment = 0;                 // μ_s, J/T (input in μB); required
    double damping = 1.0;              // Gilbert α, dimensionless
    double anisotropy = 0;             // k_u, J per atom; > 0 is an easy axis
    Vec3 anisotropy_axis{0, 0, 1};     // unit vector
    bool random_initial_spin = false;  // random direction per atom (seeded by global id)
    Vec3 initial_spin{0, 0, 1};        // unit vector when not random
    std::vector<double> exchange;      // J_ij to material j, J per link; size = material count
    std::vector<char> exchange_set;    // which exchange entries the input gave
    int unit_cell_category = 0;        // 1-based basis site this material occupies; 0 = any
    double minimum_height = 0.0;       // fraction of the system height (z) where it starts
    double maximum_height = 1.0;       // fraction where it ends (exclusive, 1 inclusive)
    bool moment_set = false;
};

enum class OutputMode { serial, file_per_process, mpi_io, file_per_node, sorted, hdf5 };

// Spin snapshots (config:* keywords; VAMPIRE's names where they exist).
struct OutputConfig {
    bool atoms = false;                  // write spin snapshots at all
    std::int64_t atoms_output_rate = 1;  // every this many statistics rows (x time-steps-increment)
    OutputMode mode = OutputMode::file_per_node;
    bool text = false;              // encoding: text, else binary
    bool single_precision = false;  // float32, else float64
    int output_nodes = 0;           // I/O groups or writers; 0 = one per shared-memory node
    std::string mpi_io_hints;       // "key=value,key=value" passed through MPI_Info
    Vec3 box_min{0, 0, 0}, box_max{1, 1, 1};  // fractional box of atoms to write (inclusive)
    std::vector<int> materials;               // 0-based materials to write; empty: all
    std::int64_t piece_bytes = std::int64_t(64) << 20;  // largest single write, bytes
    bool sync = false;                                  // fsync data files before the metadata
};

struct Config {
    // create / dimensions
    CrystalStructure crystal = CrystalStructure::sc;
    Vec3 unit_cell{3.54e-10, 3.54e-10, 3.54e-10};  // m
    Vec3 system_size{2e-9, 2e-9, 2e-9};            // m
    std::array<bool, 3> periodic{false, false, false};

    // sim
    Program program = Program::time_series;
    Integrator integrator = Integrator::llg_heun;
    double temperature = 0;        // K
    double time_step = 1e-15;      // s
    std::int64_t total_steps = 0;  // after equilibration
    std::int64_t equilibration_steps = 0;
    double equilibration_temperature = -1;  // K; < 0 means "same as sim:temperature"
    std::int64_t steps_increment = 1;       // statistics every this many steps
    double field_strength = 0;              // T
    Vec3 field_direction{0, 0, 1};          // unit vector
    std::uint64_t seed = 12345;             // key of the counter-based generator

    // output
    std::vector<Column> output_columns;  // empty: a default set
    std::vector<Column> screen_columns;

    std::vector<MaterialConfig> materials;
    OutputConfig output;

    // Where the input came from (for messages, relative paths and the run report).
    std::string input_file;
    std::vector<std::string> files_read;
};

// Helpers for printing.
const char* to_string(CrystalStructure c);
const char* to_string(Program p);
const char* to_string(Integrator i);

// The resolved configuration as "keyword = value !unit" lines (miniasd --check).
std::string describe(const Config& c);

}  // namespace miniasd
