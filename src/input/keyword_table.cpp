// The rows of the keyword table. Names and units follow VAMPIRE wherever the feature is shared,
// so VAMPIRE input files for supported features run unchanged.
#include "input/keyword_table.hpp"

#include <algorithm>
#include <charconv>

#include <limits>
#include "util/error.hpp"

namespace miniasd {

namespace {

using D = Dimension;
using K = ValueKind;
constexpr double big = 1e15;

KeywordSpec row(std::string section, std::string name, K kind, D dim, double min, double max,
                std::string def, std::string doc,
                std::function<void(Config&, const Value&, const Entry&)> apply) {
    return KeywordSpec{
        std::move(section), std::move(name), false,           false, kind, dim, min, max, "",
        std::move(def),     std::move(doc),  std::move(apply)};
}

KeywordSpec choice(std::string section, std::string name, std::string choices, std::string def,
                   std::string doc,
                   std::function<void(Config&, const Value&, const Entry&)> apply) {
    KeywordSpec s = row(std::move(section), std::move(name), K::choice, D::none, 0, 0,
                        std::move(def), std::move(doc), std::move(apply));
    s.choices = std::move(choices);
    return s;
}

// A material[i]: keyword; `apply` receives the material.
KeywordSpec mat(std::string name, K kind, D dim, double min, double max, std::string def,
                std::string doc,
                std::function<void(MaterialConfig&, const Value&, const Entry&)> f) {
    KeywordSpec s = row("material", std::move(name), kind, dim, min, max, std::move(def),
                        std::move(doc), [f](Config& c, const Value& v, const Entry& e) {
                            f(c.materials[static_cast<std::size_t>(e.section_index - 1)], v, e);
                        });
    s.material_indexed = true;
    return s;
}

struct ColumnName {
    const char* name;
    Column column;
    const char* doc;
};

const ColumnName column_names[] = {
    {"time-steps", Column::time_steps, "time step number"},
    {"real-time", Column::real_time, "simulated time (s)"},
    {"temperature", Column::temperature, "temperature (K)"},
    {"applied-field-strength", Column::applied_field_strength, "applied field strength (T)"},
    {"applied-field-unit-vector", Column::applied_field_unit_vector, "applied field direction"},
    {"magnetisation", Column::magnetisation,
     "normalised magnetisation mx, my, mz and its length |m|"},
    {"magnetisation-length", Column::magnetisation_length, "|m|, normalised"},
    {"mean-magnetisation-length", Column::mean_magnetisation_length,
     "running mean of |m| since the end of equilibration"},
    {"material-magnetisation", Column::material_magnetisation, "mx, my, mz, |m| of each material"},
    {"total-energy", Column::total_energy, "total energy per atom (J)"},
    {"mean-total-energy", Column::mean_total_energy,
     "running mean of the total energy per atom since the end of equilibration (J)"},
    {"exchange-energy", Column::exchange_energy, "exchange energy per atom (J)"},
    {"anisotropy-energy", Column::anisotropy_energy, "anisotropy energy per atom (J)"},
    {"applied-field-energy", Column::applied_field_energy, "Zeeman energy per atom (J)"},
};

[[noreturn]] void entry_error(const Entry& e, const std::string& what) {
    throw InputError(e.file, e.line, e.key(), what);
}

// config:* — spin snapshots (docs/output.md).
void add_config_keywords(std::vector<KeywordSpec>& t) {
    t.push_back(row("config", "atoms", K::flag, D::none, 0, 0, "off",
                    "write spin snapshots (every config:atoms-output-rate statistics rows)",
                    [](Config& c, const Value&, const Entry&) { c.output.atoms = true; }));
    t.push_back(row(
        "config", "atoms-output-rate", K::integer, D::none, 1, big, "1",
        "a snapshot every this many sim:time-steps-increment intervals",
        [](Config& c, const Value& v, const Entry&) { c.output.atoms_output_rate = v.integer; }));
    t.push_back(choice(
        "config", "output-mode", "serial|legacy|file-per-process|mpi-io|file-per-node|sorted|hdf5",
        "file-per-node", "parallel write method (legacy = serial); see docs/output.md",
        [](Config& c, const Value& v, const Entry&) {
            const std::string& m = v.text;
            c.output.mode = m == "serial" || m == "legacy" ? OutputMode::serial
                            : m == "file-per-process"      ? OutputMode::file_per_process
                            : m == "mpi-io"                ? OutputMode::mpi_io
                            : m == "sorted"                ? OutputMode::sorted
                            : m == "hdf5"                  ? OutputMode::hdf5
                                                           : OutputMode::file_per_node;
        }));
    t.push_back(
        choice("config", "output-format", "binary|text", "binary",
               "binary (little-endian) or fixed-width text that reads back exactly",
               [](Config& c, const Value& v, const Entry&) { c.output.text = v.text == "text"; }));
    t.push_back(choice("config", "output-data-type", "float64|float32", "float64",
                       "precision of the written spin components",
                       [](Config& c, const Value& v, const Entry&) {
                           c.output.single_precision = v.text == "float32";
                       }));
    t.push_back(row("config", "output-nodes", K::integer, D::none, 1, 1e7, "one per node",
                    "I/O groups (file-per-node) or writer ranks (sorted), 1 to the rank count",
                    [](Config& c, const Value& v, const Entry&) {
                        c.output.output_nodes = static_cast<int>(v.integer);
                    }));
    t.push_back(row("config", "mpi-io-hints", K::text, D::none, 0, 0, "none",
                    "MPI-IO hints, key=value pairs separated by commas (cb_nodes=4,...)",
                    [](Config& c, const Value& v, const Entry& e) {
                        for (std::size_t start = 0; start <= v.text.size();) {
                            std::size_t comma = v.text.find(',', start);
                            if (comma == std::string::npos) comma = v.text.size();
                            const std::string pair = v.text.substr(start, comma - start);
                            const std::size_t eq = pair.find('=');
                            if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
                                entry_error(e, "hint '" + pair + "' is not key=value");
                            start = comma + 1;
                        }
                        c.output.mpi_io_hints = v.text;
                    }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(
            row("config", "atoms-minimum-" + axis, K::real, D::none, 0, 1, "0",
                "write atoms at or above this fraction of the system size along " + axis,
                [a](Config& c, const Value& v, const Entry&) { c.output.box_min[a] = v.real; }));
        t.push_back(
            row("config", "atoms-maximum-" + axis, K::real, D::none, 0, 1, "1",
                "write atoms at or below this fraction of the system size along " + axis,
                [a](Config& c, const Value& v, const Entry&) { c.output.box_max[a] = v.real; }));
    }
    t.push_back(row("config", "atoms-materials", K::text, D::none, 0, 0, "all",
                    "write only these materials: comma-separated indices (1,3)",
                    [](Config& c, const Value& v, const Entry& e) {
                        c.output.materials.clear();
                        for (std::size_t start = 0; start <= v.text.size();) {
                            std::size_t comma = v.text.find(',', start);
                            if (comma == std::string::npos) comma = v.text.size();
                            const std::string item = v.text.substr(start, comma - start);
                            int m = 0;
                            const auto res =
                                std::from_chars(item.data(), item.data() + item.size(), m);
                            if (res.ec != std::errc() || res.ptr != item.data() + item.size() ||
                                m < 1 || m > static_cast<int>(c.materials.size()))
                                entry_error(e, "'" + item + "' is not a material index from 1 to " +
                                                   std::to_string(c.materials.size()));
                            c.output.materials.push_back(m - 1);
                            start = comma + 1;
                        }
                    }));
    t.push_back(row("config", "output-piece-size", K::real, D::data_size, 4096, 1073741824.0,
                    "64 MiB", "largest single write or sorted batch (at most 1 GiB)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.output.piece_bytes = static_cast<std::int64_t>(v.real);
                    }));
    t.push_back(row("config", "output-sync", K::flag, D::none, 0, 0, "off",
                    "fsync every data file before its metadata is written",
                    [](Config& c, const Value&, const Entry&) { c.output.sync = true; }));
}

std::vector<KeywordSpec> make_table() {
    std::vector<KeywordSpec> t;

    // --- create ---
    t.push_back(choice("create", "crystal-structure", "sc|bcc|fcc", "sc",
                       "crystal structure of the cubic unit cell",
                       [](Config& c, const Value& v, const Entry&) {
                           c.crystal = v.text == "bcc"   ? CrystalStructure::bcc
                                       : v.text == "fcc" ? CrystalStructure::fcc
                                                         : CrystalStructure::sc;
                       }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row("create", "periodic-boundaries-" + axis, K::flag, D::none, 0, 0, "off",
                        "periodic boundary conditions along " + axis,
                        [a](Config& c, const Value&, const Entry&) { c.periodic[a] = true; }));
    }

    // --- dimensions ---
    t.push_back(row("dimensions", "unit-cell-size", K::real, D::length, 1e-11, 1e-8, "3.54 A",
                    "edge of the cubic unit cell (sets x, y and z)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.unit_cell = {v.real, v.real, v.real};
                    }));
    t.push_back(row("dimensions", "system-size", K::real, D::length, 1e-11, 1e-3, "2 nm",
                    "edge of the simulated box (sets x, y and z); cells = ceil(size / cell)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.system_size = {v.real, v.real, v.real};
                    }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row("dimensions", "unit-cell-size-" + axis, K::real, D::length, 1e-11, 1e-8,
                        "3.54 A", "unit cell edge along " + axis,
                        [a](Config& c, const Value& v, const Entry&) { c.unit_cell[a] = v.real; }));
        t.push_back(
            row("dimensions", "system-size-" + axis, K::real, D::length, 1e-11, 1e-3, "2 nm",
                "size of the simulated box along " + axis,
                [a](Config& c, const Value& v, const Entry&) { c.system_size[a] = v.real; }));
    }

