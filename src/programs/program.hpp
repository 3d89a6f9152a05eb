// Programs (sim:program, VAMPIRE's names): small objects that drive the simulation through
// phases. A time series is one phase; a Curie-temperature sweep one phase per temperature; a
// hysteresis loop one phase per field. The time loop itself lives in Simulation::run(Phase).
#pragma once

#include <memory>

#include "input/config.hpp"

namespace miniasd {

class Simulation;

class Program {
  public:
    virtual ~Program() = default;
    virtual const char* name() const = 0;
    // Collective over the simulation's ranks.
    virtual void run(Simulation& sim) = 0;
};

// The one place that maps sim:program to a class.
std::unique_ptr<Program> make_program(const Config& c);

// Collective. Runs the input's program (sim:program) on the simulation, between
// Simulation::start_run and finish_run.
void run_program(Simulation& sim);

}  // namespace miniasd
