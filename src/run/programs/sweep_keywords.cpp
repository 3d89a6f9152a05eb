// The sweeps' section (sweep_section.hpp): the rows of the sim: keywords of the temperature
// sweep and the hysteresis loop, and the checks that a program has the settings it needs and a
// sweep a size a run can hold.
#include <cmath>
#include <cstdio>
#include <string>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;

bool loop(const Config& c) {
    return c.sim.program == ProgramKind::hysteresis_loop ||
           c.sim.program == ProgramKind::partial_hysteresis_loop ||
           c.sim.program == ProgramKind::static_hysteresis_loop;
}

// The programs that equilibrate in a field of sim:equilibration-applied-field-strength.
bool settles_in_field(const Config& c) {
    return loop(c) || c.sim.program == ProgramKind::field_sweep;
}

// A count: whole below 1e9, else three digits and an exponent.
std::string count(double x) {
    char b[32];
    std::snprintf(b, sizeof b, x < 1e9 ? "%.0f" : "%.3g", x);
    return b;
}

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "loop-time-steps", K::integer, D::none, 0, big, "10000",
        "steps of sampling at each temperature (curie-temperature) or field "
        "(hysteresis-loop) point, after sim:equilibration-time-steps",
        [](Config& c, const Value& v, const Entry&) { c.sweep.loop_steps = v.integer; },
        [](const Config& c) { return whole(c.sweep.loop_steps); }));
    t.push_back(row(
        "sim", "minimum-temperature", K::real, D::temperature, 0, 1e6, "0 K",
        "first temperature of a curie-temperature sweep; field-cool: the temperature it "
        "cools to",
        [](Config& c, const Value& v, const Entry&) { c.sweep.minimum_temperature = v.real; },
        [](const Config& c) { return number(c.sweep.minimum_temperature); }));
    t.push_back(row(
        "sim", "maximum-temperature", K::real, D::temperature, 0, 1e6, "300 K",
        "last temperature of a curie-temperature sweep; field-cool: the temperature its "
        "cooling starts from; laser-pulse: the square pulse's temperature",
        [](Config& c, const Value& v, const Entry&) { c.sweep.maximum_temperature = v.real; },
        [](const Config& c) { return number(c.sweep.maximum_temperature); }));
    t.push_back(row(
        "sim", "temperature-increment", K::real, D::temperature, 1e-10, 1e6, "10 K",
        "temperature step of a curie-temperature sweep",
        [](Config& c, const Value& v, const Entry&) { c.sweep.temperature_increment = v.real; },
        [](const Config& c) { return number(c.sweep.temperature_increment); }));
    t.push_back(row(
        "sim", "maximum-applied-field-strength", K::real, D::field, 0, 1e3, "1 T",
        "a hysteresis loop sweeps the field from this value to its negative and back; a partial "
        "one ends at it; field-sweep equilibrates at it (or at "
        "sim:equilibration-applied-field-strength, the larger) before each segment",
        [](Config& c, const Value& v, const Entry&) { c.sweep.maximum_field = v.real; },
        [](const Config& c) { return number(c.sweep.maximum_field); }));
    t.push_back(row(
        "sim", "applied-field-strength-increment", K::real, D::field, 1e-6, 1e3, "0.1 T",
        "field step of a hysteresis loop (full or partial)",
        [](Config& c, const Value& v, const Entry&) { c.sweep.field_increment = v.real; },
        [](const Config& c) { return number(c.sweep.field_increment); }));
    // VAMPIRE reads 0 to 1000 T here but starts from -1 T by default; a negative value is taken
    // too, so that a branch can start anywhere on the loop.
    t.push_back(row(
        "sim", "minimum-applied-field-strength", K::real, D::field, -1e3, 1e3, "-1 T",
        "partial-hysteresis-loop: the first field of its branch, which goes up from here to "
        "sim:maximum-applied-field-strength",
        [](Config& c, const Value& v, const Entry&) { c.sweep.minimum_field = v.real; },
        [](const Config& c) {
            return c.sim.program == ProgramKind::partial_hysteresis_loop
                       ? number(c.sweep.minimum_field)
                       : none;
        }));
    t.push_back(row(
        "sim", "equilibration-applied-field-strength", K::real, D::field, 0, 1e3, "0 T",
        "the field of a loop's equilibration: partial-hysteresis-loop's; hysteresis-loop and "
        "static-hysteresis-loop equilibrate at the larger of it and "
        "sim:maximum-applied-field-strength, and field-sweep so before each of its segments",
        [](Config& c, const Value& v, const Entry&) { c.sweep.equilibration_field = v.real; },
        [](const Config& c) {
            return settles_in_field(c) ? number(c.sweep.equilibration_field) : none;
        }));
}

// The most points a temperature sweep or hysteresis loop may have (each a row of its table).
constexpr double max_sweep_points = 1e6;

