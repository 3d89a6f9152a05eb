// How the time steps are taken (the sim: keywords sim:integrator, sim:device,
// montecarlo:algorithm, sim:time-step and sim:random-seed; their rows are the run's,
// run/config/sim_keywords.cpp): the choices an integrator is made from (integrator_factory.cpp).
#pragma once

#include <cstdint>

#include "util/enum_words.hpp"

namespace miniasd {

enum class IntegratorKind {
    llg_heun,
    monte_carlo,
    constrained_monte_carlo,
    hybrid_constrained_monte_carlo  // some materials constrained, the others free (VAMPIRE's)
};
enum class Device { cpu, gpu };  // sim:device: where the integrator's steps run
enum class MonteCarloMove { adaptive, angle, spin_flip, uniform };  // montecarlo:algorithm

inline constexpr EnumWords<IntegratorKind, 4> integrator_words{
    {{IntegratorKind::llg_heun, "llg-heun"},
     {IntegratorKind::monte_carlo, "monte-carlo"},
     {IntegratorKind::constrained_monte_carlo, "constrained-monte-carlo"},
     {IntegratorKind::hybrid_constrained_monte_carlo, "hybrid-constrained-monte-carlo"}}};
// Whether the integrator holds a magnetisation's direction (constrained Monte Carlo, either form).
inline bool constrains(IntegratorKind k) {
    return k == IntegratorKind::constrained_monte_carlo ||
           k == IntegratorKind::hybrid_constrained_monte_carlo;
}
inline constexpr EnumWords<Device, 2> device_words{{{Device::cpu, "cpu"}, {Device::gpu, "gpu"}}};
inline constexpr EnumWords<MonteCarloMove, 4> monte_carlo_move_words{
    {{MonteCarloMove::adaptive, "adaptive"},
     {MonteCarloMove::angle, "angle"},
     {MonteCarloMove::spin_flip, "spin-flip"},
     {MonteCarloMove::uniform, "uniform"}}};
inline const char* word_of(IntegratorKind v) {
    return word_of(integrator_words, v);
}
inline const char* word_of(Device v) {
    return word_of(device_words, v);
}
inline const char* word_of(MonteCarloMove v) {
    return word_of(monte_carlo_move_words, v);
}

// What an integrator is built from besides the system and the Hamiltonian.
struct Stepping {
    IntegratorKind integrator = IntegratorKind::llg_heun;
    Device device = Device::cpu;
    MonteCarloMove monte_carlo_move = MonteCarloMove::adaptive;
    double time_step = 1e-15;    // s
    std::uint64_t seed = 12345;  // key of the counter-based generator
    // Hybrid constrained Monte Carlo in sim:program = exchange-stiffness: two planes of the
    // constrained material are held (system/stiffness_planes.hpp), not the material.
    bool stiffness_planes = false;
};

}  // namespace miniasd
