// sim:program = field-cool (programs.hpp): VAMPIRE's program. Equilibration at
// sim:equilibration-temperature (default: the cooling's start), then the cooling from
// sim:maximum-temperature to sim:minimum-temperature; sim:temperature has no part in it.
#include <cmath>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

double cooling_temperature(const Config& c, double t) {
    const double start = c.sweep.maximum_temperature, end = c.sweep.minimum_temperature;
    const double x = t / c.pulse.cooling_time;
    double f = std::exp(-x);
    if (c.pulse.cooling_function == CoolingFunction::gaussian) f = std::exp(-x * x);
    if (c.pulse.cooling_function == CoolingFunction::linear) f = std::max(0.0, 1.0 - x);
    return end + (start - end) * f;
}

void FieldCoolProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    Phase p = time_series_phase(c);  // equilibration at the start temperature, then the cooling
    p.equilibration_temperature = c.sim.equilibration_temperature >= 0
                                      ? c.sim.equilibration_temperature
                                      : c.sweep.maximum_temperature;
    const std::int64_t equil = p.equilibration_steps;
    p.drive = [&c, equil](RunState& s, std::int64_t n) {
        if (n < equil) return;
        s.temperature = s.phonon_temperature =
            cooling_temperature(c, double(n - equil) * c.sim.time_step);
    };
    // The first cooling step's sample shows the start temperature.
    p.temperature = c.sweep.maximum_temperature;
    sim.run(p);
}

}  // namespace miniasd
