// The spin integrators behind one interface, chosen by sim:integrator. An
// integrator advances the owned spins by one step at the run state's temperature; the run state's
// step number keys its random numbers, so every integrator gives bitwise the same spins on any
// decomposition and thread count.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "integrate/stepping.hpp"
#include "parallel/comm.hpp"
#include "parallel/halo.hpp"
#include "stats/run_state.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/timers.hpp"

namespace miniasd {

class Integrator {
  public:
    virtual ~Integrator() = default;
    virtual const char* name() const = 0;
    // Collective over the halo's ranks. One step: LLG one time step of sim:time-step, Monte
    // Carlo one sweep (a trial move for every atom). Reads state.temperature and state.step; may
    // update integrator state kept in `state` (the Monte Carlo step width). Ghosts of `s` need
    // not be current on entry.
    virtual void step(Spins& s, RunState& state) = 0;
    // Whether the spins live elsewhere between steps (a GPU): then the owner calls from_host
    // before the first step and after it changed any spin (before the next step), and to_host
    // before it reads the owned spins of `s`.
    virtual bool keeps_spins() const { return false; }
    virtual void to_host(Spins&) {}
    virtual void from_host(const Spins&) {}
    // One line for the end-of-run report ("" when there is nothing to say).
    virtual std::string summary() const { return ""; }
    // The same figures as numbers, by name, for report.json.
    virtual std::vector<std::pair<std::string, double>> figures() const { return {}; }
};

// Everything an integrator may need of the simulation.
struct IntegratorContext {
    const SystemSettings& config;  // the materials' moments, damping and gyromagnetic ratios
    Stepping stepping;             // the integrator, its device, time step and random seed
    const Lattice& lattice;
    const LocalSystem& system;
    Hamiltonian& hamiltonian;
    parallel::HaloExchange& halo;
    const parallel::Comm& comm;
    Timers& timers;
    const parallel::ProcessGrid& grid;  // which rank owns which cells
};

// The one place that maps sim:integrator to a class.
std::unique_ptr<Integrator> make_integrator(const IntegratorContext& c);

}  // namespace miniasd
