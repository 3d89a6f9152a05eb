// The materials' section (material_section.hpp): the rows of the material: and material[i]:
// keywords (VAMPIRE's material files).
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

// material_dynamics_keywords.cpp
void add_dynamics_rows(std::vector<Keyword<SystemSettings>>& t);
void add_constraint_rows(std::vector<Keyword<SystemSettings>>& t);

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<SystemSettings>;
using MaterialRead = std::function<std::optional<Value>(const MaterialConfig&)>;

// A constant per pair of materials, material[i]:<name>[j] in joules, and VAMPIRE's other name of
// it. Described by its nonzero entries; `symmetric` (the parser makes [j][i] = [i][j]): an entry
// is described in both triangles, so a description reads back as itself.
void pair_constant(std::vector<KeywordSpec>& t, const char* name, const char* alias,
                   std::vector<double> MaterialConfig::*field, double limit, bool symmetric,
                   const char* doc, const char* alias_doc) {
    for (const char* n : {name, alias}) {
        KeywordSpec s = mat(
            n, K::real, D::energy, -limit, limit, "0 J", n == alias ? alias_doc : doc,
            [field](MaterialConfig& m, const Value& v, const Entry& e) {
                (m.*field)[static_cast<std::size_t>(e.name_index - 1)] = v.real;
            },
            nullptr);
        s.second_material_index = true;
        if (n == alias)
            s.alias_of = name;
        else
            s.read = [field, symmetric](const SystemSettings& c, int i, int j) {
                const auto at = [&c, field](int a, int b) {
                    return (c.materials[static_cast<std::size_t>(a)].*
                            field)[static_cast<std::size_t>(b)];
                };
                const double v = at(i, j) != 0 || !symmetric ? at(i, j) : at(j, i);
                return v != 0 ? number(v) : none;
            };
        t.push_back(s);
    }
}

// The material: keywords of the whole set: the files and the material count.
void add_file_rows(std::vector<KeywordSpec>& t) {
    // --- material (file-level) ---
    t.push_back(row(
        "material", "file", K::text, D::none, 0, 0, "-",
        "material file to read (relative paths resolve against the input file's "
        "directory); it may hold only material keywords",
        [](SystemSettings&, const Value&, const Entry&) {},
        written_elsewhere));  // describe() writes the materials' lines themselves
    t.push_back(row(
        "material", "unit-cell-file", K::text, D::none, 0, 0, "none",
        "VAMPIRE unit-cell file (.ucf; relative paths resolve against the directory of the file "
        "naming it; quotes are dropped): its cell, atoms and exchange bonds define the crystal, "
        "and create:crystal-structure and dimensions:unit-cell-size beside it are not used, with "
        "a warning when they describe another cell (docs/unit-cell-files.md)",
        [](SystemSettings&, const Value&, const Entry&) {
        },  // read_config reads and parses the file
        [](const SystemSettings& c) {
            return c.unit_cell_file.given() ? word(c.unit_cell_file.path) : none;
        }));
}

// A material's name, element, moment and damping.
void add_moment_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "material", "num-materials", K::integer, D::none, 1, 100, "highest index used",
        "number of materials; indices above it are errors (a material file may write it "
        "materials:num-materials, as VAMPIRE reads it)",
        [](SystemSettings&, const Value&, const Entry&) {},  // read before the other lines
        [](const SystemSettings& c) { return whole(static_cast<long long>(c.materials.size())); }));

    // --- material[i] ---
    t.push_back(mat(
        "material-name", K::text, D::none, 0, 0, "material<i>", "name used in output headers",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.name = v.text; },
        [](const MaterialConfig& m) { return word(m.name); }));
    t.push_back(mat(
        "material-element", K::text, D::none, 0, 0, "none",
        "chemical symbol (at most 3 characters): the species of XYZ output and the "
        "colour of atoms in POV-Ray scenes (miniasd-convert), recorded in the "
        "snapshot metadata; without it XYZ species are the material names",
        [](MaterialConfig& m, const Value& v, const Entry& e) {
            if (v.text.empty() || v.text.size() > 3)
                entry_error(e, "expected a chemical symbol of 1 to 3 characters");
            m.element = v.text;
        },
        [](const MaterialConfig& m) { return m.element.empty() ? none : word(m.element); }));
    t.push_back(mat(
        "atomic-spin-moment", K::real, D::moment, 1e-30, 1e-20, "1.72 muB",
        "atomic spin moment mu_s (default unit muB); without it VAMPIRE's default 1.72 muB, "
        "with a warning",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.moment = v.real;
            m.moment_set = true;
        },
        [](const MaterialConfig& m) { return m.moment_set ? number(m.moment) : none; }));
    t.push_back(mat(
        "damping-constant", K::real, D::none, 0, 100, "1.0",
        "Gilbert damping alpha (dimensionless)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.damping = v.real; },
        [](const MaterialConfig& m) { return number(m.damping); }));
}

