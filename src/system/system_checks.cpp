#include "system/system_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "system/crystals.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd::system_checks {

using input_checks::fail;

// Every basis site of a built-in crystal at every height must belong to some material.
void check_material_coverage(const SystemSettings& c, const std::map<std::string, Entry>& seen,
                             const std::string& input_file, std::vector<std::string>& warnings) {
    const int nbasis = site_categories(c);
    for (std::size_t i = 0; i < c.materials.size(); ++i) {
        const MaterialConfig& m = c.materials[i];
        const std::string p = "material[" + std::to_string(i + 1) + "]:";
        if (!m.moment_set) {
            // VAMPIRE's default moment (VAMPIRE's corpus has inputs, non-magnetic spacers among
            // them, that rely on it): taken, and said once, pointing at where the material is
            // described (its first keyword, else the material count, else the input file).
            const Entry* at = nullptr;
            for (const auto& [key, e] : seen)
                if (key.rfind(p, 0) == 0 && (!at || (e.file == at->file && e.line < at->line)))
                    at = &e;
            if (!at)
                if (const auto n = seen.find("material:num-materials"); n != seen.end())
                    at = &n->second;
            warnings.push_back((at ? at->file + ", line " + std::to_string(at->line) : input_file) +
                               ": " + p +
                               "atomic-spin-moment is not given: VAMPIRE's default "
                               "of 1.72 muB is used for material " +
                               std::to_string(i + 1));
        }
        if (m.unit_cell_category > nbasis) {
            const auto it = seen.find(p + "unit-cell-category");
            fail(it->second, c.unit_cell_file.given()
                                 ? "category " + std::to_string(m.unit_cell_category) +
                                       " does not exist: the atoms of " + c.unit_cell_file.path +
                                       " have material columns 0 to " + std::to_string(nbasis - 1) +
                                       " (categories 1 to " + std::to_string(nbasis) + ")"
                                 : "site " + std::to_string(m.unit_cell_category) +
                                       " does not exist: a " + word_of(c.structure.crystal) +
                                       " cell has " + std::to_string(nbasis) + " site(s)");
        }
        if (!(m.minimum_height < m.maximum_height)) {
            const auto it = seen.find(p + "maximum-height");
            const Entry& e =
                it != seen.end() ? it->second : seen.find(p + "minimum-height")->second;
            fail(e, "minimum-height must be below maximum-height");
        }
    }
    // A unit-cell-file atom no rule places keeps its column's material (the parser has checked
    // that every column names one).
    if (c.unit_cell_file.given()) return;
    if (!places_by_rule(c)) return;  // every site takes the first material
    for (int site = 1; site <= nbasis; ++site) {
        std::vector<std::pair<double, double>> spans;
        for (std::size_t m = 0; m < c.materials.size(); ++m) {
            const MaterialConfig& mc = c.materials[m];
            if (material_admits(c, m, site) && !alloyed_only(c, m))
                spans.emplace_back(mc.minimum_height, mc.maximum_height);
        }
        std::sort(spans.begin(), spans.end());
        double covered = 0.0;
        for (const auto& [lo, hi] : spans) {
            if (lo > covered) break;
            covered = std::max(covered, hi);
        }
        if (covered < 1.0)
            throw InputError(input_file, 0, "material[i]:minimum-height",
                             "no material occupies the sites of unit-cell category " +
                                 std::to_string(site) + " above height fraction " +
                                 std::to_string(covered) +
                                 "; adjust minimum-height/maximum-height or unit-cell-category so "
                                 "every site at every height has a material");
    }
}

// Random alloys: fractions only on hosts, of other materials that are not hosts themselves, adding
// up to at most 1; a host without fractions would be a keyword without effect.
void check_alloys(const SystemSettings& c, const std::map<std::string, Entry>& seen) {
    const std::size_t n = c.materials.size();
    for (std::size_t i = 0; i < n; ++i) {
        const MaterialConfig& m = c.materials[i];
        const std::string p = "material[" + std::to_string(i + 1) + "]:";
        double sum = 0;
        const Entry* last = nullptr;
        for (std::size_t j = 0; j < n; ++j) {
            const auto it = seen.find(p + "alloy-fraction[" + std::to_string(j + 1) + "]");
            if (it == seen.end()) continue;
            last = &it->second;
            if (!m.alloy_host)
                fail(it->second, "material " + std::to_string(i + 1) +
                                     " is not an alloy host: add " + p + "host-alloy");
            if (j == i) fail(it->second, "a host cannot be alloyed with itself");
            if (c.materials[j].alloy_host)
                fail(it->second, "material " + std::to_string(j + 1) +
                                     " is itself an alloy host; alloy into plain materials only");
            sum += m.alloy_fraction[j];
        }
        if (sum > 1 + 1e-12)
            fail(*last, "the alloy fractions of material " + std::to_string(i + 1) + " add up to " +
                            std::to_string(sum) + ", more than 1");
        if (m.alloy_host && !last) {
            fail(seen.at(p + "host-alloy"),
                 "an alloy host needs at least one " + p +
                     "alloy-fraction[j] = <fraction of its sites given to j>");
        }
    }
}

