// The field-pulse program's keyword (VAMPIRE's sim:field-pulse-time) and its checks, apart from
// the program (field_pulse.cpp) so the parser builds without the run.
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"
#include "util/shortest.hpp"

namespace miniasd {

using namespace keyword_rows;
using input_checks::fail;

namespace {

bool field_pulse(const Config& c) {
    return c.sim.program == ProgramKind::field_pulse;
}

}  // namespace

void add_field_pulse_rows(std::vector<Keyword<Config>>& t) {
    t.push_back(row(
        "sim", "field-pulse-time", K::real, D::time, 0, 1.0, "1 ns",
        "field-pulse: the Gaussian's time tau: B_max exp(-(t - 3 tau)^2 / tau^2), B_max = "
        "sim:applied-field-strength, t from the end of equilibration",
        [](Config& c, const Value& v, const Entry&) { c.pulse.field_pulse_time = v.real; },
        [](const Config& c) { return field_pulse(c) ? number(c.pulse.field_pulse_time) : none; }));
}

// The pulse's keyword belongs to its program. The field is set once a step, so the Gaussian must
// span steps (tau of two steps samples its integral to 1e-8), and a pulse without a peak field
// would do nothing.
void check_field_pulse(const Config& c, const Seen& seen, std::vector<std::string>& warnings) {
    const Entry* time = given(seen, "sim:field-pulse-time");
    if (time && !field_pulse(c)) fail(*time, "acts only in sim:program = field-pulse");
    if (!field_pulse(c)) return;
    if (c.sim.field_strength == 0)
        fail(seen.at("sim:program"),
             "field-pulse's peak field is sim:applied-field-strength (along "
             "sim:applied-field-unit-vector), which is 0: give it");
    const double tau = c.pulse.field_pulse_time, dt = c.sim.time_step;
    if (tau < 2 * dt) {
        const Entry* step = given(seen, "sim:time-step");
        fail(time   ? *time
             : step ? *step
                    : seen.at("sim:program"),
             "sim:field-pulse-time = " + g4(tau) + " s spans fewer than two time steps (" + g4(dt) +
                 " s): the field is set once a step, so the pulse would not be "
                 "resolved; make it longer or the step shorter");
    }
    const double run = double(c.sim.total_steps) * dt;
    if (run < 6 * tau)
        warnings.push_back("sim:program = field-pulse: the pulse peaks 3 tau = " + g4(3 * tau) +
                           " s after equilibration and lasts until about 6 tau, but the run "
                           "stops after " +
                           g4(run) + " s (sim:total-time-steps)");
}

}  // namespace miniasd
