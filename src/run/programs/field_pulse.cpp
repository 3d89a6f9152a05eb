// sim:program = field-pulse (programs.hpp): VAMPIRE's program. Equilibration at
// sim:equilibration-temperature without a field, then total-time-steps at sim:temperature in which
// the applied field along sim:applied-field-unit-vector is the Gaussian
//     B(t) = B_max exp(-(t - 3 tau)^2 / tau^2),
// B_max = sim:applied-field-strength, tau = sim:field-pulse-time, t the time since the pulse
// began, set at each step's start and held through it (VAMPIRE's order). Its keywords' rows and
// checks: field_pulse_keywords.cpp.
#include <cmath>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

double field_pulse_field(const Config& c, double t) {
    const double tau = c.pulse.field_pulse_time;
    const double x = (t - 3.0 * tau) / tau;
    return c.sim.field_strength * std::exp(-x * x);
}

void FieldPulseProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    Phase p = time_series_phase(c);
    const std::int64_t equil = p.equilibration_steps;
    p.field_strength = equil > 0 ? 0.0 : field_pulse_field(c, 0.0);
    p.drive = [&c, equil](RunState& s, std::int64_t n) {
        s.field_strength =
            n < equil ? 0.0 : field_pulse_field(c, double(n - equil) * c.sim.time_step);
    };
    sim.run(p);
}

}  // namespace miniasd