// Its couplings to the other materials: exchange (each shell) and biquadratic.
void add_coupling_rows(std::vector<KeywordSpec>& t) {
    for (const char* name : {"exchange-matrix", "exchange-matrix-1st-nn"}) {
        const bool alias = std::string(name) == "exchange-matrix-1st-nn";
        KeywordSpec s = mat(
            name, K::real_or_triple, D::energy, -1e-18, 1e-18, "0 J",
            alias ? "VAMPIRE's name of exchange-matrix (the first neighbour shell)"
                  : "exchange J_ij to nearest neighbours of material j, joules per link "
                    "(> 0 ferromagnetic), or VAMPIRE's vectorial Jx, Jy, Jz: E = -(Jx Sx Sx' + "
                    "Jy Sy Sy' + Jz Sz Sz') per bond (with a unit-cell file, they multiply its "
                    "normalised isotropic or vectorial weights); [i][j] and [j][i] must agree, "
                    "one of them suffices",
            [](MaterialConfig& m, const Value& v, const Entry& e) {
                m.exchange[e.name_index - 1] = v.real;
                m.exchange_vector[e.name_index - 1] = v.vec;
            },
            nullptr);
        s.second_material_index = true;
        if (alias)
            s.alias_of = "exchange-matrix";
        else  // the whole matrix, both triangles (they agree: the parser makes it symmetric)
            s.read = [](const SystemSettings& c, int i, int j) -> std::optional<Value> {
                // A unit-cell file in joules does not read it: a dead setting, not described.
                if (c.unit_cell_file.given() && !c.unit_cell_file.normalised) return none;
                const MaterialConfig& m = c.materials[static_cast<std::size_t>(i)];
                const Vec3& v = m.exchange_vector[static_cast<std::size_t>(j)];
                if (is_vectorial(v)) return triple(v);
                return number(m.exchange[static_cast<std::size_t>(j)]);
            };
        t.push_back(s);
    }
    pair_constant(t, "biquadratic-exchange-matrix", "biquadratic-exchange-matrix-1st-nn",
                  &MaterialConfig::biquadratic, 1e-18, true,
                  "biquadratic exchange B_ij to nearest neighbours of material j, joules per "
                  "link: E = -B (S_i . S_j)^2 per bond (> 0 favours collinear spins), on the "
                  "bonds and weights of the bilinear exchange (all in range unless "
                  "exchange:function = shell); with a unit-cell file, the weights of its "
                  "normalised-isotropic biquadratic block multiply it; [i][j] and [j][i] must "
                  "agree",
                  "VAMPIRE's name of biquadratic-exchange-matrix (the first neighbour shell)");
}