// The structure keywords that only make sense together.
void check_structure(const SystemSettings& c, const std::map<std::string, Entry>& seen) {
    const ParticleShape shape = c.structure.particle_shape;
    const bool shaped = shape != ParticleShape::none;
    const char* add_shape =
        "has no effect without a particle shape: add create:sphere, cube, cylinder, "
        "truncated-octahedron, ellipsoid, ellipse, cone, tear-drop or bubble";
    if (c.structure.single_spin) {
        for (const char* other : {"create:crystal-structure", "create:periodic-boundaries",
                                  "create:periodic-boundaries-x", "create:periodic-boundaries-y",
                                  "create:periodic-boundaries-z"})
            if (seen.count(other))
                fail(seen.at(other),
                     "conflicts with create:single-spin (one atom in one sc cell "
                     "with no neighbours)");
        if (shaped)
            fail(seen.at(std::string("create:") + word_of(shape)),
                 "conflicts with create:single-spin (one atom in one sc cell with no neighbours)");
    }
    if (const auto it = seen.find("create:multilayers"); it != seen.end()) {
        bool heights = false;
        for (const MaterialConfig& m : c.materials)
            heights = heights || m.height_set;
        if (!heights)
            fail(it->second,
                 "repeats the materials' height ranges: give material[i]:minimum-height or "
                 "maximum-height");
    }
    for (const char* k : {"dimensions:particle-size", "create:particle-centre-offset",
                          "create:particle-array", "create:hexagonal-particle-array"})
        if (!shaped && seen.count(k)) fail(seen.at(k), add_shape);
    if (seen.count("create:particle-array") && seen.count("create:hexagonal-particle-array"))
        fail(seen.at("create:hexagonal-particle-array"),
             "conflicts with create:particle-array: give one arrangement");
    for (const char* k : {"dimensions:particle-spacing", "dimensions:particle-array-offset-x",
                          "dimensions:particle-array-offset-y"})
        if (seen.count(k) && c.structure.particle.array == ParticleParameters::Array::none)
            fail(seen.at(k),
                 "has no effect without create:particle-array or hexagonal-particle-array");
    for (std::size_t i = 0; i < c.materials.size(); ++i) {
        if (!c.materials[i].core_shell_set) continue;
        const Entry& e = seen.at("material[" + std::to_string(i + 1) + "]:core-shell-size");
        if (!shaped) fail(e, add_shape);
        if (shape == ParticleShape::tear_drop || shape == ParticleShape::bubble)
            fail(e, std::string("has no effect on create:") + word_of(shape) +
                        " (VAMPIRE's ignores core-shell sizes): cut another shape");
    }
    // The shapes' own parameters, each only with the shapes that read it.
    const bool factors = shape == ParticleShape::ellipsoid || shape == ParticleShape::ellipse ||
                         shape == ParticleShape::truncated_octahedron;
    const std::pair<const char*, bool> parameters[] = {
        {"create:cone-angle", shape == ParticleShape::cone},
        {"create:bubble-radius", shape == ParticleShape::bubble},
        {"create:bubble-nucleation-height", shape == ParticleShape::bubble},
        {"dimensions:particle-shape-factor-x", factors},
        {"dimensions:particle-shape-factor-y", factors},
        {"dimensions:particle-shape-factor-z", factors && shape != ParticleShape::ellipse}};
    for (const auto& [k, used] : parameters)
        if (!used && seen.count(k))
            fail(seen.at(k), shaped ? std::string("has no effect on create:") + word_of(shape)
                                    : std::string(add_shape));
}

