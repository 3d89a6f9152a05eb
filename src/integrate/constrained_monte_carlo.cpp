#include "integrate/constrained_monte_carlo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "integrate/monte_carlo.hpp"
#include "kernels/monte_carlo.hpp"
#include "util/error.hpp"
#include "util/exact_sum.hpp"
#include "util/random.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// What a mover's rank sends its partner's rank: the partner's and the mover's ids, the mover's
// change of moment mu_i (S_i' - S_i) (J/T), its energy change (J) and its material.
constexpr int request_size = 7;
// What the partner's rank answers: the mover's id and whether the pair was taken (1) or not (0).
constexpr int answer_size = 2;

Vec3 perpendicular(const Vec3& v, const Vec3& n) {
    const double p = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
    return {v[0] - p * n[0], v[1] - p * n[1], v[2] - p * n[2]};
}

}  // namespace

ConstrainedMonteCarlo::Counts ConstrainedMonteCarlo::colour_phase(Spins& s,
                                                                  const std::vector<Vec3>& n,
                                                                  double beta, double width,
                                                                  std::uint64_t sweep, int colour) {
    const SpinView view = s.view();
    const std::vector<Vec3> big_m = magnetisations(s);
    std::vector<double> mn(big_m.size());  // M . n of each group
    for (std::size_t g = 0; g < mn.size(); ++g)
        mn[g] = big_m[g][0] * n[g][0] + big_m[g][1] * n[g][1] + big_m[g][2] * n[g][2];
    Counts mine;
    std::int64_t centre[3];
    reflection_centre(sweep, colour, centre);

    // The movers' trials, by the partner's rank.
    const int ranks = comm_.size();
    std::vector<std::vector<double>> to(static_cast<std::size_t>(ranks));
    std::unordered_map<std::int64_t, Vec3> trial_of;  // mover's id -> its trial spin
    for (const std::int32_t i : of_colour_[std::size_t(colour)]) {
        const std::int64_t gid = sys_.gid[i];
        const auto mat = std::size_t(sys_.material[i]);
        const std::int32_t group = group_[std::size_t(i)];
        if (group == -2) continue;    // kept
        const bool free = group < 0;  // hybrid: a material without a constraint; planes: off them
        const std::int64_t q = free ? gid : partner(gid, centre, colour);
        if (!free && (q < 0 || q < gid)) continue;  // no partner, or the partner moves
        const double old[3] = {s.x[i], s.y[i], s.z[i]};
        double t[3];
        if (move_ == MonteCarloMove::uniform) {
            kernels::uniform_move(seed_, std::uint64_t(gid), sweep, t);
        } else if (move_ == MonteCarloMove::spin_flip) {
            kernels::flip_move(old, t);
        } else {
            double g[3];
            standard_normals3_at(ziggurat_, seed_, RandomStream::monte_carlo, sweep,
                                 std::uint64_t(gid), 1.0, g[0], g[1], g[2]);
            kernels::gaussian_move(old, width, g[0], g[1], g[2], t);
        }
        const double de = hamiltonian_.site_energy_change(view, i, old, t);
        if (free) {
            // An ordinary Metropolis move: no other atom of this colour feels it.
            ++mine.trials;
            bool take = de <= 0;
            if (!take && beta > 0)
                take = unit_interval(random_words(seed_, RandomStream::monte_carlo_accept,
                                                  std::uint64_t(gid), sweep)[0]) <
                       std::exp(-de * beta);
            if (take) {
                s.x[i] = t[0];
                s.y[i] = t[1];
                s.z[i] = t[2];
                ++mine.accepted;
            }
            continue;
        }
        const double mu = moment_[mat];
        std::int64_t c[3];
        int site;
        lattice_.decode(q, c[0], c[1], c[2], site);
        std::vector<double>& r = to[std::size_t(grid_.owner_of_cell(c[0], c[1], c[2]))];
        r.insert(r.end(), {double(q), double(gid), mu * (t[0] - old[0]), mu * (t[1] - old[1]),
                           mu * (t[2] - old[2]), de, double(group)});
        trial_of[gid] = {t[0], t[1], t[2]};
    }
    auto exchange = [&](const std::vector<std::vector<double>>& out) {
        std::vector<int> counts(static_cast<std::size_t>(ranks));
        std::vector<double> flat;
        for (int r = 0; r < ranks; ++r) {
            counts[std::size_t(r)] = int(out[std::size_t(r)].size());
            flat.insert(flat.end(), out[std::size_t(r)].begin(), out[std::size_t(r)].end());
        }
        std::vector<int> in_counts = comm_.all_to_all_counts(counts);
        std::size_t total = 0;
        for (int k : in_counts)
            total += std::size_t(k);
        std::vector<double> in(total);
        comm_.all_to_all(flat.data(), counts, in.data(), in_counts);
        return std::make_pair(in, in_counts);
    };
    const auto [requests, request_counts] = exchange(to);

    // The partners' decisions, each from its group's M_n at the phase's start.
    std::vector<std::vector<double>> answers(static_cast<std::size_t>(ranks));
    std::size_t at = 0;
    for (int r = 0; r < ranks; ++r) {
        const std::size_t end = at + std::size_t(request_counts[std::size_t(r)]);
        for (; at < end; at += request_size) {
            const double* q = &requests[at];
            const std::int32_t j = local_of_.at(std::int64_t(q[0]));
            const auto mat = std::size_t(sys_.material[j]);
            const std::int32_t group = group_[std::size_t(j)];
            // A partner of another group than the mover's takes no part (non-magnetic, free, of
            // another constrained material or plane); nor does any pair once M_n is not positive
            // (far above T_c), where the constrained ensemble has no direction.
            const bool other = group != std::int32_t(q[6]);
            const double m_n = other ? 0.0 : mn[std::size_t(group)];
            if (other || !(m_n > 0)) {
                answers[std::size_t(r)].insert(answers[std::size_t(r)].end(), {q[1], 0.0});
                if (!other) ++mine.lost;
                continue;
            }
            const Vec3& nj = n[std::size_t(group)];
            const double mu = moment_[mat];
            const Vec3 sj{s.x[j], s.y[j], s.z[j]};
            const Vec3 dmi{q[2], q[3], q[4]};
            // The partner takes up the mover's change normal to n.
            const Vec3 sp = perpendicular(sj, nj), dp = perpendicular(dmi, nj);
            const Vec3 tp{sp[0] - dp[0] / mu, sp[1] - dp[1] / mu, sp[2] - dp[2] / mu};
            const double tp2 = tp[0] * tp[0] + tp[1] * tp[1] + tp[2] * tp[2];
            const double old_n = sj[0] * nj[0] + sj[1] * nj[1] + sj[2] * nj[2];
            bool take = false;
            ++mine.trials;
            if (tp2 < 1.0) {
                const double new_n = std::copysign(std::sqrt(1.0 - tp2), old_n);
                const double t[3] = {tp[0] + new_n * nj[0], tp[1] + new_n * nj[1],
                                     tp[2] + new_n * nj[2]};
                const double old[3] = {sj[0], sj[1], sj[2]};
                const double de = q[5] + hamiltonian_.site_energy_change(view, j, old, t);
                const double dm_n = (dmi[0] + mu * (t[0] - old[0])) * nj[0] +
                                    (dmi[1] + mu * (t[1] - old[1])) * nj[1] +
                                    (dmi[2] + mu * (t[2] - old[2])) * nj[2];
                const double mn_new = m_n + dm_n;
                if (mn_new > 0) {
                    if (beta > 0) {
                        const double ratio = mn_new / m_n;
                        const double p =
                            std::exp(-de * beta) * ratio * ratio * std::fabs(old_n / new_n);
                        const double u =
                            unit_interval(random_words(seed_, RandomStream::monte_carlo_accept,
                                                       std::uint64_t(q[0]), sweep)[0]);
                        take = u < p;
                    } else {
                        take = de <= 0;  // at T = 0 only pairs that do not climb
                    }
                }
                if (take) {
                    s.x[j] = t[0];
                    s.y[j] = t[1];
                    s.z[j] = t[2];
                    ++mine.accepted;
                }
            } else {
                ++mine.sphere;
            }
            answers[std::size_t(r)].insert(answers[std::size_t(r)].end(), {q[1], take ? 1.0 : 0.0});
        }
    }
    const auto [replies, reply_counts] = exchange(answers);
    for (std::size_t k = 0; k + answer_size <= replies.size(); k += answer_size) {
        if (replies[k + 1] == 0) continue;
        const std::int64_t gid = std::int64_t(replies[k]);
        const std::int32_t i = local_of_.at(gid);
        const Vec3& t = trial_of.at(gid);
        s.x[i] = t[0];
        s.y[i] = t[1];
        s.z[i] = t[2];
    }
    return mine;
}

