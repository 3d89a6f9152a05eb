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
    if (c.sim.integrator != IntegratorKind::constrained_monte_carlo &&
        c.sim.program != ProgramKind::lagrange_multiplier)
        return none;
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
        "cmc-anisotropy and lagrange-multiplier: the first " + what +
            " of its constraint directions (degrees)",
        [field](Config& c, const Value& v, const Entry&) { field(c, 0) = v.real; },
        [field](const Config& c) { return angle_text(c, field(const_cast<Config&>(c), 0)); }));
    t.push_back(row(
        "sim", key + "-maximum", K::real, D::none, 0, 360, "0",
        "cmc-anisotropy and lagrange-multiplier: the last " + what +
            " of its constraint directions (degrees)",
        [field](Config& c, const Value& v, const Entry&) { field(c, 1) = v.real; },
        [field](const Config& c) { return angle_text(c, field(const_cast<Config&>(c), 1)); }));
    t.push_back(row(
        "sim", key + "-increment", K::real, D::none, 0, 360, "5",
        "cmc-anisotropy and lagrange-multiplier: the step of the " + what +
            " between constraint directions (degrees)",
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
    auto stiffness_text = [](const Config& c, double degrees) -> std::optional<Value> {
        if (c.sim.program != ProgramKind::exchange_stiffness) return none;
        return number(degrees);
    };
    t.push_back(row(
        "sim", "exchange-stiffness-maximum-angle", K::real, D::none, 0, 180.1, "180.01",
        "exchange-stiffness: the middle plane's angles run from 0 while below this (degrees)",
        [](Config& c, const Value& v, const Entry&) {
            c.constraint.stiffness_maximum_angle = v.real;
        },
        [stiffness_text](const Config& c) {
            return stiffness_text(c, c.constraint.stiffness_maximum_angle);
        }));
    t.push_back(row(
        "sim", "exchange-stiffness-angle-increment", K::real, D::none, 1, 90, "5",
        "exchange-stiffness: the step between the middle plane's angles (degrees)",
        [](Config& c, const Value& v, const Entry&) {
            c.constraint.stiffness_angle_increment = v.real;
        },
        [stiffness_text](const Config& c) {
            return stiffness_text(c, c.constraint.stiffness_angle_increment);
        }));
}

std::string whole_text(double x) {
    return std::to_string(static_cast<long long>(std::min(x, 1e18)));
}

// The count of angles of a sweep, and a refusal of a zero step over a span.
double angles_of(double from, double to, double step, const Entry* step_entry, const Entry& at) {
    if (to > from && !(step > 0))
        fail(step_entry ? *step_entry : at,
             "must be above 0 when the angle's maximum is above its minimum");
    return double(constraint_angles(from, to, step).size());
}

// The Lagrange-multiplier program: LLG at 0 K (VAMPIRE's), on the CPU (its field is set before
// every step from the magnetisation).
void check_lagrange(const Config& c, const Seen& seen) {
    if (c.sim.integrator != IntegratorKind::llg_heun)
        fail(seen.at("sim:integrator"),
             "lagrange-multiplier steers the LLG motion by a field: use llg-heun (as in VAMPIRE)");
    if (const Entry* e = given(seen, "sim:temperature"); e && c.sim.temperature != 0)
        fail(*e,
             "has no effect with sim:program = lagrange-multiplier, which runs at 0 K (as "
             "VAMPIRE's)");
    if (const Entry* e = given(seen, "sim:equilibration-time-steps");
        e && c.sim.equilibration_steps)
        fail(*e,
             "has no effect with sim:program = lagrange-multiplier: each direction runs "
             "sim:loop-time-steps");
}

// The hybrid form's material keywords: only with it, and on constrained materials; the
// exchange-stiffness program holds one material's planes at its own angles.
void check_materials(const Config& c, const Seen& seen, bool hybrid) {
    const bool stiffness = c.sim.program == ProgramKind::exchange_stiffness;
    int constrained = 0;
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const std::string p = "material[" + std::to_string(m + 1) + "]:";
        constrained += c.materials[m].constrained ? 1 : 0;
        for (const auto& [key, entry] : seen) {
            if (key.rfind(p, 0) != 0) continue;
            const std::string name = key.substr(p.size());
            const bool angle = name.rfind("constraint-angle-", 0) == 0;
            if (name != "constrained" && !angle) continue;
            if (!hybrid)
                fail(entry,
                     "has no effect without sim:integrator = hybrid-constrained-monte-carlo");
            if (angle && stiffness)
                fail(entry,
                     "has no effect with sim:program = exchange-stiffness, which holds the "
                     "material's first plane along z and its middle plane at the program's "
                     "angles (sim:exchange-stiffness-maximum-angle, -angle-increment)");
            if (angle && !c.materials[m].constrained)
                fail(entry, "has no effect on a material that is not constrained: give " + p +
                                "constrained = true");
        }
    }
    if (hybrid && constrained == 0)
        fail(seen.at("sim:integrator"),
             stiffness ? "exchange-stiffness needs one constrained material, whose planes it "
                         "holds: give material[i]:constrained = true (as in VAMPIRE)"
                       : "no material is constrained: give material[i]:constrained = true to "
                         "the materials whose magnetisation it holds");
    if (stiffness && constrained > 1)
        fail(seen.at("sim:program"),
             "exchange-stiffness holds the planes of one constrained material; " +
                 std::to_string(constrained) +
                 " are constrained (VAMPIRE allows only one): keep material[i]:constrained = "
                 "true on one");
}

