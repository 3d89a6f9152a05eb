// From entries to a checked Config (parser.hpp): the composed keyword table applies each line, then
// the system's checks and every section's run in a fixed order.
#include "run/config/parser.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include "input/input_checks.hpp"
#include "input/mistakes.hpp"
#include "input/section.hpp"
#include "input/vampire_keywords.hpp"
#include "output/write_modes.hpp"
#include "run/config/keyword_table.hpp"
#include "system/system_checks.hpp"
#include "util/error.hpp"

namespace miniasd {

using namespace input_checks;
using namespace system_checks;

namespace {

// The keyword table's row for an entry; nullptr for a VAMPIRE keyword accepted without effect
// (the warning goes to `warnings`). Throws for a VAMPIRE keyword miniASD does not support (by
// name, with what is missing) and for an unknown keyword (with a near miss of the same value type).
const KeywordSpec* lookup(const Entry& e, std::vector<std::string>* warnings) {
    if (const KeywordSpec* spec = find_keyword(e.section, e.name)) return spec;
    if (const VampireKeyword* v = find_vampire_keyword(e.section, e.name)) {
        const std::string key = e.section + ":" + e.name;
        if (v->kind == VampireClass::not_supported)
            fail(e,
                 "VAMPIRE keyword '" + e.key() + "' is not supported by miniASD (" + v->note + ")");
        if (warnings)
            warnings->push_back(e.file + ", line " + std::to_string(e.line) +
                                ": VAMPIRE keyword '" + key +
                                "' accepted without effect: " + v->note);
        return nullptr;
    }
    std::string msg = "unknown keyword";
    const std::string guess = suggest_keyword(e);
    if (!guess.empty())
        msg += "; did you mean '" + guess + "'?";
    else
        msg += "; see docs/input-reference.md for the keywords miniasd knows";
    fail(e, msg);
}

void check_indices(const KeywordSpec& spec, const Entry& e, int materials) {
    if (spec.material_indexed != (e.section_index >= 0))
        fail(e, spec.material_indexed ? "needs a material index: expected " + spec.pattern()
                                      : "takes no index: expected " + spec.pattern());
    if (spec.category_pair) {  // their range depends on the crystal: checked once it is known
        if (e.name_index < 1 || e.name_index2 < 1)
            fail(e, "needs two category indices, each 1 or more: expected " + spec.pattern());
        return;
    }
    if (e.name_index2 >= 0)
        fail(e, "takes at most one index after the keyword: expected " + spec.pattern());
    if (spec.second_material_index != (e.name_index >= 0))
        fail(e, spec.second_material_index
                    ? "needs a second material index: expected " + spec.pattern()
                    : "takes no index after the keyword: expected " + spec.pattern());
    for (int idx : {e.section_index, e.name_index}) {
        if (idx >= 0 && (idx < 1 || idx > materials))
            fail(e, "material index " + std::to_string(idx) + " out of range: expected 1 to " +
                        std::to_string(materials) +
                        " (material:num-materials = " + std::to_string(materials) + ")");
    }
}

// J_ab and J_ba describe the same links: when one is given it sets both; when both are given they
// must agree (an asymmetric exchange has no energy function, so the dynamics would be unphysical).
// `name` is the keyword (exchange-matrix, exchange-matrix-2nd-nn, ...), `of` its row of a
// material.
// `of` gives a std::vector of double, or of Vec3 for the (Jx, Jy, Jz) of a vectorial
// exchange-matrix (`part` then names what differs).
template <class Row>
void make_exchange_symmetric(Config& c, const std::map<std::string, Entry>& seen,
                             const std::string& name, Row of, int shell,
                             const std::string& part = "") {
    const std::size_t n = c.materials.size();
    auto given = [&](std::size_t i, std::size_t j) {
        return seen.count("material[" + std::to_string(i + 1) + "]:" + name + "[" +
                          std::to_string(j + 1) + "]") > 0;
    };
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
            auto& ja = of(c.materials[a], shell);
            auto& jb = of(c.materials[b], shell);
            const bool ab = given(a, b), ba = given(b, a);
            if (ab && ba && ja[b] != jb[a]) {
                const std::string key = "material[" + std::to_string(b + 1) + "]:" + name + "[" +
                                        std::to_string(a + 1) + "]";
                fail(seen.at(key), "differs from material[" + std::to_string(a + 1) + "]:" + name +
                                       "[" + std::to_string(b + 1) + "]" + part +
                                       ": the exchange between two materials must be symmetric");
            }
            if (ab && !ba) jb[a] = ja[b];
            if (ba && !ab) ja[b] = jb[a];
        }
}

// `n` materials with their defaults, every per-material table sized for n partners.
std::vector<MaterialConfig> blank_materials(int n) {
    std::vector<MaterialConfig> materials(static_cast<std::size_t>(n));
    const std::size_t count = materials.size();
    for (std::size_t i = 0; i < count; ++i) {
        MaterialConfig& m = materials[i];
        m.name = "material" + std::to_string(i + 1);
        m.exchange.assign(count, 0.0);
        m.exchange_vector.assign(count, Vec3{0, 0, 0});
        m.further_exchange.assign(further_exchange_shells, std::vector<Vec3>(count, Vec3{0, 0, 0}));
        m.alloy_fraction.assign(count, 0.0);
        m.dmi.assign(count, 0.0);
        m.interfacial_dmi.assign(count, 0.0);
        m.bulk_dmi.assign(count, 0.0);
        m.biquadratic.assign(count, 0.0);
        m.neel.assign(count, 0.0);
        m.kitaev.assign(count, 0.0);
        m.four_spin.assign(count, 0.0);
        m.further_biquadratic.assign(further_exchange_shells, std::vector<double>(count, 0.0));
    }
    return materials;
}

// The symmetric couplings ([i][j] = [j][i]: exchange, its vectorial parts, the bond DMI forms,
// biquadratic exchange, and each further shell's) made symmetric where one triangle is given,
// each pair given twice with two values a mistake.
void symmetrise_couplings(Config& c, const std::map<std::string, Entry>& seen, Mistakes& mistakes) {
    mistakes.check([&] {
        make_exchange_symmetric(
            c, seen, "exchange-matrix",
            [](MaterialConfig& m, int) -> std::vector<double>& { return m.exchange; }, 0);
    });
    mistakes.check([&] {  // after the means above: a vectorial pair may differ in its parts only
        make_exchange_symmetric(
            c, seen, "exchange-matrix",
            [](MaterialConfig& m, int) -> std::vector<Vec3>& { return m.exchange_vector; }, 0,
            " in its x, y or z part");
    });
    mistakes.check([&] {
        make_exchange_symmetric(
            c, seen, "interfacial-dmi-constant",
            [](MaterialConfig& m, int) -> std::vector<double>& { return m.interfacial_dmi; }, 0);
    });
    mistakes.check([&] {
        make_exchange_symmetric(
            c, seen, "bulk-dmi-constant",
            [](MaterialConfig& m, int) -> std::vector<double>& { return m.bulk_dmi; }, 0);
    });
    mistakes.check([&] {
        make_exchange_symmetric(
            c, seen, "kitaev-constant",
            [](MaterialConfig& m, int) -> std::vector<double>& { return m.kitaev; }, 0);
    });
    mistakes.check([&] {
        make_exchange_symmetric(
            c, seen, "biquadratic-exchange-matrix",
            [](MaterialConfig& m, int) -> std::vector<double>& { return m.biquadratic; }, 0);
    });
    for (int k = 0; k < further_exchange_shells; ++k)
        mistakes.check([&] {
            make_exchange_symmetric(
                c, seen, further_exchange_keyword(k),
                [](MaterialConfig& m, int s) -> std::vector<Vec3>& {
                    return m.further_exchange[s];
                },
                k, " (in its x, y or z part, where vectorial)");
        });
    for (int k = 0; k < further_exchange_shells; ++k)
        mistakes.check([&] {
            make_exchange_symmetric(
                c, seen, "biquadratic-" + further_exchange_keyword(k),
                [](MaterialConfig& m, int s) -> std::vector<double>& {
                    return m.further_biquadratic[s];
                },
                k);
        });
}

}  // namespace