    // --- material (file-level) ---
    t.push_back(row("material", "file", K::text, D::none, 0, 0, "-",
                    "material file to read (relative paths resolve against the input file's "
                    "directory); it may hold only material keywords",
                    [](Config&, const Value&, const Entry&) {}));
    t.push_back(row("material", "num-materials", K::integer, D::none, 1, 100, "highest index used",
                    "number of materials; indices above it are errors",
                    [](Config&, const Value&, const Entry&) {}));

    // --- material[i] ---
    t.push_back(mat("material-name", K::text, D::none, 0, 0, "material<i>",
                    "name used in output headers",
                    [](MaterialConfig& m, const Value& v, const Entry&) { m.name = v.text; }));
    t.push_back(mat("atomic-spin-moment", K::real, D::moment, 1e-30, 1e-20, "required",
                    "atomic spin moment mu_s (default unit muB)",
                    [](MaterialConfig& m, const Value& v, const Entry&) {
                        m.moment = v.real;
                        m.moment_set = true;
                    }));
    t.push_back(mat("damping-constant", K::real, D::none, 0, 100, "1.0",
                    "Gilbert damping alpha (dimensionless)",
                    [](MaterialConfig& m, const Value& v, const Entry&) { m.damping = v.real; }));
    {
        KeywordSpec s =
            mat("exchange-matrix", K::real, D::energy, -1e-18, 1e-18, "0 J",
                "exchange J_ij to nearest neighbours of material j, joules per link "
                "(> 0 ferromagnetic); [i][j] and [j][i] must agree, one of them suffices",
                [](MaterialConfig& m, const Value& v, const Entry& e) {
                    m.exchange[e.name_index - 1] = v.real;
                    m.exchange_set[e.name_index - 1] = 1;
                });
        s.second_material_index = true;
        t.push_back(s);
    }
    for (const char* name :
         {"second-order-uniaxial-anisotropy-constant", "uniaxial-anisotropy-constant"}) {
        const bool alias = std::string(name) == "uniaxial-anisotropy-constant";
        t.push_back(
            mat(name, K::real, D::energy, -1e-18, 1e-18, "0 J",
                alias ? "older VAMPIRE name of second-order-uniaxial-anisotropy-constant"
                      : "uniaxial anisotropy k_u, joules per atom (> 0 easy axis)",
                [](MaterialConfig& m, const Value& v, const Entry&) { m.anisotropy = v.real; }));
    }
    t.push_back(mat("uniaxial-anisotropy-direction", K::direction, D::none, 0, 0, "0,0,1",
                    "easy axis (normalised)", [](MaterialConfig& m, const Value& v, const Entry&) {
                        m.anisotropy_axis = v.vec;
                    }));
    t.push_back(mat("initial-spin-direction", K::direction_or_random, D::none, 0, 0, "0,0,1",
                    "initial direction (normalised), or 'random' (drawn per atom from the seed)",
                    [](MaterialConfig& m, const Value& v, const Entry&) {
                        m.random_initial_spin = v.random;
                        if (!v.random) m.initial_spin = v.vec;
                    }));
    t.push_back(mat("unit-cell-category", K::integer, D::none, 1, 4, "any site",
                    "basis site (1-based) this material occupies: sc 1, bcc 1-2, fcc 1-4",
                    [](MaterialConfig& m, const Value& v, const Entry&) {
                        m.unit_cell_category = static_cast<int>(v.integer);
                    }));
    t.push_back(
        mat("minimum-height", K::real, D::none, 0, 1, "0",
            "lowest z, as a fraction of the system height, of atoms of this material",
            [](MaterialConfig& m, const Value& v, const Entry&) { m.minimum_height = v.real; }));
    t.push_back(
        mat("maximum-height", K::real, D::none, 0, 1, "1",
            "highest z (exclusive, 1 inclusive), as a fraction of the system height",
            [](MaterialConfig& m, const Value& v, const Entry&) { m.maximum_height = v.real; }));

