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
      colouring_(c.lattice, c.hamiltonian.reach().offsets()),
      rescaling_curie_(c.config.materials.front().rescaling_curie),
      rescaling_exponent_(c.config.materials.front().rescaling_exponent) {
    boundary_.resize(static_cast<std::size_t>(colouring_.colours()));
    core_.resize(boundary_.size());
    for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
        const auto colour = static_cast<std::size_t>(colouring_.of(sys_.gid[i]));
        (i < sys_.n_core ? core_ : boundary_)[colour].push_back(static_cast<std::int32_t>(i));
    }
}

namespace {

constexpr int chunk = 256;  // atoms whose normals are drawn, and whose moves are tested, together

// kernels::metropolis_accept for m moves at once, result for result: take[k] = 1 where move k
// (energy change de[k], J; atom ids[k]) is accepted. The uphill moves' Philox4x64 words come from
// a loop of independent multiply chains, which the core overlaps, and their exponentials from a
// loop that vectorises (portable_exp_normal, where its range allows; portable_exp, the same
// value, elsewhere). One at a time, with the branch between them, the test took a tenth of the
// sweep.
void metropolis_block(const double* de, const std::int64_t* ids, int m, double beta,
                      std::uint64_t seed, std::uint64_t sweep, std::int32_t* take) {
    int up[chunk];
    int n = 0;
    for (int k = 0; k < m; ++k) {
        take[k] = de[k] <= 0;
        if (!(de[k] <= 0)) up[n++] = k;
    }
    if (n == 0 || beta <= 0) return;  // uphill moves are never taken at T = 0
    alignas(64) double u[chunk], x[chunk], e[chunk];
    for (int p = 0; p < n; ++p) {
        const int k = up[p];
        u[p] = unit_interval(random_words(seed, RandomStream::monte_carlo_accept,
                                          static_cast<std::uint64_t>(ids[k]), sweep)[0]);
        x[p] = -de[k] * beta;
    }
    constexpr double lowest = -708.0;  // portable_exp_normal's range: [-708, 709]
#pragma omp simd
    for (int p = 0; p < n; ++p)
        e[p] = portable_exp_normal(x[p] >= lowest ? x[p] : 0.0);  // x <= 0 (or NaN)
    for (int p = 0; p < n; ++p)
        take[up[p]] = u[p] < (x[p] >= lowest ? e[p] : portable_exp(x[p]));
}

}  // namespace

std::int64_t MonteCarlo::sweep_atoms(Spins& s, const std::vector<std::int32_t>& list,
                                     double temperature, double width, std::uint64_t sweep) {
    const SpinView view = s.view();
    const std::int64_t n = static_cast<std::int64_t>(list.size());
    const double beta = temperature > 0 ? 1.0 / (constants::boltzmann * temperature) : 0.0;
    std::int64_t accepted = 0;
#pragma omp parallel reduction(+ : accepted)
    {
        alignas(64) double gx[chunk], gy[chunk], gz[chunk], tx[chunk], ty[chunk], tz[chunk];
        double de[chunk];
        std::int64_t ids[chunk];
        std::int32_t take[chunk];
#pragma omp for schedule(static)
        for (std::int64_t b = 0; b < n; b += chunk) {
            const std::int64_t m = std::min<std::int64_t>(chunk, n - b);
            for (std::int64_t k = 0; k < m; ++k)
                ids[k] = sys_.gid[list[static_cast<std::size_t>(b + k)]];
            // The Gaussian move's normals come from the same fast transform as the thermal
            // field, keyed by (seed, id, sweep): the same for an atom whatever its chunk.
            if (move_ == MonteCarloMove::adaptive || move_ == MonteCarloMove::angle)
                standard_normals3(ziggurat_, seed_, RandomStream::monte_carlo, sweep, ids, m, gx,
                                  gy, gz);
            // The atoms of one colour do not neighbour each other: no energy change reads
            // another's spin, so the tests can wait until every move of the chunk is weighed.
            const std::int32_t* at = list.data() + b;
            if (move_ == MonteCarloMove::adaptive || move_ == MonteCarloMove::angle) {
                // In a loop of its own, which vectorises: each move's square root and division
                // is a long chain, and between energy changes one move at a time waited for it.
                const double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
#pragma omp simd
                for (std::int64_t k = 0; k < m; ++k)
                    kernels::gaussian_move(sx[at[k]], sy[at[k]], sz[at[k]], width, gx[k], gy[k],
                                           gz[k], tx[k], ty[k], tz[k]);
            } else {
                for (std::int64_t k = 0; k < m; ++k) {
                    const double old[3] = {s.x[at[k]], s.y[at[k]], s.z[at[k]]};
                    double trial[3];
                    if (move_ == MonteCarloMove::spin_flip)
                        kernels::flip_move(old, trial);
                    else
                        kernels::uniform_move(seed_, static_cast<std::uint64_t>(ids[k]), sweep,
                                              trial);
                    tx[k] = trial[0];
                    ty[k] = trial[1];
                    tz[k] = trial[2];
                }
            }
            for (std::int64_t k = 0; k < m; ++k) {
                const std::int32_t i = at[k];
                const double old[3] = {s.x[i], s.y[i], s.z[i]};
                const double trial[3] = {tx[k], ty[k], tz[k]};
                de[k] = hamiltonian_.site_energy_change(view, i, old, trial);
            }
            metropolis_block(de, ids, static_cast<int>(m), beta, seed_, sweep, take);
            for (std::int64_t k = 0; k < m; ++k) {
                if (!take[k]) continue;
                const std::int32_t i = list[static_cast<std::size_t>(b + k)];
                s.x[i] = tx[k];
                s.y[i] = ty[k];
                s.z[i] = tz[k];
                ++accepted;
            }
        }
    }
    return accepted;
}

double angle_move_width(double temperature) {
    if (temperature < 1.0) return 0.02;
    return 0.08 * std::pow(constants::boltzmann * temperature / constants::bohr_magneton, 0.2);
}

double sweep_width(MonteCarloMove move, RunState& state, double temperature) {
    if (state.mc_step_width <= 0) state.mc_step_width = MonteCarlo::initial_width;
    return move == MonteCarloMove::angle ? angle_move_width(temperature) : state.mc_step_width;
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
    const double temperature =
        rescaled_temperature(state.temperature, rescaling_curie_, rescaling_exponent_);
    const double width = sweep_width(move_, state, temperature);
    const std::uint64_t sweep = static_cast<std::uint64_t>(state.step);
    hamiltonian_.begin_step(state.step);
    auto trials = [&](const std::vector<std::int32_t>& atoms) {
        ScopedTimer t(timers_, t_trial_);
        return sweep_atoms(s, atoms, temperature, width, sweep);
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
