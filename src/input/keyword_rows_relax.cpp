// Rows of the relaxation: sim:program = relax's settings and sim:relax-first (miniASD's own
// keywords; VAMPIRE has no minimiser). integrate/minimiser.hpp is the method.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

namespace {
bool relaxes(const Config& c) {
    return c.program == ProgramKind::relax || c.relax_first;
}
}  // namespace

void add_relax_keywords(std::vector<KeywordSpec>& t) {
    using M = Config::RelaxMethod;
    t.push_back(choice(
        "sim", "relax-method", "velocity-projection|damped-llg", "velocity-projection",
        "how sim:program = relax and sim:relax-first minimise the energy: velocity-projection "
        "(a damped molecular dynamics on the spheres that keeps only the velocity along the "
        "force, Spirit's VP) or damped-llg (steepest descent, the LLG equation's damping term "
        "alone); docs/physics.md, \"Relaxation\"",
        [](Config& c, const Value& v, const Entry&) {
            c.relax_method = v.text == "damped-llg" ? M::damped_llg : M::velocity_projection;
        },
        [](const Config& c) {
            if (!relaxes(c) && c.relax_method == M::velocity_projection) return none;
            return word(c.relax_method == M::damped_llg ? "damped-llg" : "velocity-projection");
        }));
    t.push_back(row(
        "sim", "relax-torque-tolerance", K::real, D::field, 1e-14, 1e3, "1e-6 T",
        "a relaxation has converged when the largest torque field |S_i x H_i| of any atom is "
        "below this",
        [](Config& c, const Value& v, const Entry&) { c.relax_tolerance = v.real; },
        [](const Config& c) {
            return relaxes(c) || c.relax_tolerance != 1e-6 ? number(c.relax_tolerance) : none;
        }));
    t.push_back(row(
        "sim", "relax-first", K::flag, D::none, 0, 0, "off",
        "relax the initial spins (as sim:program = relax does) before the program's first step; "
        "the run stops with an error when they do not converge within sim:relax-maximum-steps. "
        "A continued run does not relax again",
        [](Config& c, const Value&, const Entry&) { c.relax_first = true; },
        [](const Config& c) { return flag_if(c.relax_first); }));
    t.push_back(row(
        "sim", "relax-maximum-steps", K::integer, D::none, 0, big, "100000",
        "sim:relax-first's limit on the minimiser's steps (sim:program = relax stops after "
        "sim:total-time-steps)",
        [](Config& c, const Value& v, const Entry&) { c.relax_max_steps = v.integer; },
        [](const Config& c) {
            return c.relax_first || c.relax_max_steps != 100000 ? whole(c.relax_max_steps) : none;
        }));
}

}  // namespace miniasd::keyword_rows
