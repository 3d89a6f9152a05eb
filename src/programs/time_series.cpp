// sim:program = time-series: one phase at the input's temperature and field, a statistics row
// every time-steps-increment steps (times output:output-rate).
// sim:program = benchmark: the same steps with no statistics but one sample at the end, so the
// timing report measures the integrator alone.
#include "programs/programs.hpp"
#include "simulation.hpp"

namespace miniasd {

void TimeSeriesProgram::run(Simulation& sim) {
    sim.run(time_series_phase(sim.config()));
}

void BenchmarkProgram::run(Simulation& sim) {
    Phase p = time_series_phase(sim.config());
    p.increment = std::max<std::int64_t>(1, p.steps);
    p.sample_at_start = false;
    sim.plan_rows(1);
    sim.run(p);
}

}  // namespace miniasd