void ConstrainedMonteCarlo::step(Spins& s, RunState& state) {
    const double temperature =
        rescaled_temperature(state.temperature, rescaling_curie_, rescaling_exponent_);
    const double width = sweep_width(move_, state, temperature);
    const double beta = temperature > 0 ? 1.0 / (constants::boltzmann * temperature) : 0.0;
    const std::uint64_t sweep = static_cast<std::uint64_t>(state.step);
    // Each group's constraint direction: the run's (plain), or each constrained material's own.
    // Planes: the first along +z, the middle one along the run's constraint direction.
    std::vector<Vec3> n;
    if (mode_ == Mode::plain) n.push_back(state.constraint());
    if (mode_ == Mode::planes) n = {Vec3{0, 0, 1}, state.constraint()};
    for (std::size_t m = 0; mode_ == Mode::hybrid && m < groups_; ++m)
        n.push_back(m < state.material_constraint_theta.size() ? state.material_constraint(m)
                                                               : Vec3{0, 0, 1});
    hamiltonian_.begin_step(state.step);
    auto halo = [&] {
        ScopedTimer t(timers_, t_halo_);
        halo_.start(s.x.data(), s.y.data(), s.z.data());
        halo_.finish(s.x.data(), s.y.data(), s.z.data());
    };
    halo();
    if (hamiltonian_.non_local()) {
        ScopedTimer t(timers_, t_trial_);
        hamiltonian_.prepare(s.view());
    }
    Counts sweep_counts;
    for (int c = 0; c < colouring_.colours(); ++c) {
        Counts k;
        {
            ScopedTimer t(timers_, t_trial_);
            k = colour_phase(s, n, beta, width, sweep, c);
        }
        halo();
        sweep_counts.trials += k.trials;
        sweep_counts.accepted += k.accepted;
        sweep_counts.sphere += k.sphere;
        sweep_counts.lost += k.lost;
    }
    std::vector<std::int64_t> totals = {sweep_counts.trials, sweep_counts.accepted,
                                        sweep_counts.sphere, sweep_counts.lost};
    comm_.sum_in_place(totals);
    total_.trials += totals[0];
    total_.accepted += totals[1];
    total_.sphere += totals[2];
    total_.lost += totals[3];
    adapt_width(move_, totals[1], totals[0], state);
}

std::vector<std::pair<std::string, double>> ConstrainedMonteCarlo::figures() const {
    const double t = total_.trials > 0 ? double(total_.trials) : 1.0;
    return {{"pair_trials", double(total_.trials)},
            {"acceptance_rate", double(total_.accepted) / t},
            {"sphere_rejection_rate", double(total_.sphere) / t},
            {"pairs_without_direction", double(total_.lost)}};
}

std::string ConstrainedMonteCarlo::summary() const {
    const double t = total_.trials > 0 ? double(total_.trials) : 1.0;
    char line[400];
    const int n = std::snprintf(
        line, sizeof line,
        "Constrained Monte Carlo: %lld pair trials, %.1f %% accepted, %.1f %% rejected off the "
        "sphere",
        static_cast<long long>(total_.trials), 100.0 * double(total_.accepted) / t,
        100.0 * double(total_.sphere) / t);
    if (total_.lost > 0 && n > 0 && std::size_t(n) < sizeof line)
        std::snprintf(line + n, sizeof line - std::size_t(n),
                      "; warning: %lld pairs refused because M . n was not positive (near and "
                      "above T_c the magnetisation has no direction to hold)",
                      static_cast<long long>(total_.lost));
    return line;
}

}  // namespace miniasd
