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

// The relaxation's keywords (sim:program = relax, sim:relax-first): each with a relaxation, and
// none of a time loop's that a minimiser has no use for.
void check_relaxation(const Config& c, const std::map<std::string, Entry>& seen) {
    const bool program = c.program == ProgramKind::relax;
    auto given = [&](const char* key) -> const Entry* {
        const auto it = seen.find(key);
        return it == seen.end() ? nullptr : &it->second;
    };
    if (!program && !c.relax_first)
        for (const char* key : {"sim:relax-method", "sim:relax-torque-tolerance"})
            if (const Entry* e = given(key))
                fail(*e,
                     "has no effect without a relaxation: set sim:program = relax or "
                     "sim:relax-first");
    if (const Entry* e = given("sim:relax-maximum-steps"); e && !c.relax_first)
        fail(*e, program ? "is sim:relax-first's limit: the relax program stops after "
                           "sim:total-time-steps"
                         : "has no effect without sim:relax-first");
    if (!program) return;
    if (const Entry* e = given("sim:relax-first"))
        fail(*e, "has no effect with sim:program = relax, which relaxes already");
    if (!given("sim:total-time-steps"))
        fail(seen.at("sim:program"),
             "relax needs sim:total-time-steps, the most steps the minimiser may take (it stops "
             "sooner when every torque is below sim:relax-torque-tolerance)");
    if (const Entry* e = given("sim:temperature"); e && c.temperature != 0)
        fail(*e,
             "must be 0 K with sim:program = relax: a relaxation minimises the energy; for "
             "thermal equilibrium run a time series");
    const char* why =
        "has no effect with sim:program = relax, whose steps are the minimiser's "
        "(sim:relax-method)";
    if (const Entry* e = given("sim:equilibration-time-steps"); e && c.equilibration_steps != 0)
        fail(*e, why);
    if (const Entry* e = given("sim:equilibration-temperature")) fail(*e, why);
    if (const Entry* e = given("sim:integrator"); e && c.integrator != IntegratorKind::llg_heun)
        fail(*e, why);
    const Entry* device = given("sim:device") ? given("sim:device") : given("gpu:acceleration");
    if (device && c.device == Device::gpu)
        fail(*device,
             "the minimiser of sim:program = relax runs on the CPU only (sim:relax-first "
             "before a GPU program relaxes on the CPU, then hands the spins over)");
}

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
    if (c.program == ProgramKind::laser_pulse && c.laser_profile == Config::LaserProfile::square &&
        !seen.count("sim:maximum-temperature"))
        fail(seen.at("sim:laser-pulse-temporal-profile"),
             "a square pulse holds sim:maximum-temperature for sim:laser-pulse-time: set "
             "sim:maximum-temperature");
    if (c.program == ProgramKind::curie_temperature &&
        c.maximum_temperature < c.minimum_temperature) {
        const auto it = seen.find("sim:maximum-temperature");
        if (it != seen.end()) fail(it->second, "is below sim:minimum-temperature");
        throw InputError(input_file, 0, "sim:minimum-temperature",
                         "is above sim:maximum-temperature (default 300 K)");
    }
    check_relaxation(c, seen);
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
