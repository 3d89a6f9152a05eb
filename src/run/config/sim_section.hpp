// The run's own settings, VAMPIRE's sim: keywords for the time loop (what runs, the integrator,
// temperature, time step, step counts, applied field, seed): a configuration section
// (input/section.hpp), read from the keywords in sim_keywords.cpp and driven by the loop
// (run/simulation.cpp) and the programs (run/programs/).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "integrate/stepping.hpp"
#include "util/angles.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct Config;

// sim:program: what the run does (run/programs/). The integrator's choices are its own
// (integrate/stepping.hpp).
enum class ProgramKind {
    time_series,
    benchmark,
    curie_temperature,
    hysteresis_loop,
    field_cool,
    laser_pulse,
    relax,                 // miniASD's own: minimise the energy (programs/relax.cpp)
    electrical_pulse,      // a pulse of the spin torques' current (programs/electrical_pulse.cpp)
    gneb,                  // miniASD's own: an energy barrier (programs/gneb.cpp)
    fmr,                   // an oscillating field after equilibration (programs/fmr.cpp)
    diagnostic_boltzmann,  // the spins' polar-angle histogram (programs/boltzmann.cpp)
    field_pulse,           // a Gaussian field pulse after equilibration (programs/field_pulse.cpp)
    partial_hysteresis_loop,  // one branch of a loop (programs/hysteresis_loop.cpp)
    static_hysteresis_loop,   // a loop relaxed at each field (programs/hysteresis_loop.cpp)
    effective_damping,        // relaxation after a 30-degree kick (programs/effective_damping.cpp)
    field_sweep,              // segments of fields from a file (programs/hysteresis_loop.cpp)
    cmc_anisotropy,  // constrained Monte Carlo over constraint angles (programs/cmc_anisotropy.cpp)
    localised_field_cool,  // each material cooled through its own range (programs/field_cool.cpp)
    domain_wall,           // a wall placed, then a time series of its profile (domain_wall.cpp)
    hybrid_cmc,            // each material's constraint swept in turn (hybrid_cmc.cpp)
    reverse_hybrid_cmc,    // the same, the polar angle in the outer loop (hybrid_cmc.cpp)
    lagrange_multiplier,   // 0 K LLG with the magnetisation's direction steered (lagrange.cpp)
    setting,               // IrMn3's exchange-bias setting: spins placed, one row (setting.cpp)
    exchange_stiffness,    // two planes held at angles over temperatures (exchange_stiffness.cpp)
};
inline constexpr EnumWords<ProgramKind, 24> program_words{
    {{ProgramKind::time_series, "time-series"},
     {ProgramKind::benchmark, "benchmark"},
     {ProgramKind::curie_temperature, "curie-temperature"},
     {ProgramKind::hysteresis_loop, "hysteresis-loop"},
     {ProgramKind::field_cool, "field-cool"},
     {ProgramKind::laser_pulse, "laser-pulse"},
     {ProgramKind::relax, "relax"},
     {ProgramKind::electrical_pulse, "electrical-pulse"},
     {ProgramKind::gneb, "gneb"},
     {ProgramKind::fmr, "fmr"},
     {ProgramKind::diagnostic_boltzmann, "diagnostic-boltzmann"},
     {ProgramKind::field_pulse, "field-pulse"},
     {ProgramKind::partial_hysteresis_loop, "partial-hysteresis-loop"},
     {ProgramKind::static_hysteresis_loop, "static-hysteresis-loop"},
     {ProgramKind::effective_damping, "effective-damping"},
     {ProgramKind::field_sweep, "field-sweep"},
     {ProgramKind::cmc_anisotropy, "cmc-anisotropy"},
     {ProgramKind::localised_field_cool, "localised-field-cool"},
     {ProgramKind::domain_wall, "domain-wall"},
     {ProgramKind::hybrid_cmc, "hybrid-cmc"},
     {ProgramKind::reverse_hybrid_cmc, "reverse-hybrid-cmc"},
     {ProgramKind::lagrange_multiplier, "lagrange-multiplier"},
     {ProgramKind::setting, "setting"},
     {ProgramKind::exchange_stiffness, "exchange-stiffness"}}};
inline const char* word_of(ProgramKind v) {
    return word_of(program_words, v);
}

struct SimSection {
    ProgramKind program = ProgramKind::time_series;
    IntegratorKind integrator = IntegratorKind::llg_heun;
    Device device = Device::cpu;
    MonteCarloMove monte_carlo_move = MonteCarloMove::adaptive;
    double temperature = 0;        // K
    double time_step = 1e-15;      // s
    std::int64_t total_steps = 0;  // after equilibration
    std::int64_t equilibration_steps = 0;
    double equilibration_temperature = -1;  // K; < 0 means "same as sim:temperature"
    std::int64_t steps_increment = 1;       // statistics every this many steps
    double field_strength = 0;              // T
    Vec3 field_direction{0, 0, 1};          // unit vector
    // VAMPIRE's sim:applied-field-angle-phi (from z) and -theta (azimuth from x), degrees: the
    // last of them or sim:applied-field-unit-vector in the file sets field_direction.
    double field_angle_theta = 0, field_angle_phi = 0;
    std::uint64_t seed = 12345;  // key of the counter-based generator
    // sim:demagnetisation-factor (N_x, N_y, N_z; zero: none): the whole sample's demagnetising
    // field -mu_0 N M, M = sum mu S / V (V the box), on every atom (run/demag_field.hpp).
    Vec3 demag_factor{0, 0, 0};
    // sim:preconditioning-steps: Metropolis sweeps at the equilibration temperature before a new
    // run's program (VAMPIRE's; run/simulation_precondition.cpp).
    std::int64_t preconditioning_steps = 0;
    MINIASD_FIELDS(program, integrator, device, monte_carlo_move, temperature, time_step,
                   total_steps, equilibration_steps, equilibration_temperature, steps_increment,
                   field_strength, field_direction, field_angle_theta, field_angle_phi, seed,
                   demag_factor, preconditioning_steps);
};
MINIASD_SIZE_GUARD(SimSection, 152);

// The equilibration temperature (K): sim:equilibration-temperature, or sim:temperature when it
// is not given (VAMPIRE's default is 300 K whatever sim:temperature; docs/vampire-compatibility).
// The applied field at the start of the run (T): sim:applied-field-strength along
// sim:applied-field-unit-vector.
inline Vec3 applied_field(const SimSection& s) {
    return {s.field_strength * s.field_direction[0], s.field_strength * s.field_direction[1],
            s.field_strength * s.field_direction[2]};
}

// The statistics columns used when the input names none, by program (default_columns.cpp): a
// laser pulse shows both temperatures and each material's magnetisation, a Curie sweep the
// averages of each point.
std::vector<std::string> default_output_columns(ProgramKind program);

// How the steps are taken: what an integrator is built from (integrate/integrator.hpp).
inline Stepping stepping(const SimSection& s) {
    return {s.integrator, s.device, s.monte_carlo_move,
            s.time_step,  s.seed,   s.program == ProgramKind::exchange_stiffness};
}

inline double equilibration_or_temperature(const SimSection& s) {
    return s.equilibration_temperature >= 0 ? s.equilibration_temperature : s.temperature;
}

SectionOf<Config> sim_section();  // sim_keywords.cpp

}  // namespace miniasd