// Settings a program needs that have no sensible default; sweeps of a reasonable size.
void check_sweeps(Config& c, const Seen& seen, std::vector<std::string>& warnings) {
    const std::string& input_file = c.input_file;
    if (c.sim.program == ProgramKind::field_cool &&
        c.sweep.maximum_temperature < c.sweep.minimum_temperature) {
        const auto it = seen.find("sim:maximum-temperature");
        fail(it != seen.end() ? it->second : seen.at("sim:program"),
             "field-cool cools from sim:maximum-temperature to sim:minimum-temperature: the "
             "maximum must not be below the minimum");
    }
    if (c.sim.program == ProgramKind::curie_temperature &&
        c.sweep.maximum_temperature < c.sweep.minimum_temperature) {
        const auto it = seen.find("sim:maximum-temperature");
        if (it != seen.end()) fail(it->second, "is below sim:minimum-temperature");
        throw InputError(input_file, 0, "sim:minimum-temperature",
                         "is above sim:maximum-temperature (default 300 K)");
    }
    // The loops' own field keywords act only in their programs.
    const bool partial = c.sim.program == ProgramKind::partial_hysteresis_loop;
    if (const Entry* e = given(seen, "sim:minimum-applied-field-strength"); e && !partial)
        fail(*e, "acts only in sim:program = partial-hysteresis-loop");
    if (const Entry* e = given(seen, "sim:equilibration-applied-field-strength");
        e && !settles_in_field(c))
        fail(*e,
             "acts only in sim:program = hysteresis-loop, partial-hysteresis-loop, "
             "static-hysteresis-loop and field-sweep");
    // field-sweep's file gives each segment's fields and steps (VAMPIRE's).
    if (c.sim.program == ProgramKind::field_sweep)
        for (const char* key : {"sim:loop-time-steps", "sim:applied-field-strength-increment"})
            if (given(seen, key))
                warnings.push_back(std::string("sim:program = field-sweep takes each segment's "
                                               "fields and steps from its field-sweep file (as "
                                               "VAMPIRE's): ") +
                                   key + " has no effect");
    if (partial && c.sweep.minimum_field > c.sweep.maximum_field) {
        const Entry* e = given(seen, "sim:minimum-applied-field-strength");
        fail(e ? *e : seen.at("sim:program"),
             "partial-hysteresis-loop goes up from sim:minimum-applied-field-strength (" +
                 g4(c.sweep.minimum_field) + " T) to sim:maximum-applied-field-strength (" +
                 g4(c.sweep.maximum_field) +
                 " T): the minimum must not be above the maximum (for a branch going down, "
                 "reverse sim:applied-field-unit-vector)");
    }
    // The static loop relaxes at 0 K by the minimiser: what would make a run hot or pick the
    // integrator does nothing there.
    if (c.sim.program == ProgramKind::static_hysteresis_loop) {
        for (const char* key : {"sim:temperature", "sim:equilibration-temperature"})
            if (given(seen, key))
                warnings.push_back(std::string("sim:program = static-hysteresis-loop relaxes the "
                                               "spins at 0 K (as VAMPIRE's, without the thermal "
                                               "field): ") +
                                   key + " has no effect");
        if (given(seen, "sim:integrator"))
            warnings.push_back(
                "sim:program = static-hysteresis-loop relaxes by the minimiser "
                "(sim:relax-method): sim:integrator has no effect");
    }
    // A sweep's points are held in memory and each runs its steps: a count beyond reason (a
    // 1e-30 T increment) would die allocating or run for ever, so --check refuses it.
    const bool curie = c.sim.program == ProgramKind::curie_temperature;
    if (curie || loop(c)) {
        const double span = curie     ? c.sweep.maximum_temperature - c.sweep.minimum_temperature
                            : partial ? c.sweep.maximum_field - c.sweep.minimum_field
                                      : 2 * std::abs(c.sweep.maximum_field);
        const double step = curie ? c.sweep.temperature_increment : c.sweep.field_increment;
        // The full loop goes down and up again: twice the points of one branch.
        const double points = (curie || partial ? 1.0 : 2.0) * (std::floor(span / step + 1e-9) + 2);
        const char* key =
            curie ? "sim:temperature-increment" : "sim:applied-field-strength-increment";
        const auto it = seen.find(key);
        const Entry& at = it != seen.end() ? it->second : seen.at("sim:program");
        if (!(points <= max_sweep_points))
            fail(at, "gives " + count(points) + " points of the " +
                         (curie ? "temperature sweep" : "hysteresis loop") + ", more than the " +
                         count(max_sweep_points) + " a run can hold: raise the increment");
        const double steps =
            points * (double(c.sim.equilibration_steps) + double(c.sweep.loop_steps));
        if (!(steps <= 1e15))
            fail(at, "gives " + count(points) + " points of " +
                         std::to_string(c.sim.equilibration_steps + c.sweep.loop_steps) +
                         " steps each: " + count(steps) +
                         " steps in all, beyond the 1e15 any run can finish");
    }
}

}  // namespace

SectionOf<Config> sweep_section() {
    return {"sweeps", add_rows, check_sweeps};
}

}  // namespace miniasd
