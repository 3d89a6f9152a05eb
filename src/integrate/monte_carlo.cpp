#include "integrate/monte_carlo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kernels/monte_carlo.hpp"
#include "util/random.hpp"
#include "util/units.hpp"

namespace miniasd {

MonteCarlo::MonteCarlo(const IntegratorContext& c)
    : sys_(c.system),
      hamiltonian_(c.hamiltonian),
      halo_(c.halo),
      comm_(c.comm),
      timers_(c.timers),
      t_trial_(c.timers.add("monte-carlo")),
      t_halo_(c.timers.add("halo")),
      move_(c.stepping.monte_carlo_move),
      seed_(c.stepping.seed),
      ziggurat_(make_ziggurat_tables()),
      colouring_(c.lattice, c.hamiltonian.reach().offsets()) {
    boundary_.resize(static_cast<std::size_t>(colouring_.colours()));
    core_.resize(boundary_.size());
    for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
        const auto colour = static_cast<std::size_t>(colouring_.of(sys_.gid[i]));
        (i < sys_.n_core ? core_ : boundary_)[colour].push_back(static_cast<std::int32_t>(i));
    }
}

std::int64_t MonteCarlo::sweep_atoms(Spins& s, const std::vector<std::int32_t>& list,
                                     double temperature, double width, std::uint64_t sweep) {
    constexpr std::int64_t chunk = 256;  // atoms whose normals are drawn together
    const SpinView view = s.view();
    const std::int64_t n = static_cast<std::int64_t>(list.size());
    const double beta = temperature > 0 ? 1.0 / (constants::boltzmann * temperature) : 0.0;
    std::int64_t accepted = 0;
#pragma omp parallel reduction(+ : accepted)
    {
        alignas(64) double gx[chunk], gy[chunk], gz[chunk];
        std::int64_t ids[chunk];
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < n; b += chunk) {
            const std::int64_t m = std::min(chunk, n - b);
            for (std::int64_t k = 0; k < m; ++k)
                ids[k] = sys_.gid[list[static_cast<std::size_t>(b + k)]];
            // The Gaussian move's normals come from the same fast transform as the thermal
            // field, keyed by (seed, id, sweep): the same for an atom whatever its chunk.
            if (move_ == MonteCarloMove::adaptive || move_ == MonteCarloMove::angle)
                standard_normals3(ziggurat_, seed_, RandomStream::monte_carlo, sweep, ids, m, gx,
                                  gy, gz);
            for (std::int64_t k = 0; k < m; ++k) {
                const std::int32_t i = list[static_cast<std::size_t>(b + k)];
                const auto id = static_cast<std::uint64_t>(ids[k]);
                const double old[3] = {s.x[i], s.y[i], s.z[i]};
                double trial[3];
                if (move_ == MonteCarloMove::spin_flip)
                    kernels::flip_move(old, trial);
                else if (move_ == MonteCarloMove::uniform)
                    kernels::uniform_move(seed_, id, sweep, trial);
                else
                    kernels::gaussian_move(old, width, gx[k], gy[k], gz[k], trial);
                const double de = hamiltonian_.site_energy_change(view, i, old, trial);
                const bool accept = kernels::metropolis_accept(de, beta, seed_, id, sweep);
                if (accept) {
                    s.x[i] = trial[0];
                    s.y[i] = trial[1];
                    s.z[i] = trial[2];
                    ++accepted;
                }
            }
        }
    }
    return accepted;
}

double angle_move_width(double temperature) {
    if (temperature < 1.0) return 0.02;
    return 0.08 * std::pow(constants::boltzmann * temperature / constants::bohr_magneton, 0.2);
}

double sweep_width(MonteCarloMove move, RunState& state) {
    if (state.mc_step_width <= 0) state.mc_step_width = MonteCarlo::initial_width;
    return move == MonteCarloMove::angle ? angle_move_width(state.temperature)
                                         : state.mc_step_width;
}

void adapt_width(MonteCarloMove move, std::int64_t accepted, std::int64_t trials, RunState& state) {
    if (move != MonteCarloMove::adaptive || trials <= 0) return;
    // VAMPIRE's rule: scale by 0.5 / rejection rate; a width that leaves [min, max] starts
    // again from max, so at low temperature, where the width shrinks sweep after sweep (half
    // the tiny moves go downhill, a few less are accepted), large moves return now and then.
    const double rejected = double(trials - accepted) / double(trials);
    const double w =
        rejected > 0 ? state.mc_step_width * 0.5 / rejected : MonteCarlo::max_width + 1;
    state.mc_step_width =
        (w > MonteCarlo::max_width || w < MonteCarlo::min_width) ? MonteCarlo::max_width : w;
}

void MonteCarlo::step(Spins& s, RunState& state) {
    const double width = sweep_width(move_, state);
    const std::uint64_t sweep = static_cast<std::uint64_t>(state.step);
    hamiltonian_.begin_step(state.step);
    auto trials = [&](const std::vector<std::int32_t>& atoms) {
        ScopedTimer t(timers_, t_trial_);
        return sweep_atoms(s, atoms, state.temperature, width, sweep);
    };
    auto halo_start = [&] {
        ScopedTimer t(timers_, t_halo_);
        halo_.start(s.x.data(), s.y.data(), s.z.data());
    };
    auto halo_finish = [&] {
        ScopedTimer t(timers_, t_halo_);
        halo_.finish(s.x.data(), s.y.data(), s.z.data());
    };
    // Ghosts must be current before the first colour reads them. Non-local terms see the spins
    // at the start of the sweep (the stored-field approximation VAMPIRE makes for dipolar fields).
    halo_start();
    halo_finish();
    if (hamiltonian_.non_local()) {
        ScopedTimer t(timers_, t_trial_);
        hamiltonian_.prepare(s.view());
    }
    std::int64_t accepted = 0;
    for (std::size_t c = 0; c < boundary_.size(); ++c) {
        // Boundary atoms first, so their new spins travel while the core atoms are updated.
        accepted += trials(boundary_[c]);
        halo_start();
        accepted += trials(core_[c]);
        halo_finish();
    }
    // Integer counts summed over ranks: every rank gets the same rate and so the same width.
    const std::int64_t total_accepted = comm_.sum(accepted);
    const std::int64_t total_trials = sys_.n_global;
    trials_ += total_trials;
    accepted_ += total_accepted;
    adapt_width(move_, total_accepted, total_trials, state);
}

std::vector<std::pair<std::string, double>> MonteCarlo::figures() const {
    return {{"trial_moves", double(trials_)},
            {"acceptance_rate", trials_ > 0 ? double(accepted_) / double(trials_) : 0.0}};
}

std::string MonteCarlo::summary() const {
    char line[160];
    std::snprintf(line, sizeof line, "Monte Carlo: %lld trial moves, acceptance rate %.3f",
                  static_cast<long long>(trials_),
                  trials_ > 0 ? double(accepted_) / double(trials_) : 0.0);
    return line;
}

}  // namespace miniasd