// Its anisotropies and initial spin direction.
void add_anisotropy_rows(std::vector<KeywordSpec>& t) {
    for (const char* name :
         {"second-order-uniaxial-anisotropy-constant", "uniaxial-anisotropy-constant"}) {
        const bool alias = std::string(name) == "uniaxial-anisotropy-constant";
        KeywordSpec s = mat(
            name, K::real, D::energy, -1e-18, 1e-18, "0 J",
            alias ? "older VAMPIRE name of second-order-uniaxial-anisotropy-constant"
                  : "uniaxial anisotropy k_u, joules per atom (> 0 easy axis)",
            [](MaterialConfig& m, const Value& v, const Entry&) { m.anisotropy = v.real; },
            alias ? MaterialRead() : [](const MaterialConfig& m) { return number(m.anisotropy); });
        if (alias) s.alias_of = "second-order-uniaxial-anisotropy-constant";
        t.push_back(s);
    }
    for (const char* name :
         {"fourth-order-cubic-anisotropy-constant", "cubic-anisotropy-constant"}) {
        const bool alias = std::string(name) == "cubic-anisotropy-constant";
        KeywordSpec s = mat(
            name, K::real, D::energy, -1e-17, 1e-17, "0 J",
            alias ? "older VAMPIRE name of fourth-order-cubic-anisotropy-constant"
                  : "cubic anisotropy k_c, joules per atom: E = -(k_c/2)(Sx^4 + Sy^4 "
                    "+ Sz^4), k_c > 0 makes <100> easy",
            [](MaterialConfig& m, const Value& v, const Entry&) { m.cubic_anisotropy = v.real; },
            alias ? MaterialRead()
                  : [](const MaterialConfig& m) { return number(m.cubic_anisotropy); });
        if (alias) s.alias_of = "fourth-order-cubic-anisotropy-constant";
        t.push_back(s);
    }
    t.push_back(mat(
        "uniaxial-anisotropy-direction", K::direction, D::none, 0, 0, "0,0,1",
        "easy axis (normalised)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.anisotropy_axis = v.vec; },
        [](const MaterialConfig& m) { return unit_vector(m.anisotropy_axis); }));
    t.push_back(mat(
        "initial-spin-direction", K::direction_or_random, D::none, 0, 0, "0,0,1",
        "initial direction (normalised), or 'random' (drawn per atom from the seed)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.random_initial_spin = v.random;
            if (!v.random) m.initial_spin = v.vec;
        },
        [](const MaterialConfig& m) {
            std::optional<Value> v = unit_vector(m.initial_spin);
            v->random = m.random_initial_spin;
            return v;
        }));
}

// Where it sits: its site category, alloys, core-shell particles, non-magnetic sites.
void add_placement_rows(std::vector<KeywordSpec>& t) {
    t.push_back(mat(
        "unit-cell-category", K::integer, D::none, 1, 1001, "none",
        "unit-cell category (1-based) this material occupies: the basis site for sc 1, bcc 1-2, "
        "fcc 1-4 and most crystals, the sublattice for heusler, rocksalt and mn2au "
        "(docs/physics.md); with a unit-cell file, the atoms whose material column is this "
        "value - 1. Not given: every site of a crystal, a file's column-0 atoms. Where several "
        "materials admit a site the last one takes it (Materials and sites, above)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.unit_cell_category = static_cast<int>(v.integer);
        },
        [](const MaterialConfig& m) {
            return m.unit_cell_category > 0 ? whole(m.unit_cell_category) : none;
        }));
    for (const char* name : {"host-alloy", "alloy-host"}) {
        const bool alias = std::string(name) == "alloy-host";
        KeywordSpec s = mat(
            name, K::flag, D::none, 0, 0, "off",
            alias ? "older VAMPIRE name of host-alloy"
                  : "this material is a random-alloy host: its sites are given to the "
                    "materials j of its alloy-fraction[j] at random",
            [](MaterialConfig& m, const Value&, const Entry&) { m.alloy_host = true; },
            alias ? MaterialRead() : [](const MaterialConfig& m) { return flag_if(m.alloy_host); });
        if (alias) s.alias_of = "host-alloy";
        t.push_back(s);
    }
    {
        KeywordSpec s = mat(
            "alloy-fraction", K::real, D::none, 0, 1, "0",
            "fraction of this host's sites given to material j (drawn per site "
            "from create:alloy-random-seed and the atom's id)",
            [](MaterialConfig& m, const Value& v, const Entry& e) {
                m.alloy_fraction[e.name_index - 1] = v.real;
            },
            nullptr);
        s.second_material_index = true;
        // Every material a host may give sites to (not itself, not another host), zeros too.
        s.read = [](const SystemSettings& c, int i, int j) {
            const auto& m = c.materials;
            const std::size_t a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
            return m[a].alloy_host && a != b && !m[b].alloy_host ? number(m[a].alloy_fraction[b])
                                                                 : none;
        };
        t.push_back(s);
    }
    t.push_back(mat(
        "core-shell-size", K::real, D::none, 0, 1, "1",
        "core-shell particles: this material takes the atoms within this fraction "
        "of the particle radius (smallest fraction first); needs a particle shape",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.core_shell_size = v.real;
            m.core_shell_set = true;
        },
        [](const MaterialConfig& m) {
            return m.core_shell_set ? number(m.core_shell_size) : none;
        }));
    t.push_back(mat(
        "non-magnetic", K::choice, D::none, 0, 0, "off",
        "remove (or the bare keyword): the material's sites hold no atom; keep: its atoms stay in "
        "the lattice and in every interaction (they can mediate DMI) but are left out of every "
        "statistics column (VAMPIRE's meanings)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.non_magnetic = v.text == "keep";
            m.removed = v.text == "remove";
        },
        [](const MaterialConfig& m) {
            return m.removed ? word("remove") : m.non_magnetic ? word("keep") : none;
        }));
    t.back().choices = "keep|remove";
    t.back().bare_choice = "remove";
    t.push_back(mat(
        "density", K::real, D::none, 0, 1, "1",
        "fraction of this material's sites that hold an atom (a dilute magnet): each site is kept "
        "or left empty by a number drawn from create:dilution-random-seed and the atom's id, so "
        "the same atoms on any number of ranks",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.density = v.real; },
        [](const MaterialConfig& m) { return m.density < 1 ? number(m.density) : none; }));
}