Config build_config(const std::vector<Entry>& entries, const std::string& input_file,
                    const std::vector<InputError>& earlier, const UnitCellFile* cell) {
    Config c;
    c.input_file = input_file;
    Mistakes mistakes;
    for (const InputError& e : earlier)
        mistakes.add(e);

    // Pass 1: the material count, so indices can be checked on every line.
    int declared = -1, highest = 0;
    for (const Entry& e : entries) {
        if (e.section == "material" && e.section_index > highest) highest = e.section_index;
        if (e.section == "material" && e.name == "num-materials")
            mistakes.check([&] {
                const KeywordSpec& spec = *lookup(e, nullptr);
                check_indices(spec, e, 1);
                declared = static_cast<int>(convert_value(spec, e).integer);
            });
    }
    const int materials = declared > 0 ? declared : std::max(highest, 1);
    if (highest == 0)
        mistakes.add(InputError(input_file, 0, "material:file",
                                "no material is defined: add material:file = <name>.mat, or "
                                "material[1]:... lines"));
    c.materials = blank_materials(materials);

    // Pass 2: every line, in order. Column keywords append, so order is kept. A bad line is
    // recorded and the next one read, so every mistake is reported in one run.
    std::map<std::string, Entry> seen;
    for (const Entry& e : entries)
        mistakes.check([&] {
            const KeywordSpec* spec = lookup(e, &c.warnings);
            if (!spec) return;
            check_indices(*spec, e, materials);
            Entry canonical = e;  // both names of an aliased keyword are one keyword
            if (!spec->alias_of.empty()) canonical.name = spec->alias_of;
            const auto [it, fresh] = seen.emplace(canonical.key(), e);
            if (!fresh)
                fail(e, "set twice: already set at " + it->second.file + " line " +
                            std::to_string(it->second.line));
            spec->apply(c, convert_value(*spec, e), e);
        });

    const auto ucf = seen.find("material:unit-cell-file");
    if (ucf != seen.end() && cell) c.unit_cell_file = *cell;
    if (ucf != seen.end() && cell)
        mistakes.check([&] { check_unit_cell_file(c, seen, c.warnings); });
    if (ucf != seen.end() && !cell && mistakes.empty())  // build_config called without the file
        mistakes.add(InputError(ucf->second.file, ucf->second.line, ucf->second.key(),
                                "the unit-cell file was not read (read_config reads it)"));

    // Checks across keywords. Each reports its first finding; one about a keyword whose own line
    // failed above is a consequence and is dropped (Mistakes).
    const bool alloys_ok = mistakes.check([&] { check_alloys(c, seen); });
    mistakes.check([&] { check_structure(c, seen); });
    for (const Section& s : sections())
        if (s.check) mistakes.check([&] { s.check(c, seen); });
    for (const Section& s : sections())
        if (s.warn) s.warn(c, seen);
    // Which material holds a site depends on the alloys: with a wrong alloy the coverage finding
    // would be a consequence.
    if (highest > 0 && alloys_ok)
        mistakes.check([&] { check_material_coverage(c, seen, input_file, c.warnings); });
    symmetrise_couplings(c, seen, mistakes);
    mistakes.check([&] { check_exchange_shells(c, seen); });
    mistakes.throw_if_any(input_file);
    for (const auto& [key, e] : seen)
        c.given[key] = {e.file, e.line};
    return c;
}

