// The initial spins' settings (sim:initial-spin-configuration and its parameters, VAMPIRE's
// domain-wall keywords; system/initial_state.hpp makes the spins): a configuration section
// (input/section.hpp), read from the keywords in initial_state_keywords.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct SystemSettings;

enum class InitialState { uniform, random, skyrmion, spiral, domain_wall, file };
inline constexpr EnumWords<InitialState, 6> initial_state_words{{
    {InitialState::uniform, "uniform"},
    {InitialState::random, "random"},
    {InitialState::skyrmion, "skyrmion"},
    {InitialState::spiral, "spiral"},
    {InitialState::domain_wall, "domain-wall"},
    {InitialState::file, "file"},
}};

struct InitialStateSection {
    InitialState state = InitialState::uniform;
    std::vector<std::array<double, 2>> skyrmion_centres{{0.5, 0.5}};  // x, y fractions of the box
    double skyrmion_radius = 0;                                       // m; skyrmion needs it
    double skyrmion_helicity = 0;        // degrees: 0 Neel (outward), 90 Bloch
    int skyrmion_polarity = -1;          // the core's S_z
    Vec3 spiral_wave_vector{0, 0, 0};    // reciprocal cells (2 pi / a along each axis)
    Vec3 spiral_axis{0, 0, 1};           // unit
    double spiral_cone_angle = 90;       // degrees from the axis
    int domain_wall_axis = 0;            // x, y, z (also the domain-wall columns' axis)
    double domain_wall_position = 0.25;  // fraction of the system along the axis
    double domain_wall_width = 10e-10;   // m (VAMPIRE's 10 A)
    // m: the slices of sim:program = domain-wall's profile files (VAMPIRE's 10 A)
    double domain_wall_discretisation = 10e-10;
    std::string file;  // file: OVF 2.0, a spin snapshot or a checkpoint
    // create:spin-initialisation-random-seed: the key of random initial directions; < 0 (not
    // given): sim:integrator-random-seed's.
    std::int64_t spin_seed = -1;
    MINIASD_FIELDS(state, skyrmion_centres, skyrmion_radius, skyrmion_helicity, skyrmion_polarity,
                   spiral_wave_vector, spiral_axis, spiral_cone_angle, domain_wall_axis,
                   domain_wall_position, domain_wall_width, domain_wall_discretisation, file,
                   spin_seed);
};
MINIASD_SIZE_GUARD(InitialStateSection, 184);

// The key of the random initial directions: create:spin-initialisation-random-seed where given,
// else `run_seed` (sim:integrator-random-seed).
inline std::uint64_t spin_seed(const InitialStateSection& s, std::uint64_t run_seed) {
    return s.spin_seed >= 0 ? static_cast<std::uint64_t>(s.spin_seed) : run_seed;
}

SectionOf<SystemSettings> initial_state_section();  // initial_state_keywords.cpp

}  // namespace miniasd
