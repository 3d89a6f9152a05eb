// The structure's section (structure_section.hpp): the rows of the create: and dimensions:
// keywords. Their checks against the materials and the unit-cell file are the whole
// system's (system/system_checks.cpp).
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "system/crystals.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<SystemSettings>;

// The create: keywords: the crystal, its sublattices, periodic boundaries, a single spin.
void add_create_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "create", "alloy-random-seed", K::integer, D::none, 0, 2e9, "2014",
        "seed of the random alloy structure (independent of the thermal noise's "
        "sim:integrator-random-seed)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.alloy_seed = static_cast<std::uint64_t>(v.integer);
        },
        [](const SystemSettings& c) {
            return whole(static_cast<long long>(c.structure.alloy_seed));
        }));
    t.push_back(row(
        "create", "dilution-random-seed", K::integer, D::none, 0, 2e9, "465865253",
        "seed of the vacancies of dilute materials (material[i]:density)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.dilution_seed = static_cast<std::uint64_t>(v.integer);
        },
        [](const SystemSettings& c) -> std::optional<Value> {
            if (c.structure.dilution_seed == 465865253) return none;
            return whole(static_cast<long long>(c.structure.dilution_seed));
        }));
    t.push_back(choice(
        "create", "fill-core-shell-particles", "true|false", "true",
        "false: in a core-shell particle, a site whose innermost shell (the smallest "
        "material[i]:core-shell-size reaching it) does not admit it by unit-cell-category and "
        "height is left empty (a hollow or partial core); true: it goes to the next shell out "
        "that admits it",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.fill_core_shell = v.text == "true";
        },
        [](const SystemSettings& c) {
            return c.structure.fill_core_shell ? none : word("false");
        }));
    t.back().bare_choice = "true";
    t.push_back(choice(
        "create", "height-categorization", "default|multilayers", "default",
        "the height categories of the height profiles (output:height-magnetisation and the "
        "like): default, the unit cells' atomic layers (VAMPIRE's per-crystal table, a unit-cell "
        "file's height column) cell by cell up the box; multilayers, the create:multilayers "
        "blocks",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.height_by_multilayer = v.text == "multilayers";
        },
        [](const SystemSettings& c) {
            return c.structure.height_by_multilayer ? word("multilayers") : none;
        }));
    t.push_back(row(
        "create", "spin-initialisation-random-seed", K::integer, D::none, 0, 2e9,
        "sim:integrator-random-seed",
        "seed of random initial spin directions (material[i]:initial-spin-direction = random, "
        "sim:initial-spin-configuration = random), each atom's drawn from it and the atom's id; "
        "not given: from sim:integrator-random-seed (VAMPIRE's default is 123456)",
        [](SystemSettings& c, const Value& v, const Entry&) { c.initial.spin_seed = v.integer; },
        [](const SystemSettings& c) -> std::optional<Value> {
            if (c.initial.spin_seed < 0) return none;
            return whole(static_cast<long long>(c.initial.spin_seed));
        }));
    t.push_back(row(
        "create", "multilayers", K::integer, D::none, 1, 100, "1",
        "split the box's height into this many equal blocks and stack the materials in each: "
        "material[i]:minimum-height and maximum-height become fractions of a block (VAMPIRE's)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.multilayers = v.integer;
        },
        [](const SystemSettings& c) -> std::optional<Value> {
            return c.structure.multilayers != 1 ? whole(c.structure.multilayers) : none;
        }));
    // --- create ---
    t.push_back(choice(
        "create", "crystal-structure",
        "sc|bcc|fcc|hcp|bcc-110|heusler|honeycomb|kagome|rocksalt|mn2au|fcc-111|alpha-honeycomb|"
        "beta-honeycomb|spinel|spinel-layered|ndfeb|smfen",
        "sc",
        "crystal structure: VAMPIRE's orthogonal cells, docs/physics.md lists each (its cell, "
        "atoms, categories and neighbours)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            const auto& cells = crystal_cells();
            for (std::size_t k = 0; k < cells.size(); ++k)
                if (v.text == cells[k].name) c.structure.crystal = static_cast<CrystalStructure>(k);
        },
        // A single spin is one sc cell; the keyword would conflict with it.
        // A unit-cell file replaces it.
        [](const SystemSettings& c) {
            return c.structure.single_spin || c.unit_cell_file.given()
                       ? none
                       : word(word_of(c.structure.crystal));
        }));
    t.push_back(choice(
        "create", "crystal-sublattice-materials", "true|false", "false",
        "true: the sublattices of bcc, fcc, hcp, bcc-110, fcc-111, the honeycombs, kagome and "
        "mn2au are separate exchange categories (exchange:nn-cutoff-range[a][b] and the other "
        "per-pair keywords, and the per-pair scaling of exponential weights); false: one. "
        "Materials are placed by site either way (unit-cell-category)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.crystal_sublattice_materials = v.text == "true";
        },
        [](const SystemSettings& c) {
            return c.structure.crystal_sublattice_materials ? word("true") : none;
        }));
    t.back().bare_choice = "true";
    t.push_back(row(
        "create", "periodic-boundaries", K::flag, D::none, 0, 0, "off",
        "periodic boundary conditions along x, y and z",
        [](SystemSettings& c, const Value&, const Entry&) {
            c.structure.periodic = {true, true, true};
        },
        written_elsewhere));
    t.push_back(row(
        "create", "single-spin", K::flag, D::none, 0, 0, "off",
        "a system of one atom (one sc cell, no neighbours; the system size is not "
        "used): a single macrospin for tests and teaching",
        [](SystemSettings& c, const Value&, const Entry&) { c.structure.single_spin = true; },
        [](const SystemSettings& c) { return flag_if(c.structure.single_spin); }));
}

