// Metropolis Monte Carlo (sim:integrator = monte-carlo). One step is one sweep: every owned atom
// gets one trial move, accepted with probability min(1, exp(-dE / k_B T)).
//
// Parallel without races or decomposition dependence: the lattice is coloured so that no two
// interacting atoms share a colour (colouring.hpp). A sweep visits the colours in order; all atoms
// of a colour are updated at once over threads (boundary atoms first, then core atoms while the
// halo exchange of the colour's new spins travels). The random numbers of a trial are keyed by
// (seed, global id, sweep), and the colour is a function of the global id, so an atom's trial and
// its outcome are the same on any number of ranks and threads.
//
// Trial moves (montecarlo:algorithm), VAMPIRE's: `adaptive` (default; the Gaussian move
// S' = norm(S + sigma g), g ~ N(0, 1)^3, with sigma rescaled after every sweep by 0.5 / R, R the
// sweep's rejection rate over all ranks, so the acceptance settles near one half; a sigma outside
// [1e-5, 60] restarts at 60), `angle` (the same move with the fixed width of
// angle_move_width(T): local steps, for quasi-static loops), `spin-flip` (S' = -S), `uniform`
// (S' uniform on the sphere).
#pragma once

#include <cstdint>
#include <vector>

#include "integrate/colouring.hpp"
#include "integrate/integrator.hpp"
#include "util/gaussian.hpp"

namespace miniasd {

// Width of the `angle` move (VAMPIRE's): 0.02 below 1 K, else 0.08 (k_B T / mu_B)^(1/5), T in K.
double angle_move_width(double temperature);
// The Gaussian move's width for this sweep: angle's, or adaptive's from the run state (set to
// MonteCarlo::initial_width at the first sweep). The CPU's and the GPU's sweeps share both.
// `temperature`: the Metropolis weights' (K), the run's temperature rescaled as the materials say
// (rescaled_temperature(), one rescaling for every material: run/config/cross_checks.cpp refuses
// others), as VAMPIRE's Monte Carlo.
double sweep_width(MonteCarloMove move, RunState& state, double temperature);
// After a sweep with `accepted` of `trials` moves taken over all ranks: adaptive's new width.
void adapt_width(MonteCarloMove move, std::int64_t accepted, std::int64_t trials, RunState& state);

class MonteCarlo final : public Integrator {
  public:
    explicit MonteCarlo(const IntegratorContext& c);
    const char* name() const override { return "monte-carlo"; }
    void step(Spins& s, RunState& state) override;
    std::string summary() const override;
    std::vector<std::pair<std::string, double>> figures() const override;

    static constexpr double initial_width = 1.0;  // sigma of the adaptive move at the start
    static constexpr double min_width = 1e-5, max_width = 60.0;

  private:
    // Trial moves of atoms list[0..n) of one colour; returns accepted moves.
    std::int64_t sweep_atoms(Spins& s, const std::vector<std::int32_t>& list, double temperature,
                             double width, std::uint64_t sweep);

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    const parallel::Comm& comm_;
    Timers& timers_;
    int t_trial_, t_halo_;
    MonteCarloMove move_;
    std::uint64_t seed_;
    ZigguratTables ziggurat_;  // the Gaussian moves' tables
    Colouring colouring_;
    // Owned atoms of each colour: [colour] boundary atoms, then core atoms.
    std::vector<std::vector<std::int32_t>> boundary_, core_;
    std::int64_t trials_ = 0, accepted_ = 0;       // over the whole run and all ranks
    double rescaling_curie_, rescaling_exponent_;  // the materials' (sweep_width)
};

}  // namespace miniasd
