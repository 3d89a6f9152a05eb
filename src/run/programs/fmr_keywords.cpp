// The fmr program's keywords (VAMPIRE's sim:fmr-field-strength, -frequency, -unit-vector): their
// rows and checks, apart from the program (fmr.cpp) so the parser builds without the run.
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"
#include "util/shortest.hpp"

namespace miniasd {

using namespace keyword_rows;
using input_checks::fail;

namespace {

bool fmr(const Config& c) {
    return c.sim.program == ProgramKind::fmr;
}

}  // namespace

void add_fmr_rows(std::vector<Keyword<Config>>& t) {
    t.push_back(row(
        "sim", "fmr-field-strength", K::real, D::field, -1e4, 1e4, "0 T",
        "fmr: amplitude H0 of the oscillating field H0 sin(2 pi f t) added to the applied field "
        "after equilibration (t from the run's start)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.fmr_strength = v.real; },
        [](const Config& c) {
            return c.pulse.fmr_strength != 0 ? number(c.pulse.fmr_strength) : none;
        }));
    t.push_back(row(
        "sim", "fmr-field-frequency", K::real, D::frequency, 0, 1e14, "1 Hz",
        "fmr: its frequency f (Hz unless a unit is given, as in VAMPIRE: write !GHz)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.fmr_frequency = v.real; },
        [](const Config& c) {
            return c.pulse.fmr_frequency != 1 ? number(c.pulse.fmr_frequency) : none;
        }));
    t.push_back(row(
        "sim", "fmr-field-unit-vector", K::direction, D::none, 0, 0, "0,0,1",
        "fmr: the oscillating field's direction (normalised)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.fmr_direction = v.vec; },
        [](const Config& c) {
            return c.pulse.fmr_direction != Vec3{0, 0, 1} ? unit_vector(c.pulse.fmr_direction)
                                                          : none;
        }));
}

// The oscillating field's keywords belong to its program; its period must span many steps, as the
// field is set once a step.
// Each material's own oscillating field: in the fmr program, with all three of its keywords
// (VAMPIRE's defaults, 0 Hz and no direction, would leave it silently off), on the CPU.
void check_material_fmr(const Config& c, const Seen& seen) {
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const std::string p = "material[" + std::to_string(m + 1) + "]:fmr-field-";
        const Entry* keys[3] = {given(seen, p + "strength"), given(seen, p + "frequency"),
                                given(seen, p + "unit-vector")};
        const Entry* any = keys[0] ? keys[0] : keys[1] ? keys[1] : keys[2];
        if (!any) continue;
        if (!fmr(c)) fail(*any, "acts only in sim:program = fmr (VAMPIRE's meaning)");
        const MaterialConfig& mc = c.materials[m];
        if (mc.fmr_strength == 0 || mc.fmr_frequency == 0 || mc.fmr_direction == Vec3{0, 0, 0})
            fail(*any,
                 "a material's oscillating field needs " + p + "strength, " + p + "frequency and " +
                     p + "unit-vector (VAMPIRE's defaults, 0 T, 0 Hz and no direction, give none)");
        if (const Entry* e = given(seen, "sim:device"); e && c.sim.device == Device::gpu)
            fail(*e, "the materials' own oscillating fields (" + p +
                         "*) are set before every step on the CPU only");
        const double steps_per_period = 1.0 / (mc.fmr_frequency * c.sim.time_step);
        if (steps_per_period < 20)
            fail(keys[1] ? *keys[1] : *any,
                 "a period of the material's oscillating field (" + g4(1.0 / mc.fmr_frequency) +
                     " s) spans " + g4(steps_per_period) +
                     " time steps: give it at least 20 (a lower frequency or a shorter "
                     "sim:time-step)");
    }
}

void check_fmr(const Config& c, const Seen& seen) {
    check_material_fmr(c, seen);
    for (const char* key :
         {"sim:fmr-field-strength", "sim:fmr-field-frequency", "sim:fmr-field-unit-vector"})
        if (const Entry* e = given(seen, key); e && !fmr(c))
            fail(*e, "acts only in sim:program = fmr (VAMPIRE's meaning)");
    if (!fmr(c)) return;
    if (c.sim.integrator == IntegratorKind::monte_carlo)
        fail(seen.at("sim:program"),
             "fmr drives the spins with a field that oscillates in time, which Monte Carlo has "
             "none of: use sim:integrator = llg-heun");
    bool own = false;  // some material has its own oscillating field
    for (const MaterialConfig& m : c.materials)
        own = own || m.fmr_strength != 0;
    if (c.pulse.fmr_strength == 0 && !own)
        fail(seen.at("sim:program"),
             "fmr needs the oscillating field's amplitude: give sim:fmr-field-strength and "
             "sim:fmr-field-frequency (e.g. 0.01 !T and 10 !GHz)");
    const double steps_per_period = 1.0 / (c.pulse.fmr_frequency * c.sim.time_step);
    if (steps_per_period < 20) {
        const Entry* e = given(seen, "sim:fmr-field-frequency");
        fail(e ? *e : seen.at("sim:program"),
             "a period of the oscillating field (" + g4(1.0 / c.pulse.fmr_frequency) +
                 " s) spans " + g4(steps_per_period) +
                 " time steps: the field is set once a step, so give it at least 20 (a lower "
                 "frequency or a shorter sim:time-step)");
    }
}

}  // namespace miniasd