// The particle shapes (one is cut at the box centre) and their parameters.
void add_particle_rows(std::vector<KeywordSpec>& t) {
    const std::pair<const char*, ParticleShape> shapes[] = {
        {"sphere", ParticleShape::sphere},
        {"cube", ParticleShape::cube},
        {"cylinder", ParticleShape::cylinder},
        {"truncated-octahedron", ParticleShape::truncated_octahedron},
        {"ellipsoid", ParticleShape::ellipsoid},
        {"ellipse", ParticleShape::ellipse},
        {"cone", ParticleShape::cone},
        {"tear-drop", ParticleShape::tear_drop},
        {"bubble", ParticleShape::bubble}};
    const char* shape_doc[] = {
        "cut a sphere of diameter dimensions:particle-size at the box centre",
        "cut a square prism of side dimensions:particle-size in x and y, the box height in z "
        "(VAMPIRE's cube)",
        "cut a cylinder of diameter dimensions:particle-size along z, the box height tall",
        "cut a truncated octahedron, |x|+|y|+|z| <= 3D/4 and |x|,|y|,|z| <= (D/2) f_x,y,z with D = "
        "dimensions:particle-size, f the particle-shape-factors",
        "cut an ellipsoid of semi-axes (D/2) f_x, f_y, f_z (D = dimensions:particle-size, f the "
        "dimensions:particle-shape-factor-x/y/z)",
        "cut an elliptic cylinder of semi-axes (D/2) f_x and f_y, the box height tall",
        "cut VAMPIRE's cone: radius D/2 at the box's bottom (z = 0), narrowing to its tip at "
        "height (D/2) tan(90 deg - create:cone-angle); as VAMPIRE's, it widens again above the tip",
        "cut VAMPIRE's tear-drop: a column of side D whose round section narrows exponentially "
        "from both faces to a 1.5 A neck, flat caps 1.24 % of the box height thick",
        "cut VAMPIRE's bubble: a column of radius (D/2) 1.04 (1 - |z/H - n| / (edge - n))^b, "
        "n = create:bubble-nucleation-height, b = create:bubble-radius, edges -0.01 and 1.01"};
    for (std::size_t i = 0; i < std::size(shapes); ++i) {
        const ParticleShape shape = shapes[i].second;
        t.push_back(row(
            "create", shapes[i].first, K::flag, D::none, 0, 0, "off", shape_doc[i],
            [shape](SystemSettings& c, const Value&, const Entry& e) {
                if (c.structure.particle_shape != ParticleShape::none)
                    entry_error(e, std::string("a second particle shape: create:") +
                                       word_of(c.structure.particle_shape) +
                                       " is already given; one particle is cut");
                c.structure.particle_shape = shape;
            },
            [shape](const SystemSettings& c) {
                return flag_if(c.structure.particle_shape == shape);
            }));
    }
    const ParticleParameters defaults;
    auto parameter = [&t](const char* name, double min, double max, const char* def,
                          const char* doc, double ParticleParameters::*field, double fallback) {
        t.push_back(row(
            "create", name, K::real, D::none, min, max, def, doc,
            [field](SystemSettings& c, const Value& v, const Entry&) {
                c.structure.particle.*field = v.real;
            },
            [field, fallback](const SystemSettings& c) {
                const double v = c.structure.particle.*field;
                return v != fallback ? number(v) : none;
            }));
    };
    parameter("cone-angle", 0.1, 44.9, "10",
              "create:cone: the half-angle at its tip (degrees): the tip at height "
              "(D/2) tan(90 deg - angle)",
              &ParticleParameters::cone_angle, defaults.cone_angle);
    parameter("bubble-radius", 0, 1, "0.3333", "create:bubble: the exponent b of its profile",
              &ParticleParameters::bubble_radius, defaults.bubble_radius);
    parameter("bubble-nucleation-height", 0, 1, "0",
              "create:bubble: the height (of the box's) where it is narrowest",
              &ParticleParameters::bubble_nucleation_height, defaults.bubble_nucleation_height);
    t.push_back(row(
        "create", "particle-centre-offset", K::flag, D::none, 0, 0, "off",
        "move the particle's centre half a unit cell along x, y and z from the atom nearest the "
        "box centre (when the box is more than two cells across)",
        [](SystemSettings& c, const Value&, const Entry&) {
            c.structure.particle.centre_offset = true;
        },
        [](const SystemSettings& c) { return flag_if(c.structure.particle.centre_offset); }));
    using Array = ParticleParameters::Array;
    for (const Array kind : {Array::square, Array::hexagonal})
        t.push_back(row(
            "create", kind == Array::square ? "particle-array" : "hexagonal-particle-array",
            K::flag, D::none, 0, 0, "off",
            std::string("cut an array of the particle shape: particles ") +
                (kind == Array::square ? "on a square grid"
                                       : "in rows sqrt(3)/2 apart, every other row shifted "
                                         "by half") +
                " of pitch dimensions:particle-size + particle-spacing, at mid-height, each "
                "centred on its nearest atom; those whole in the box kept (VAMPIRE's)",
            [kind](SystemSettings& c, const Value&, const Entry&) {
                c.structure.particle.array = kind;
            },
            [kind](const SystemSettings& c) {
                return flag_if(c.structure.particle.array == kind);
            }));
    auto array_length = [&t](const std::string& name, double lo, const char* def,
                             const std::string& help, double ParticleParameters::*field,
                             double fallback) {
        t.push_back(row(
            "dimensions", name, K::real, D::length, lo, 1e-3, def, help,
            [field](SystemSettings& c, const Value& v, const Entry&) {
                c.structure.particle.*field = v.real;
            },
            [field, fallback](const SystemSettings& c) -> std::optional<Value> {
                const double v = c.structure.particle.*field;
                return v != fallback ? number(v) : none;
            }));
    };
    array_length("particle-spacing", 1e-11, "10 A",
                 "a particle array's gap between neighbouring particles (their pitch is "
                 "dimensions:particle-size + this)",
                 &ParticleParameters::spacing, defaults.spacing);
    array_length("particle-array-offset-x", 0, "0 A",
                 "a particle array's shift along x: the first particle's centre at size/2 + this",
                 &ParticleParameters::offset_x, defaults.offset_x);
    array_length("particle-array-offset-y", 0, "0 A",
                 "a particle array's shift along y: the first row at size/2 + this",
                 &ParticleParameters::offset_y, defaults.offset_y);
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row(
            "dimensions", "particle-shape-factor-" + axis, K::real, D::none, 0.001, 2.0, "1",
            "the particle's extent along " + axis +
                " in units of dimensions:particle-size: the semi-axis of create:ellipsoid and "
                "ellipse, the half-height of create:truncated-octahedron",
            [a](SystemSettings& c, const Value& v, const Entry&) {
                c.structure.particle.shape_factor[a] = v.real;
            },
            [a](const SystemSettings& c) {
                const double v = c.structure.particle.shape_factor[a];
                return v != 1.0 ? number(v) : none;
            }));
    }
}

