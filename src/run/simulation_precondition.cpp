// VAMPIRE's Monte Carlo preconditioning (its montecarlo/monte_carlo_preconditioning.cpp): before
// a new run's program, sim:preconditioning-steps Metropolis sweeps at the equilibration
// temperature bring the spins near equilibrium quickly, whatever the run's integrator. The sweeps
// are the Monte Carlo integrator's (parallel, colour by colour: the same bits on any
// decomposition), keyed by sweeps 2^62 + k so they share no random number with the run's steps;
// the run's time, step count and statistics do not move.
#include <cstdio>

#include "run/simulation.hpp"

namespace miniasd {

void Simulation::precondition() {
    Stepping s = stepping(config_.sim);
    s.integrator = IntegratorKind::monte_carlo;
    s.device = Device::cpu;
    const auto& [comm, grid] = decomposition_;
    const std::unique_ptr<Integrator> mc = make_integrator(
        IntegratorContext{config_, s, lattice_, system_, hamiltonian_, halo_, comm, timers_, grid});
    RunState sweep = state_;
    sweep.temperature = sweep.phonon_temperature = equilibration_or_temperature(config_.sim);
    const double start = wall_seconds();
    sync_field();
    Spins& spins = this->spins();  // the integrator's device copy is refreshed before its step
    for (std::int64_t k = 0; k < config_.sim.preconditioning_steps; ++k) {
        sweep.step = (std::int64_t(1) << 62) + k;
        mc->step(spins, sweep);
    }
    if (std::FILE* out = comm.is_root() ? options_.screen : nullptr)
        std::fprintf(out, "Preconditioning: %lld Monte Carlo sweeps at %g K in %.3g s\n",
                     static_cast<long long>(config_.sim.preconditioning_steps), sweep.temperature,
                     wall_seconds() - start);
}

}  // namespace miniasd