// Its DMI: VAMPIRE's triangles, and the bond forms (interfacial, bulk).
void add_dmi_rows(std::vector<KeywordSpec>& t) {
    pair_constant(t, "dmi-constant", "dzyaloshinskii-moriya-interaction-constant",
                  &MaterialConfig::dmi, 1e-17, false,
                  "Dzyaloshinskii-Moriya constant D of the triangles i-j-k whose mediating atom "
                  "k is of material j, joules; [i][j] and [j][i] are independent "
                  "(docs/physics.md, DMI)",
                  "VAMPIRE's long name of dmi-constant");
    for (const bool bulk : {false, true}) {
        const char* name = bulk ? "bulk-dmi-constant" : "interfacial-dmi-constant";
        KeywordSpec s = mat(
            name, K::real, D::energy, -1e-17, 1e-17, "0 J",
            bulk ? "miniASD's bulk (Bloch) DMI of the nearest-neighbour bonds to material j, "
                   "joules: D_ij = D r_ij, r_ij the bond's unit vector; symmetric like "
                   "exchange-matrix (docs/physics.md, DMI)"
                 : "miniASD's interfacial (Neel) DMI of the nearest-neighbour bonds to material j, "
                   "joules: D_ij = D (z x r_ij), r_ij the bond's unit vector, z the film's normal; "
                   "no heavy-metal layer needed; symmetric like exchange-matrix (docs/physics.md, "
                   "DMI)",
            [bulk](MaterialConfig& m, const Value& v, const Entry& e) {
                (bulk ? m.bulk_dmi : m.interfacial_dmi)[std::size_t(e.name_index - 1)] = v.real;
            },
            nullptr);
        s.second_material_index = true;
        s.read = [bulk](const SystemSettings& c, int i, int j) {
            const auto at = [&](int a, int b) {
                const MaterialConfig& m = c.materials[std::size_t(a)];
                return (bulk ? m.bulk_dmi : m.interfacial_dmi)[std::size_t(b)];
            };
            const double v = at(i, j) != 0 ? at(i, j) : at(j, i);  // symmetric
            return v != 0 ? number(v) : none;
        };
        t.push_back(s);
    }
}

// The heights it occupies (fractions of the system height).
void add_height_rows(std::vector<KeywordSpec>& t) {
    t.push_back(mat(
        "minimum-height", K::real, D::none, 0, 1, "0",
        "lowest z, as a fraction of the system height, of atoms of this material",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.minimum_height = v.real;
            m.height_set = true;
        },
        [](const MaterialConfig& m) { return m.height_set ? number(m.minimum_height) : none; }));
    t.push_back(mat(
        "maximum-height", K::real, D::none, 0, 1, "1",
        "highest z (exclusive, 1 inclusive), as a fraction of the system height",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.maximum_height = v.real;
            m.height_set = true;
        },
        [](const MaterialConfig& m) { return m.height_set ? number(m.maximum_height) : none; }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_file_rows(t);
    add_moment_rows(t);
    add_dynamics_rows(t);
    add_constraint_rows(t);
    add_coupling_rows(t);
    add_anisotropy_rows(t);
    add_placement_rows(t);
    add_dmi_rows(t);
    add_height_rows(t);
}

}  // namespace

SectionOf<SystemSettings> material_section() {
    return {"materials", add_rows};
}

}  // namespace miniasd