// The dimensions: keywords: the cell, the system and the particle sizes.
void add_dimension_rows(std::vector<KeywordSpec>& t) {
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row(
            "create", "periodic-boundaries-" + axis, K::flag, D::none, 0, 0, "off",
            "periodic boundary conditions along " + axis,
            [a](SystemSettings& c, const Value&, const Entry&) { c.structure.periodic[a] = true; },
            [a](const SystemSettings& c) { return flag_if(c.structure.periodic[a]); }));
    }

    // --- dimensions ---
    t.push_back(row(
        "dimensions", "unit-cell-size", K::real, D::length, 1e-11, 1e-8, "3.54 A",
        "unit cell size (sets x, y and z): the edge of the cubic crystals; the other crystals' "
        "cells are their normalised dimensions times it",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.unit_cell = {v.real, v.real, v.real};
        },
        written_elsewhere));
    t.push_back(row(
        "dimensions", "system-size", K::real, D::length, 1e-11, 1e-3, "2 nm",
        "edge of the simulated box (sets x, y and z): ceil(size / cell) cells; along an open "
        "axis only the sites below the size hold atoms (VAMPIRE's box), along a periodic one "
        "all of the whole cells",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.structure.system_size = {v.real, v.real, v.real};
        },
        written_elsewhere));
    t.push_back(row(
        "dimensions", "particle-size", K::real, D::length, 1e-11, 1e-3, "50 A",
        "diameter (edge for cube) of the particle that create:sphere, cube, cylinder "
        "or truncated-octahedron cuts; centred on the atom nearest the box centre",
        [](SystemSettings& c, const Value& v, const Entry&) { c.structure.particle_size = v.real; },
        [](const SystemSettings& c) {
            return c.structure.particle_shape == ParticleShape::none
                       ? none
                       : number(c.structure.particle_size);
        }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row(
            "dimensions", "unit-cell-size-" + axis, K::real, D::length, 1e-11, 1e-8, "3.54 A",
            "unit cell size along " + axis + " (times the crystal's normalised dimension)",
            [a](SystemSettings& c, const Value& v, const Entry&) {
                c.structure.unit_cell[a] = v.real;
            },
            [a](const SystemSettings& c) {
                return c.unit_cell_file.given() ? none : number(c.structure.unit_cell[a]);
            }));
        t.push_back(row(
            "dimensions", "system-size-" + axis, K::real, D::length, 1e-11, 1e-3, "2 nm",
            "size of the simulated box along " + axis +
                ": ceil(size / cell) cells, of which only the sites below the size hold atoms "
                "when the axis is open (VAMPIRE's box)",
            [a](SystemSettings& c, const Value& v, const Entry&) {
                c.structure.system_size[a] = v.real;
            },
            [a](const SystemSettings& c) { return number(c.structure.system_size[a]); }));
    }
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_create_rows(t);
    add_particle_rows(t);
    add_dimension_rows(t);
}

}  // namespace

SectionOf<SystemSettings> structure_section() {
    return {"structure", add_rows};
}

}  // namespace miniasd