namespace {

// The exchange: keywords and the shells beyond the first have their effect only with the
// function they belong to, and none with a unit-cell file; the per-category-pair keywords need
// categories that exist.
void check_bond_keywords(const SystemSettings& c, const std::map<std::string, Entry>& seen) {
    using F = ExchangeFunction;
    const bool ucf = c.unit_cell_file.given();
    for (const auto& [key, e] : seen) {
        // DMI is built on whatever bonds there are, a unit-cell file's too.
        const bool global = key.rfind("exchange:", 0) == 0 && key != "exchange:dmi-cutoff-range";
        // exchange-matrix-<k>-nn and biquadratic-exchange-matrix-<k>-nn beyond the first
        const bool shell = key.find("exchange-matrix-") != std::string::npos &&
                           key.find("-nn[") != std::string::npos &&
                           key.find("-1st-nn") == std::string::npos;
        if (ucf && (global || shell))
            fail(e,
                 "has no effect with material:unit-cell-file, whose bonds are given "
                 "in the file: remove it");
        if (shell && c.exchange.function != F::shell)
            fail(e, "has an effect only with exchange:function = shell");
        const std::string name = global ? key.substr(9) : "";
        if (name.rfind("decay-", 0) == 0 && c.exchange.function != F::exponential)
            fail(e, "has an effect only with exchange:function = exponential");
        if (name == "rkkykf" && c.exchange.function != F::rkky)
            fail(e, "has an effect only with exchange:function = RKKY");
    }
    for (const auto& [key, e] : seen) {  // the per-category-pair keywords
        if (e.name_index2 < 0 || ucf) continue;
        if (c.structure.single_spin)
            fail(e, "has no effect with create:single-spin (one atom with no neighbours)");
        const int n = exchange_category_count(c);
        if (std::max(e.name_index, e.name_index2) > n)
            fail(e, "category index " + std::to_string(std::max(e.name_index, e.name_index2)) +
                        " out of range: crystal " + word_of(c.structure.crystal) + " has " +
                        std::to_string(n) + " exchange categor" + (n == 1 ? "y" : "ies") +
                        (crystal_cell(c.structure.crystal).sublattices_on_request &&
                                 !c.structure.crystal_sublattice_materials
                             ? " (one per sublattice with create:crystal-sublattice-materials)"
                             : ""));
        if (e.name == "unit-cell-category-exchange-parameters" &&
            c.exchange.function != F::material_exponential)
            fail(e, "has an effect only with exchange:function = material-exponential");
    }
}

// The couplings' keywords have an effect: DMI with a DMI constant, exchange-matrix scaling a
// normalised unit-cell file, biquadratic exchange where there are bonds, something magnetic.
void check_coupling_keywords(const SystemSettings& c, const std::map<std::string, Entry>& seen) {
    const bool ucf = c.unit_cell_file.given();
    if (seen.count("exchange:dmi-cutoff-range") && !has_dmi(c))
        fail(seen.at("exchange:dmi-cutoff-range"),
             "has no effect: no material has a nonzero dmi-constant");
    for (const auto& [key, e] : seen)
        if (c.structure.single_spin && key.find(":dmi-constant[") != std::string::npos)
            fail(e, "has no effect with create:single-spin (one atom with no neighbours)");
    bool magnetic = false;
    for (const MaterialConfig& m : c.materials)
        magnetic = magnetic || (!m.non_magnetic && !m.removed);
    for (const auto& [key, e] : seen)
        if (!magnetic && key.find(":non-magnetic") != std::string::npos)
            fail(e,
                 "every material is non-magnetic (kept or removed): the statistics would have "
                 "no atoms");
    for (const auto& [key, e] : seen) {
        if (!ucf || key.find(":exchange-matrix[") == std::string::npos) continue;
        if (!c.unit_cell_file.normalised)
            fail(e, "has no effect: the unit-cell file gives its couplings in joules (" +
                        std::string(word_of(c.unit_cell_file.form, false)) +
                        "); make them normalised-" + word_of(c.unit_cell_file.form, false) +
                        " weights to use this");
        if (c.unit_cell_file.form == CouplingForm::tensor && vectorial_exchange(c))
            fail(e,
                 "three values (Jx, Jy, Jz) cannot scale a normalised-tensorial file's "
                 "weights: its rows scaled apart would not be the transpose of the reverse "
                 "bonds'; give one value, or the file's bonds as normalised-vectorial");
    }
    for (const auto& [key, e] : seen) {
        if (key.find(":biquadratic-exchange-matrix[") == std::string::npos) continue;
        if (c.structure.single_spin) fail(e, "has no effect with create:single-spin (one atom)");
        if (ucf && !c.unit_cell_file.has_biquadratic)
            fail(e,
                 "has no effect: the unit-cell file has no biquadratic block (the bonds "
                 "come from the file; add a normalised-isotropic block after its bonds)");
        if (ucf && !c.unit_cell_file.biquadratic_normalised)
            fail(e,
                 "has no effect: the unit-cell file's biquadratic block gives its couplings "
                 "in joules (isotropic); make it normalised-isotropic to use this");
    }
    for (const char* key : {"exchange:interaction-range", "exchange:function"})
        if (c.structure.single_spin && seen.count(key))
            fail(seen.at(key),
                 "has no effect with create:single-spin (one atom with no neighbours)");
}

}  // namespace

void check_exchange_shells(const SystemSettings& c, const std::map<std::string, Entry>& seen) {
    check_bond_keywords(c, seen);
    check_coupling_keywords(c, seen);
}

}  // namespace miniasd::system_checks