void check_for_ranks(const Config& c, int ranks) {
    const auto nodes = c.given.find("config:output-nodes");
    const bool grouped = c.output.auto_mode || write_mode(c.output.mode).io_groups;
    if (c.output.atoms && grouped && nodes != c.given.end() && c.output.output_nodes > ranks)
        throw InputError(nodes->second.file, nodes->second.line, "config:output-nodes",
                         std::to_string(c.output.output_nodes) +
                             " I/O processes are more than "
                             "the " +
                             std::to_string(ranks) + " rank(s) of this run");
}

namespace {

// The file an entry names (relative paths resolve against the directory of the file holding the
// entry), loaded; a failure is recorded as a mistake of the entry. `path` is the resolved path.
LoadResult load_named(const Entry& e, const char* what, const TextLoader& load,
                      std::vector<std::string>& files, std::vector<InputError>& mistakes,
                      std::string& path) {
    std::filesystem::path p(e.value);
    if (p.is_relative()) p = std::filesystem::path(e.file).parent_path() / p;
    path = p.string();
    LoadResult r = load(path);
    if (r.ok)
        files.push_back(path);
    else
        mistakes.emplace_back(e.file, e.line, e.key(),
                              std::string("cannot read ") + what + " '" + path + "': " + r.error);
    return r;
}

}  // namespace