void check_constraint(Config& c, const Seen& seen, std::vector<std::string>&) {
    const bool plain = c.sim.integrator == IntegratorKind::constrained_monte_carlo;
    const bool hybrid = c.sim.integrator == IntegratorKind::hybrid_constrained_monte_carlo;
    const bool plain_program = c.sim.program == ProgramKind::cmc_anisotropy;
    const bool stiffness = c.sim.program == ProgramKind::exchange_stiffness;
    const bool hybrid_program = c.sim.program == ProgramKind::hybrid_cmc ||
                                c.sim.program == ProgramKind::reverse_hybrid_cmc || stiffness;
    if (plain_program && !plain)
        fail(seen.at("sim:program"),
             "cmc-anisotropy needs sim:integrator = constrained-monte-carlo (as in VAMPIRE)");
    if (hybrid_program && !hybrid)
        fail(seen.at("sim:program"),
             std::string(word_of(c.sim.program)) +
                 " needs sim:integrator = hybrid-constrained-monte-carlo (as in VAMPIRE)");
    if (plain && !plain_program)
        fail(seen.at("sim:integrator"),
             "constrained-monte-carlo runs in sim:program = cmc-anisotropy, which sets its "
             "constraint directions (a single one: sim:constraint-angle-phi and -theta)");
    if (hybrid && !hybrid_program)
        fail(seen.at("sim:integrator"),
             "hybrid-constrained-monte-carlo runs in sim:program = hybrid-cmc, "
             "reverse-hybrid-cmc or exchange-stiffness, which set its constraint directions");
    for (const char* key :
         {"sim:exchange-stiffness-maximum-angle", "sim:exchange-stiffness-angle-increment"})
        if (const Entry* e = given(seen, key); e && !stiffness)
            fail(*e, "has no effect without sim:program = exchange-stiffness");
    check_materials(c, seen, hybrid);
    const bool lagrange = c.sim.program == ProgramKind::lagrange_multiplier;
    if (lagrange) check_lagrange(c, seen);
    for (const auto& [key, entry] : seen)
        if (key.rfind("sim:constraint-", 0) == 0) {
            if (lagrange && key == "sim:constraint-rotation-update")
                fail(entry,
                     "has no effect with sim:program = lagrange-multiplier, whose field "
                     "turns the magnetisation to each new direction");
            if (!plain && !hybrid && !lagrange)
                fail(entry,
                     "has no effect without sim:integrator = constrained-monte-carlo or "
                     "sim:program = lagrange-multiplier");
            if (hybrid && key != "sim:constraint-rotation-update")
                fail(entry,
                     "has no effect with hybrid-constrained-monte-carlo, whose programs "
                     "sweep each material's own material[i]:constraint-angle-*");
        }
    if (!plain && !hybrid && !lagrange) return;
    if (const Entry* e = given(seen, "sim:device"); e && c.sim.device == Device::gpu)
        fail(*e, std::string(word_of(c.sim.program)) + " runs on the CPU only");
    if (const Entry* e = given(seen, "sim:relax-first"); e && !lagrange)
        fail(*e, std::string(word_of(c.sim.program)) +
                     " starts every constraint direction from spins along it");
    // The sweep's size: directions x temperatures points of equilibration + loop steps each.
    const Entry& at = seen.at("sim:program");
    double directions = 0;
    if (plain || lagrange) {
        const ConstraintSection& k = c.constraint;
        directions = angles_of(k.theta_minimum, k.theta_maximum, k.theta_increment,
                               given(seen, "sim:constraint-angle-theta-increment"), at) *
                     angles_of(k.phi_minimum, k.phi_maximum, k.phi_increment,
                               given(seen, "sim:constraint-angle-phi-increment"), at);
    }
    if (stiffness)
        directions = double(stiffness_angles(c.constraint.stiffness_maximum_angle,
                                             c.constraint.stiffness_angle_increment)
                                .size());
    if (stiffness && directions < 2) {
        const Entry* e = given(seen, "sim:exchange-stiffness-maximum-angle");
        fail(e ? *e : at,
             "gives the middle plane " + whole_text(directions) +
                 " angle(s) below the maximum; the torque's slope needs at least two: raise "
                 "sim:exchange-stiffness-maximum-angle above the increment");
    }
    for (std::size_t m = 0; hybrid && !stiffness && m < c.materials.size(); ++m) {
        const MaterialConfig& k = c.materials[m];
        const std::string p = "material[" + std::to_string(m + 1) + "]:constraint-angle-";
        directions +=
            angles_of(k.constraint_theta_minimum, k.constraint_theta_maximum,
                      k.constraint_theta_increment, given(seen, p + "theta-increment"), at) *
            angles_of(k.constraint_phi_minimum, k.constraint_phi_maximum,
                      k.constraint_phi_increment, given(seen, p + "phi-increment"), at);
    }
    const double temperatures =
        std::floor(std::abs(c.sweep.maximum_temperature - c.sweep.minimum_temperature) /
                       c.sweep.temperature_increment +
                   1e-9) +
        2;
    const double points = directions * (lagrange ? 1.0 : temperatures);
    const double steps = points * double(c.sim.equilibration_steps + c.sweep.loop_steps) +
                         (stiffness ? directions * 500 : 0.0);
    if (!(points <= 1e6) || !(steps <= 1e15))
        fail(at, std::string(word_of(c.sim.program)) + "'s " + whole_text(directions) +
                     " directions x up to " + whole_text(temperatures) +
                     " temperatures are more points (at most 1e6) or steps (at most 1e15) than "
                     "a run can hold: raise the increments");
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

std::vector<double> stiffness_angles(double below, double step) {
    std::vector<double> out;
    if (!(step > 0)) return out;
    for (double a = 0; a < below && out.size() < 1000000; a += step)
        out.push_back(a);
    return out;
}

SectionOf<Config> constraint_section() {
    return {"constraint", add_rows, check_constraint};
}

}  // namespace miniasd
