#include "integrate/gpu_monte_carlo.hpp"

#include <cstdio>

#include "util/units.hpp"

namespace miniasd {

GpuMonteCarlo::GpuMonteCarlo(const IntegratorContext& c)
    : GpuIntegrator(c, true),
      move_(c.stepping.monte_carlo_move),
      rescaling_curie_(c.config.materials.front().rescaling_curie),
      rescaling_exponent_(c.config.materials.front().rescaling_exponent) {
    // The CPU's colouring: the colour of an atom is a function of its global id.
    const Colouring colouring(c.lattice, c.hamiltonian.reach().offsets());
    colours_ = colouring.colours();
    std::vector<std::vector<std::int32_t>> atoms(static_cast<std::size_t>(colours_));
    for (std::int64_t i = 0; i < sys_.n_owned; ++i)
        atoms[static_cast<std::size_t>(colouring.of(sys_.gid[i]))].push_back(
            static_cast<std::int32_t>(i));
    dev_->set_colours(atoms);
}

void GpuMonteCarlo::step(Spins&, RunState& state) {  // the spins are the device's
    begin_step();
    const double temperature =
        rescaled_temperature(state.temperature, rescaling_curie_, rescaling_exponent_);
    const double width = sweep_width(move_, state, temperature);
    const double beta = temperature > 0 ? 1.0 / (constants::boltzmann * temperature) : 0.0;
    const auto sweep = static_cast<std::uint64_t>(state.step);
    const gpu::TrialMove move = move_ == MonteCarloMove::spin_flip ? gpu::TrialMove::flip
                                : move_ == MonteCarloMove::uniform ? gpu::TrialMove::uniform
                                                                   : gpu::TrialMove::gaussian;
    hamiltonian_.begin_step(state.step);
    exchange_halo(false);  // ghosts current before the first colour reads them
    // Non-local terms see the spins at the start of the sweep (VAMPIRE's stored field).
    prepare_stages(state.step);
    std::int64_t accepted = 0;
    for (int c = 0; c < colours_; ++c) {
        timers_.start(t_step_);
        accepted += dev_->trial_colour(c, move, width, beta, sweep);
        timers_.stop(t_step_);
        exchange_halo(false);
    }
    dev_->finish_step();
    // Integer counts summed over ranks: every rank gets the same rate and so the same width.
    const std::int64_t total_accepted = comm_.sum(accepted);
    trials_ += sys_.n_global;
    accepted_ += total_accepted;
    adapt_width(move_, total_accepted, sys_.n_global, state);
}

double GpuMonteCarlo::bytes_per_atom_step() const {
    // An atom's spin read and written (48 B), its id (8 B) and material (4 B), the terms'
    // per-atom tables once; the neighbours' spins from cache.
    return 48.0 + 8.0 + 4.0 + index_bytes_;
}

std::vector<std::pair<std::string, double>> GpuMonteCarlo::figures() const {
    std::vector<std::pair<std::string, double>> f = GpuIntegrator::figures();
    f.emplace_back("trial_moves", double(trials_));
    f.emplace_back("acceptance_rate", trials_ > 0 ? double(accepted_) / double(trials_) : 0.0);
    return f;
}

std::string GpuMonteCarlo::summary() const {
    char line[160];
    std::snprintf(line, sizeof line, "Monte Carlo: %lld trial moves, acceptance rate %.3f\n",
                  static_cast<long long>(trials_),
                  trials_ > 0 ? double(accepted_) / double(trials_) : 0.0);
    return line + device_line();
}

}  // namespace miniasd
