// The constraint section (constraint_section.hpp): the rows of VAMPIRE's sim:constraint-angle-*
// and sim:constraint-rotation-update keywords, and the checks that tie constrained Monte Carlo to
// its program.
#include <algorithm>
#include <cmath>
#include <string>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;

// describe()'s value of an angle: only with constrained Monte Carlo, which reads it.
std::optional<Value> angle_text(const Config& c, double degrees) {
    if (c.sim.integrator != IntegratorKind::constrained_monte_carlo) return none;
    return number(degrees);
}

// The rows of one angle: the single direction, the sweep's first and last and its step.
template <class Field>
void add_angle(std::vector<KeywordSpec>& t, const std::string& angle, const std::string& what,
               Field field) {
    const std::string key = "constraint-angle-" + angle;
    t.push_back(row(
        "sim", key, K::real, D::none, 0, 360, "0",
        "constrained Monte Carlo: the " + what +
            " of the one direction the magnetisation is held along (degrees): sets "
            "sim:" +
            key + "-minimum and -maximum both",
        [field](Config& c, const Value& v, const Entry&) {
            field(c, 0) = v.real;
            field(c, 1) = v.real;
        },
        nullptr));
    t.push_back(row(
        "sim", key + "-minimum", K::real, D::none, 0, 360, "0",
        "cmc-anisotropy: the first " + what + " of its constraint directions (degrees)",
        [field](Config& c, const Value& v, const Entry&) { field(c, 0) = v.real; },
        [field](const Config& c) { return angle_text(c, field(const_cast<Config&>(c), 0)); }));
    t.push_back(row(
        "sim", key + "-maximum", K::real, D::none, 0, 360, "0",
        "cmc-anisotropy: the last " + what + " of its constraint directions (degrees)",
        [field](Config& c, const Value& v, const Entry&) { field(c, 1) = v.real; },
        [field](const Config& c) { return angle_text(c, field(const_cast<Config&>(c), 1)); }));
    t.push_back(row(
        "sim", key + "-increment", K::real, D::none, 0, 360, "5",
        "cmc-anisotropy: the step of the " + what + " between constraint directions (degrees)",
        [field](Config& c, const Value& v, const Entry&) { field(c, 2) = v.real; },
        [field](const Config& c) { return angle_text(c, field(const_cast<Config&>(c), 2)); }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_angle(t, "phi", "polar angle from z", [](Config& c, int k) -> double& {
        return k == 0   ? c.constraint.phi_minimum
               : k == 1 ? c.constraint.phi_maximum
                        : c.constraint.phi_increment;
    });
    add_angle(t, "theta", "azimuth from x", [](Config& c, int k) -> double& {
        return k == 0   ? c.constraint.theta_minimum
               : k == 1 ? c.constraint.theta_maximum
                        : c.constraint.theta_increment;
    });
    t.push_back(row(
        "sim", "constraint-rotation-update", K::flag, D::none, 0, 0, "off",
        "cmc-anisotropy: each new constraint direction starts from the last one's spins turned "
        "onto it (about the axis normal to both), instead of every spin along it",
        [](Config& c, const Value&, const Entry&) { c.constraint.rotate = true; },
        [](const Config& c) { return flag_if(c.constraint.rotate); }));
}

std::string whole_text(double x) {
    return std::to_string(static_cast<long long>(std::min(x, 1e18)));
}

void check_constraint(Config& c, const Seen& seen, std::vector<std::string>&) {
    const bool cmc = c.sim.integrator == IntegratorKind::constrained_monte_carlo;
    const bool program = c.sim.program == ProgramKind::cmc_anisotropy;
    if (program && !cmc)
        fail(seen.at("sim:program"),
             "cmc-anisotropy needs sim:integrator = constrained-monte-carlo (as in VAMPIRE)");
    if (cmc && !program)
        fail(seen.at("sim:integrator"),
             "constrained-monte-carlo runs in sim:program = cmc-anisotropy, which sets its "
             "constraint directions (a single one: sim:constraint-angle-phi and -theta)");
    if (!cmc) {
        for (const auto& [key, entry] : seen)
            if (key.rfind("sim:constraint-", 0) == 0)
                fail(entry, "has no effect without sim:integrator = constrained-monte-carlo");
        return;
    }
    if (const Entry* e = given(seen, "sim:device"); e && c.sim.device == Device::gpu)
        fail(*e, "constrained Monte Carlo runs on the CPU only");
    if (const Entry* e = given(seen, "sim:relax-first"))
        fail(*e, "cmc-anisotropy starts every constraint direction from spins along it");
    // The sweep's size: directions x temperatures points of equilibration + loop steps each.
    const double directions =
        double(constraint_angles(c.constraint.theta_minimum, c.constraint.theta_maximum,
                                 c.constraint.theta_increment)
                   .size()) *
        double(constraint_angles(c.constraint.phi_minimum, c.constraint.phi_maximum,
                                 c.constraint.phi_increment)
                   .size());
    const double temperatures =
        std::floor(std::abs(c.sweep.maximum_temperature - c.sweep.minimum_temperature) /
                       c.sweep.temperature_increment +
                   1e-9) +
        2;
    const double points = directions * temperatures;
    const double steps = points * double(c.sim.equilibration_steps + c.sweep.loop_steps);
    if (!(points <= 1e6) || !(steps <= 1e15))
        fail(seen.at("sim:program"),
             "cmc-anisotropy's " + whole_text(directions) + " directions x up to " +
                 whole_text(temperatures) +
                 " temperatures are more points (at most 1e6) or steps (at most 1e15) than a run "
                 "can hold: raise the increments");
    for (const char* angle : {"phi", "theta"}) {
        const std::string key = std::string("sim:constraint-angle-") + angle + "-increment";
        const double step =
            angle[0] == 'p' ? c.constraint.phi_increment : c.constraint.theta_increment;
        const double span = angle[0] == 'p'
                                ? c.constraint.phi_maximum - c.constraint.phi_minimum
                                : c.constraint.theta_maximum - c.constraint.theta_minimum;
        if (span > 0 && !(step > 0))
            fail(given(seen, key) ? *given(seen, key) : seen.at("sim:program"),
                 "must be above 0 when the angle's maximum is above its minimum");
    }
}

}  // namespace

std::vector<double> constraint_angles(double from, double to, double step) {
    std::vector<double> out = {from};
    if (!(step > 0)) return out;
    // At most 1e6 + 1 angles: a sweep beyond that is refused (check_constraint) before it runs.
    for (std::int64_t k = 1; from + double(k) * step <= to + 1e-9 * step && k <= 1000000; ++k)
        out.push_back(from + double(k) * step);
    return out;
}

SectionOf<Config> constraint_section() {
    return {"constraint", add_rows, check_constraint};
}

}  // namespace miniasd