Config read_config(const std::string& input_path, const TextLoader& load) {
    LoadResult main = load(input_path);
    if (!main.ok)
        throw Error("cannot read input file '" + input_path + "': " + main.error +
                    (main.error == std::strerror(ENOENT)
                         ? " (give the input file as the first argument, or run in a directory "
                           "holding a file named 'input')"
                         : ""));
    std::vector<InputError> mistakes;
    std::vector<Entry> entries = split_lines(main.text, input_path, &mistakes);
    std::vector<std::string> files{input_path};

    std::vector<Entry> all;
    for (const Entry& e : entries) {
        if (e.section != "material" || e.name != "file" || e.section_index >= 0) {
            all.push_back(e);
            continue;
        }
        all.push_back(e);
        if (!e.has_value) continue;  // build_config reports the missing value
        std::string path;
        const LoadResult mat = load_named(e, "material file", load, files, mistakes, path);
        if (!mat.ok) continue;
        for (Entry& m : split_lines(mat.text, path, &mistakes)) {
            // VAMPIRE reads "materials:num-materials" in a material file (its own core-shell
            // test input writes it so): the same keyword.
            if (m.section == "materials" && m.section_index < 0 && m.name == "num-materials")
                m.section = "material";
            if (m.section != "material" || (m.name == "file" && m.section_index < 0)) {
                mistakes.emplace_back(m.file, m.line, m.key(),
                                      "only material keywords are allowed in a material file");
                continue;
            }
            all.push_back(std::move(m));
        }
    }
    // The unit-cell file, read like a material file: relative to the file that names it.
    UnitCellFile cell;
    bool cell_read = false;
    for (const Entry& e : all) {
        if (e.section != "material" || e.name != "unit-cell-file" || e.section_index >= 0 ||
            !e.has_value || cell_read)
            continue;
        std::string path;
        const LoadResult text = load_named(e, "unit-cell file", load, files, mistakes, path);
        if (!text.ok) continue;
        try {
            cell = parse_unit_cell_file(text.text, path);
            cell_read = true;
        } catch (const InputErrors& errors) {
            mistakes.insert(mistakes.end(), errors.errors().begin(), errors.errors().end());
        } catch (const InputError& error) {
            mistakes.push_back(error);
        }
    }
    // sim:program = field-sweep: VAMPIRE's sweep file, named `field-sweep`, in the directory of
    // the file that names the program (VAMPIRE reads it from its working directory, the input's).
    FieldSweepFile sweep;
    for (const Entry& e : all) {
        // Program names are matched without regard to case (value_conversion.cpp).
        std::string program = e.value;
        std::transform(program.begin(), program.end(), program.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        if (e.section != "sim" || e.name != "program" || program != "field-sweep") continue;
        const std::string path =
            (std::filesystem::path(e.file).parent_path() / "field-sweep").string();
        const LoadResult text = load(path);
        if (!text.ok) {
            mistakes.emplace_back(e.file, e.line, e.key(),
                                  "field-sweep reads its sweep from the file '" + path +
                                      "' (one line per segment: H_start H_end increment steps, "
                                      "fields in T), which cannot be read: " +
                                      text.error);
            continue;
        }
        files.push_back(path);
        try {
            sweep = parse_field_sweep_file(text.text, path);
        } catch (const InputErrors& errors) {
            mistakes.insert(mistakes.end(), errors.errors().begin(), errors.errors().end());
        } catch (const InputError& error) {
            mistakes.push_back(error);
        }
    }
    Config c = build_config(all, input_path, mistakes, cell_read ? &cell : nullptr);
    c.field_sweep = sweep;
    // The loops' own limit on the steps of a whole sweep.
    if (sweep.given() && c.sim.program == ProgramKind::field_sweep &&
        !(field_sweep_steps(sweep, c.sim.equilibration_steps) <= 1e15))
        throw InputError(sweep.path, 0, "field-sweep",
                         "the segments' fields and steps, with sim:equilibration-time-steps "
                         "before each segment, come to more than the 1e15 steps any run can "
                         "finish");
    c.files_read = files;
    return c;
}

}  // namespace miniasd
