// sim:program = electrical-pulse (programs.hpp): VAMPIRE's program. Equilibration at
// sim:equilibration-temperature without current, then total-time-steps at sim:temperature in which
// the spin torques' current rises linearly over sim:electrical-pulse-rise-time, flows for
// sim:electrical-pulse-time, falls linearly over sim:electrical-pulse-fall-time and then stops.
#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

double electrical_pulse_current(const Config& c, double t) {
    const double rise = c.pulse.electrical_rise, flat = c.pulse.electrical_time,
                 fall = c.pulse.electrical_fall;
    if (t < rise) return t / rise;
    if (t < rise + flat) return 1.0;
    if (t < rise + flat + fall) return 1.0 - (t - (rise + flat)) / fall;
    return 0.0;
}

void ElectricalPulseProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    Phase p = time_series_phase(c);
    const std::int64_t equil = p.equilibration_steps;
    p.current = equil > 0 ? 0.0 : electrical_pulse_current(c, 0.0);
    // The step's current is the pulse's at the step's start (VAMPIRE's order): the first pulse
    // step sees 0 with a rise time, the full current without one.
    p.drive = [&c, equil](RunState& s, std::int64_t n) {
        s.current =
            n < equil ? 0.0 : electrical_pulse_current(c, double(n - equil) * c.sim.time_step);
    };
    sim.run(p);
}

}  // namespace miniasd
