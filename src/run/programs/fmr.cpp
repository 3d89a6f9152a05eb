// sim:program = fmr (programs.hpp): VAMPIRE's program. Equilibration at
// sim:equilibration-temperature without the oscillating field, then total-time-steps at
// sim:temperature in which every atom also feels H0 sin(2 pi f t) along sim:fmr-field-unit-vector,
// t the simulated time since the run began (equilibration included), the field set at each step's
// start and held through it (VAMPIRE's order). Its keywords' rows and checks: fmr_keywords.cpp.
#include <cmath>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "util/shortest.hpp"

namespace miniasd {

double fmr_field(const Config& c, double t) {
    const double two_pi = 6.283185307179586476925;
    return c.pulse.fmr_strength * std::sin(two_pi * c.pulse.fmr_frequency * t);
}

double material_fmr_field(const MaterialConfig& m, double t) {
    const double two_pi = 6.283185307179586476925;
    return m.fmr_strength * std::sin(two_pi * m.fmr_frequency * t);
}

void FmrProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    Phase p = time_series_phase(c);
    const std::int64_t equil = p.equilibration_steps;
    p.drive = [&c, equil](RunState& s, std::int64_t n) {
        s.fmr_direction = c.pulse.fmr_direction;
        s.fmr_field = n < equil ? 0.0 : fmr_field(c, s.time());
        // Each material's own (material[i]:fmr-field-*), also from the run's start.
        s.material_fmr_field.assign(c.materials.size(), 0.0);
        for (std::size_t m = 0; m < c.materials.size() && n >= equil; ++m)
            s.material_fmr_field[m] = material_fmr_field(c.materials[m], s.time());
    };
    sim.run(p);
}

}  // namespace miniasd