    // --- sim ---
    t.push_back(choice("sim", "program", "time-series|benchmark", "time-series",
                       "what to run; benchmark is time-series with statistics only at the end",
                       [](Config& c, const Value& v, const Entry&) {
                           c.program =
                               v.text == "benchmark" ? Program::benchmark : Program::time_series;
                       }));
    t.push_back(
        choice("sim", "integrator", "llg-heun", "llg-heun", "stochastic LLG with the Heun scheme",
               [](Config& c, const Value&, const Entry&) { c.integrator = Integrator::llg_heun; }));
    t.push_back(row("sim", "temperature", K::real, D::temperature, 0, 1e5, "0 K",
                    "temperature of the run",
                    [](Config& c, const Value& v, const Entry&) { c.temperature = v.real; }));
    t.push_back(
        row("sim", "equilibration-temperature", K::real, D::temperature, 0, 1e5, "sim:temperature",
            "temperature during equilibration",
            [](Config& c, const Value& v, const Entry&) { c.equilibration_temperature = v.real; }));
    t.push_back(row("sim", "time-step", K::real, D::time, 1e-20, 1e-12, "1e-15 s",
                    "integration time step",
                    [](Config& c, const Value& v, const Entry&) { c.time_step = v.real; }));
    t.push_back(row("sim", "total-time-steps", K::integer, D::none, 0, big, "0",
                    "time steps after equilibration",
                    [](Config& c, const Value& v, const Entry&) { c.total_steps = v.integer; }));
    t.push_back(
        row("sim", "equilibration-time-steps", K::integer, D::none, 0, big, "0",
            "time steps before statistics start",
            [](Config& c, const Value& v, const Entry&) { c.equilibration_steps = v.integer; }));
    t.push_back(
        row("sim", "time-steps-increment", K::integer, D::none, 1, big, "1",
            "statistics are computed and written every this many steps",
            [](Config& c, const Value& v, const Entry&) { c.steps_increment = v.integer; }));
    t.push_back(row("sim", "applied-field-strength", K::real, D::field, -1e4, 1e4, "0 T",
                    "applied field B (tesla by default)",
                    [](Config& c, const Value& v, const Entry&) { c.field_strength = v.real; }));
    t.push_back(row("sim", "applied-field-unit-vector", K::direction, D::none, 0, 0, "0,0,1",
                    "applied field direction (normalised)",
                    [](Config& c, const Value& v, const Entry&) { c.field_direction = v.vec; }));
    t.push_back(row("sim", "integrator-random-seed", K::integer, D::none, 0, 9.007199254740992e15,
                    "12345",
                    "seed of the counter-based generator (thermal noise, random initial spins)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.seed = static_cast<std::uint64_t>(v.integer);
                    }));

    add_config_keywords(t);

    // --- output / screen columns, in the order given ---
    for (const ColumnName& col : column_names) {
        const Column column = col.column;
        t.push_back(row("output", col.name, K::flag, D::none, 0, 0, "-",
                        std::string("column in the output file: ") + col.doc,
                        [column](Config& c, const Value&, const Entry&) {
                            c.output_columns.push_back(column);
                        }));
        t.push_back(row("screen", col.name, K::flag, D::none, 0, 0, "-",
                        std::string("column on the screen: ") + col.doc,
                        [column](Config& c, const Value&, const Entry&) {
                            c.screen_columns.push_back(column);
                        }));
    }
    return t;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

}  // namespace

const char* column_keyword(Column c) {
    for (const ColumnName& n : column_names)
        if (n.column == c) return n.name;
    return "?";
}

std::string KeywordSpec::pattern() const {
    return section + (material_indexed ? "[i]" : "") + ":" + name +
           (second_material_index ? "[j]" : "");
}

const std::vector<KeywordSpec>& keyword_table() {
    static const std::vector<KeywordSpec> table = make_table();
    return table;
}

const KeywordSpec* find_keyword(const std::string& section, const std::string& name) {
    for (const KeywordSpec& s : keyword_table())
        if (s.section == section && s.name == name) return &s;
    return nullptr;
}

std::string suggest_keyword(const std::string& section, const std::string& name) {
    const std::string wanted = section + ":" + name;
    std::string best;
    std::size_t best_d = std::max<std::size_t>(3, wanted.size() / 4) + 1;
    for (const KeywordSpec& s : keyword_table()) {
        const std::size_t d = edit_distance(wanted, s.lookup_name());
        if (d < best_d) {
            best_d = d;
            best = s.pattern();
        }
    }
    return best;
}

}  // namespace miniasd
