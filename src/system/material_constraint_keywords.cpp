// A material's rows of VAMPIRE's hybrid constrained Monte Carlo (material[i]:constrained and its
// constraint-angle-*; sim:integrator = hybrid-constrained-monte-carlo, sim:program = hybrid-cmc,
// reverse-hybrid-cmc). Part of the materials' section (material_keywords.cpp); their checks
// against the integrator and program are the run's (run/config/cross_checks.cpp).
#include "input/keyword_rows.hpp"
#include "system/material_section.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

using namespace keyword_rows;

namespace {

// The rows of one angle: the held direction's, and the sweep's first, last and step.
template <class Field>
void add_angle(std::vector<Keyword<SystemSettings>>& t, const std::string& angle,
               const std::string& what, double max, Field field) {
    const std::string key = "constraint-angle-" + angle;
    const char* parts[] = {"", "-minimum", "-maximum", "-increment"};
    const std::string docs[] = {
        "hybrid constrained Monte Carlo: the " + what +
            " (degrees) this constrained material's magnetisation is held at while the "
            "hybrid-cmc programs sweep another material's (VAMPIRE's)",
        "hybrid-cmc programs: the first " + what + " of this material's sweep (degrees)",
        "hybrid-cmc programs: the last " + what + " of this material's sweep (degrees)",
        "hybrid-cmc programs: the step of the " + what + " of this material's sweep (degrees)"};
    for (int k = 0; k < 4; ++k)
        t.push_back(mat(
            key + parts[k], K::real, D::none, 0, k == 3 ? 360 : max, k == 3 ? "5" : "0", docs[k],
            [field, k](MaterialConfig& m, const Value& v, const Entry&) { field(m, k) = v.real; },
            [field, k](const MaterialConfig& m) {
                const double x = field(const_cast<MaterialConfig&>(m), k);
                return x != (k == 3 ? 5.0 : 0.0) ? number(x) : none;
            }));
}

}  // namespace

void add_constraint_rows(std::vector<Keyword<SystemSettings>>& t) {
    auto c = mat(
        "constrained", K::choice, D::none, 0, 0, "false",
        "true: hybrid constrained Monte Carlo (sim:integrator = "
        "hybrid-constrained-monte-carlo) holds this material's magnetisation along its "
        "constraint angles by pair moves within the material; false: its atoms make ordinary "
        "Metropolis moves (VAMPIRE's)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.constrained = v.text == "true"; },
        [](const MaterialConfig& m) { return m.constrained ? word("true") : none; });
    c.row.choices = "true|false";
    t.push_back(std::move(c));
    add_angle(t, "phi", "polar angle from z", 180, [](MaterialConfig& m, int k) -> double& {
        return k == 0   ? m.constraint_phi
               : k == 1 ? m.constraint_phi_minimum
               : k == 2 ? m.constraint_phi_maximum
                        : m.constraint_phi_increment;
    });
    add_angle(t, "theta", "azimuth from x", 360, [](MaterialConfig& m, int k) -> double& {
        return k == 0   ? m.constraint_theta
               : k == 1 ? m.constraint_theta_minimum
               : k == 2 ? m.constraint_theta_maximum
                        : m.constraint_theta_increment;
    });
}

}  // namespace miniasd
