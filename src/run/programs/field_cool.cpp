// sim:program = field-cool (programs.hpp): VAMPIRE's program. Equilibration at
// sim:equilibration-temperature (default: the cooling's start), then the cooling from
// sim:maximum-temperature to sim:minimum-temperature; sim:temperature has no part in it. With
// sim:simulation-cycles = N the cooling runs N times in a row (VAMPIRE's runs: the later ones
// start from the last one's spins at the maximum temperature, without an equilibration).
#include <algorithm>
#include <cmath>
#include <vector>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

double cooling_factor(const Config& c, double t) {
    const double x = t / c.pulse.cooling_time;
    if (c.pulse.cooling_function == CoolingFunction::gaussian) return std::exp(-x * x);
    if (c.pulse.cooling_function == CoolingFunction::linear) return std::max(0.0, 1.0 - x);
    return std::exp(-x);
}

double cooling_temperature(const Config& c, double t) {
    const double start = c.sweep.maximum_temperature, end = c.sweep.minimum_temperature;
    return end + (start - end) * cooling_factor(c, t);
}

Phase next_cycle(const Config& c) {
    Phase q = time_series_phase(c);
    q.equilibration_steps = 0;
    q.sample_at_start = false;  // the last cycle's final sample is this one's start
    return q;
}

void plan_cycle_rows(ProgramHost& sim) {
    const Config& c = sim.config();
    const auto rows = [&c](std::int64_t equil) {
        return rows_of_phase(equil, c.sim.total_steps, c.sim.steps_increment, c.columns.rate);
    };
    sim.plan_rows(rows(c.sim.equilibration_steps) + (c.pulse.cycles - 1) * rows(0));
}

namespace {

// localised-field-cool: every material's temperature n steps into the cooling (VAMPIRE's
// program/local_field_cool.cpp: minimum + f (maximum - minimum)).
std::vector<double> material_temperatures(const Config& c, std::int64_t n) {
    const double f = cooling_factor(c, double(n) * c.sim.time_step);
    std::vector<double> t;
    for (const MaterialConfig& m : c.materials)
        t.push_back(m.minimum_temperature + f * (m.maximum_temperature - m.minimum_temperature));
    return t;
}

void localised_cool(ProgramHost& sim) {
    const Config& c = sim.config();
    plan_cycle_rows(sim);
    // The equilibration at the materials' own temperatures, then the cooling: each step's
    // temperatures are set before it, and each sample's before its row, from the time alone.
    Phase p = time_series_phase(c);
    const std::int64_t equil = p.equilibration_steps;
    p.drive = [&c, equil](RunState& s, std::int64_t n) {
        if (n >= equil) s.material_temperatures = material_temperatures(c, n - equil);
    };
    p.on_sample = [&c, equil](RunState& s) {
        if (s.phase_step >= equil)
            s.material_temperatures = material_temperatures(c, s.phase_step - equil);
    };
    sim.run(p);
    for (std::int64_t k = 1; k < c.pulse.cycles; ++k) {
        Phase q = next_cycle(c);
        q.drive = [&c](RunState& s, std::int64_t n) {
            s.material_temperatures = material_temperatures(c, n);
        };
        q.on_sample = [&c](RunState& s) {
            s.material_temperatures = material_temperatures(c, s.phase_step);
        };
        sim.run(q);
    }
}

}  // namespace

void FieldCoolProgram::run(ProgramHost& sim) {
    if (localised_) {
        localised_cool(sim);
        return;
    }
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
    plan_cycle_rows(sim);
    sim.run(p);
    for (std::int64_t k = 1; k < c.pulse.cycles; ++k) {
        Phase q = next_cycle(c);
        q.temperature = c.sweep.maximum_temperature;
        q.drive = [&c](RunState& s, std::int64_t n) {
            s.temperature = s.phonon_temperature =
                cooling_temperature(c, double(n) * c.sim.time_step);
        };
        sim.run(q);
    }
}

}  // namespace miniasd
