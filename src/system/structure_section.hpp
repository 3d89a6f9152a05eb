// The system's structure: what the create: and dimensions: keywords say (their rows in
// structure_keywords.cpp; system/lattice.cpp builds the lattice from it). A configuration
// section (input/section.hpp). A unit-cell file (material:unit-cell-file) replaces the crystal
// and its cell; SystemSettings::unit_cell_file holds what it says.
#pragma once

#include <array>
#include <cstdint>

#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct SystemSettings;

// create:crystal-structure (system/crystals.hpp has each cell and its name).
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

// VAMPIRE's single-particle shapes. cube, cylinder and ellipse cut in x and y only (the box
// height sets z), as VAMPIRE's do; cone, tear-drop and bubble are measured from the box's bottom.
enum class ParticleShape {
    none,
    sphere,
    cube,
    cylinder,
    truncated_octahedron,
    ellipsoid,
    ellipse,
    cone,
    tear_drop,
    bubble
};
inline constexpr EnumWords<ParticleShape, 10> particle_shape_words{
    {{ParticleShape::none, "none"},
     {ParticleShape::sphere, "sphere"},
     {ParticleShape::cube, "cube"},
     {ParticleShape::cylinder, "cylinder"},
     {ParticleShape::truncated_octahedron, "truncated-octahedron"},
     {ParticleShape::ellipsoid, "ellipsoid"},
     {ParticleShape::ellipse, "ellipse"},
     {ParticleShape::cone, "cone"},
     {ParticleShape::tear_drop, "tear-drop"},
     {ParticleShape::bubble, "bubble"}}};
inline const char* word_of(ParticleShape v) {
    return word_of(particle_shape_words, v);
}

// The parameters of the shapes that have them (VAMPIRE's defaults).
struct ParticleParameters {
    // dimensions:particle-shape-factor-x/y/z: the ellipsoid's, ellipse's and truncated
    // octahedron's semi-axes (half-heights) in units of the radius.
    Vec3 shape_factor{1, 1, 1};
    double cone_angle = 10;               // degrees, create:cone-angle (0.1 to 44.9)
    double bubble_radius = 0.3333;        // create:bubble-radius: the profile's exponent
    double bubble_nucleation_height = 0;  // create:bubble-nucleation-height, of the box height
    bool centre_offset = false;           // create:particle-centre-offset: half a cell further
    // VAMPIRE's particle arrays: create:particle-array (square) or hexagonal-particle-array, the
    // particles dimensions:particle-size + particle-spacing apart, the first's centre at
    // (size/2 + particle-array-offset-x, size/2 + -offset-y) in the box (m).
    enum class Array { none, square, hexagonal } array = Array::none;
    double spacing = 10e-10;
    double offset_x = 0, offset_y = 0;
    MINIASD_FIELDS(shape_factor, cone_angle, bubble_radius, bubble_nucleation_height, centre_offset,
                   array, spacing, offset_x, offset_y);
};
MINIASD_SIZE_GUARD(ParticleParameters, 80);

struct StructureSection {
    CrystalStructure crystal = CrystalStructure::sc;
    Vec3 unit_cell{3.54e-10, 3.54e-10, 3.54e-10};  // m
    Vec3 system_size{2e-9, 2e-9, 2e-9};            // m
    std::array<bool, 3> periodic{false, false, false};
    bool single_spin = false;  // create:single-spin: one atom, no neighbours
    ParticleShape particle_shape = ParticleShape::none;  // cut one particle at the box centre
    double particle_size = 50e-10;                       // m, dimensions:particle-size (diameter)
    ParticleParameters particle;
    // create:crystal-sublattice-materials: the sublattices of bcc, fcc, hcp, ... are separate
    // exchange categories (VAMPIRE's meaning; without it they are one).
    bool crystal_sublattice_materials = false;
    std::uint64_t alloy_seed = 2014;  // create:alloy-random-seed (the random alloy's sites)
    // create:multilayers: the box's height split into this many equal blocks, the materials'
    // minimum- and maximum-height fractions of each block (VAMPIRE's repeated stack).
    std::int64_t multilayers = 1;
    // create:dilution-random-seed: the seed of material[i]:density's vacancies (VAMPIRE's
    // default value).
    std::uint64_t dilution_seed = 465865253;
    // create:fill-core-shell-particles = false: a core-shell site whose innermost shell does not
    // admit it is left empty instead of going to the next shell out (VAMPIRE's clearing).
    bool fill_core_shell = true;
    // create:height-categorization = multilayers: the height profiles' categories are the
    // create:multilayers blocks instead of the unit cells' atomic layers.
    bool height_by_multilayer = false;
    MINIASD_FIELDS(crystal, unit_cell, system_size, periodic, single_spin, particle_shape,
                   particle_size, particle, crystal_sublattice_materials, alloy_seed, multilayers,
                   dilution_seed, fill_core_shell, height_by_multilayer);
};
MINIASD_SIZE_GUARD(StructureSection, 192);

SectionOf<SystemSettings> structure_section();  // structure_keywords.cpp

}  // namespace miniasd
