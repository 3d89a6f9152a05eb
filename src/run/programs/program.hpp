// Programs (sim:program, VAMPIRE's names): small objects that drive the simulation through
// phases. A time series is one phase; a Curie-temperature sweep one phase per temperature; a
// hysteresis loop one phase per field. The time loop itself lives in Simulation::run(Phase); a
// program reaches it through a ProgramHost (program_host.hpp).
#pragma once

#include <memory>

#include "run/config/config.hpp"

namespace miniasd {

class ProgramHost;

class Program {
  public:
    virtual ~Program() = default;
    virtual const char* name() const = 0;
    // Collective over the simulation's ranks; the program sees the simulation through its host
    // (program_host.hpp).
    virtual void run(ProgramHost& sim) = 0;
    // The process's exit status after a complete run: 0, or a program's own verdict (a
    // relaxation that did not converge).
    virtual int exit_status() const { return 0; }
};

// The one place that maps sim:program to a class.
std::unique_ptr<Program> make_program(const Config& c);

// Collective. Runs the input's program (sim:program) on the simulation, between
// Simulation::start_run and finish_run, after relaxing the spins when sim:relax-first says so
// (not in a continued run: its checkpoint's spins are past that). Returns the program's exit
// status (Program::exit_status). Throws Error when sim:relax-first's relaxation does not
// converge, before the program's first step.
class Simulation;
int run_program(Simulation& sim);

}  // namespace miniasd
