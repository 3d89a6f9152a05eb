// sim:program = time-series: one phase at the input's temperature and field, a statistics row
// every time-steps-increment steps (times output:output-rate).
// sim:program = relax: Simulation::relax as the run (simulation_relax.cpp).
// sim:program = benchmark: VAMPIRE's program, sim:total-time-steps at sim:temperature with a
// sample (and a row, by output-rate) every time-steps-increment and no equilibration.
#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

void TimeSeriesProgram::run(ProgramHost& sim) {
    sim.run(time_series_phase(sim.config()));
}

void RelaxProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    sim.plan_rows(c.sim.total_steps / c.sim.steps_increment + 2);
    converged_ = sim.relax().converged;
}

void BenchmarkProgram::run(ProgramHost& sim) {
    Phase p = time_series_phase(sim.config());
    p.equilibration_steps = 0;
    p.equilibration_temperature = p.temperature;
    const Config& c = sim.config();
    sim.plan_rows(rows_of_phase(0, c.sim.total_steps, c.sim.steps_increment, c.columns.rate));
    sim.run(p);
}

}  // namespace miniasd
