// The programs' own checks: settings a program needs, and sweeps of a size a run can hold.
#include <cmath>
#include <cstdio>
#include <string>

#include "input/input_checks.hpp"
#include "util/error.hpp"

namespace miniasd::input_checks {

namespace {

// A count: whole below 1e9, else three digits and an exponent.
std::string count(double x) {
    char b[32];
    std::snprintf(b, sizeof b, x < 1e9 ? "%.0f" : "%.3g", x);
    return b;
}
}  // namespace

// The most points a temperature sweep or hysteresis loop may have (each a row of its table).
constexpr double max_sweep_points = 1e6;

// Settings a program needs that have no sensible default; sweeps of a reasonable size.
void check_programs(const Config& c, const std::map<std::string, Entry>& seen,
                    const std::string& input_file) {
    if (c.program == ProgramKind::field_cool && c.maximum_temperature < c.minimum_temperature) {
        const auto it = seen.find("sim:maximum-temperature");
        fail(it != seen.end() ? it->second : seen.at("sim:program"),
             "field-cool cools from sim:maximum-temperature to sim:minimum-temperature: the "
             "maximum must not be below the minimum");
    }
    if (c.program == ProgramKind::curie_temperature &&
        c.maximum_temperature < c.minimum_temperature) {
        const auto it = seen.find("sim:maximum-temperature");
        if (it != seen.end()) fail(it->second, "is below sim:minimum-temperature");
        throw InputError(input_file, 0, "sim:minimum-temperature",
                         "is above sim:maximum-temperature (default 300 K)");
    }
    // A sweep's points are held in memory and each runs its steps: a count beyond reason (a
    // 1e-30 T increment) would die allocating or run for ever, so --check refuses it.
    const bool curie = c.program == ProgramKind::curie_temperature;
    if (curie || c.program == ProgramKind::hysteresis_loop) {
        const double span =
            curie ? c.maximum_temperature - c.minimum_temperature : 2 * std::abs(c.maximum_field);
        const double step = curie ? c.temperature_increment : c.field_increment;
        // The loop goes down and up again: twice the points of one branch.
        const double points = (curie ? 1.0 : 2.0) * (std::floor(span / step + 1e-9) + 2);
        const char* key =
            curie ? "sim:temperature-increment" : "sim:applied-field-strength-increment";
        const auto it = seen.find(key);
        const Entry& at = it != seen.end() ? it->second : seen.at("sim:program");
        if (!(points <= max_sweep_points))
            fail(at, "gives " + count(points) + " points of the " +
                         (curie ? "temperature sweep" : "hysteresis loop") + ", more than the " +
                         count(max_sweep_points) + " a run can hold: raise the increment");
        const double steps = points * (double(c.equilibration_steps) + double(c.loop_steps));
        if (!(steps <= 1e15))
            fail(at, "gives " + count(points) + " points of " +
                         std::to_string(c.equilibration_steps + c.loop_steps) + " steps each: " +
                         count(steps) + " steps in all, beyond the 1e15 any run can finish");
    }
}

}  // namespace miniasd::input_checks
