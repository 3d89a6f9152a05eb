// The relaxation's section (relax_section.hpp): its keyword rows, sim:program = relax's settings
// and sim:relax-first (miniASD's own keywords; VAMPIRE has no minimiser). Whether a relaxation
// runs is the program's choice, so the checks of these keywords against it, and describe()'s
// lines of them while relaxing, are the run's (run/config/cross_checks.cpp).
// integrate/minimiser.hpp is the method.
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "integrate/relax_section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<RelaxSettings>;

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "relax-method", relax_method_words, RelaxMethod::velocity_projection,
        "how sim:program = relax and static-hysteresis-loop, sim:relax-first and gneb's end "
        "points (gneb:relax-end-points) minimise the energy: velocity-projection "
        "(a damped molecular dynamics on the spheres that keeps only the velocity along the "
        "force, Spirit's VP), damped-llg (steepest descent, the LLG equation's damping term "
        "alone) or lbfgs (limited-memory BFGS on the spheres, Spirit's LBFGS-OSO: several times "
        "fewer steps); docs/physics.md, \"Relaxation\"",
        [](auto& c) -> auto& { return c.relax.method; }));
    t.push_back(row(
        "sim", "relax-torque-tolerance", K::real, D::field, 1e-14, 1e3, "1e-6 T",
        "a relaxation has converged when the largest torque field |S_i x H_i| of any atom is "
        "below this",
        [](RelaxSettings& c, const Value& v, const Entry&) { c.relax.tolerance = v.real; },
        [](const RelaxSettings& c) {
            return c.relax.tolerance != 1e-6 ? number(c.relax.tolerance) : none;
        }));
    t.push_back(row(
        "sim", "relax-first", K::flag, D::none, 0, 0, "off",
        "relax the initial spins (as sim:program = relax does) before the program's first step; "
        "the run stops with an error when they do not converge within sim:relax-maximum-steps. "
        "A signal or the wall-time limit stops it with a checkpoint (exit status 75), from "
        "which the continued run finishes the relaxation; a run continued from the program "
        "does not relax again",
        [](RelaxSettings& c, const Value&, const Entry&) { c.relax.first = true; },
        [](const RelaxSettings& c) { return flag_if(c.relax.first); }));
    t.push_back(row(
        "sim", "relax-maximum-steps", K::integer, D::none, 0, big, "100000",
        "sim:relax-first's limit on the minimiser's steps, and gneb's on each end point's "
        "(sim:program = relax stops after sim:total-time-steps)",
        [](RelaxSettings& c, const Value& v, const Entry&) { c.relax.max_steps = v.integer; },
        [](const RelaxSettings& c) {
            return c.relax.first || c.relax.max_steps != 100000 ? whole(c.relax.max_steps) : none;
        }));
}

}  // namespace

SectionOf<RelaxSettings> relax_section() {
    return {"relaxation", add_rows};
}

}  // namespace miniasd
