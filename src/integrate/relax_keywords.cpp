// The relaxation's section (relax_section.hpp): its keyword rows, sim:program = relax's settings
// and sim:relax-first (miniASD's own keywords; VAMPIRE has no minimiser), and the checks across
// them. integrate/minimiser.hpp is the method.
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;

bool relaxes(const Config& c) {
    return c.sim.program == ProgramKind::relax || c.relax.first;
}

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "relax-method", relax_method_words, RelaxMethod::velocity_projection,
        "how sim:program = relax and sim:relax-first minimise the energy: velocity-projection "
        "(a damped molecular dynamics on the spheres that keeps only the velocity along the "
        "force, Spirit's VP) or damped-llg (steepest descent, the LLG equation's damping term "
        "alone); docs/physics.md, \"Relaxation\"",
        [](auto& c) -> auto& { return c.relax.method; }, relaxes));
    t.push_back(row(
        "sim", "relax-torque-tolerance", K::real, D::field, 1e-14, 1e3, "1e-6 T",
        "a relaxation has converged when the largest torque field |S_i x H_i| of any atom is "
        "below this",
        [](Config& c, const Value& v, const Entry&) { c.relax.tolerance = v.real; },
        [](const Config& c) {
            return relaxes(c) || c.relax.tolerance != 1e-6 ? number(c.relax.tolerance) : none;
        }));
    t.push_back(row(
        "sim", "relax-first", K::flag, D::none, 0, 0, "off",
        "relax the initial spins (as sim:program = relax does) before the program's first step; "
        "the run stops with an error when they do not converge within sim:relax-maximum-steps. "
        "A signal or the wall-time limit stops it with a checkpoint (exit status 75), from "
        "which the continued run finishes the relaxation; a run continued from the program "
        "does not relax again",
        [](Config& c, const Value&, const Entry&) { c.relax.first = true; },
        [](const Config& c) { return flag_if(c.relax.first); }));
    t.push_back(row(
        "sim", "relax-maximum-steps", K::integer, D::none, 0, big, "100000",
        "sim:relax-first's limit on the minimiser's steps (sim:program = relax stops after "
        "sim:total-time-steps)",
        [](Config& c, const Value& v, const Entry&) { c.relax.max_steps = v.integer; },
        [](const Config& c) {
            return c.relax.first || c.relax.max_steps != 100000 ? whole(c.relax.max_steps) : none;
        }));
}

// The relaxation's keywords: each with a relaxation, and none of a time loop's that a minimiser
// has no use for.
void check(Config& c, const Seen& seen) {
    const bool program = c.sim.program == ProgramKind::relax;
    if (!program && !c.relax.first)
        for (const char* key : {"sim:relax-method", "sim:relax-torque-tolerance"})
            if (const Entry* e = given(seen, key))
                fail(*e,
                     "has no effect without a relaxation: set sim:program = relax or "
                     "sim:relax-first");
    if (const Entry* e = given(seen, "sim:relax-maximum-steps"); e && !c.relax.first)
        fail(*e, program ? "is sim:relax-first's limit: the relax program stops after "
                           "sim:total-time-steps"
                         : "has no effect without sim:relax-first");
    if (!program) return;
    if (const Entry* e = given(seen, "sim:relax-first"))
        fail(*e, "has no effect with sim:program = relax, which relaxes already");
    if (!given(seen, "sim:total-time-steps"))
        fail(seen.at("sim:program"),
             "relax needs sim:total-time-steps, the most steps the minimiser may take (it stops "
             "sooner when every torque is below sim:relax-torque-tolerance)");
    if (const Entry* e = given(seen, "sim:temperature"); e && c.sim.temperature != 0)
        fail(*e,
             "must be 0 K with sim:program = relax: a relaxation minimises the energy; for "
             "thermal equilibrium run a time series");
    const char* why =
        "has no effect with sim:program = relax, whose steps are the minimiser's "
        "(sim:relax-method)";
    if (const Entry* e = given(seen, "sim:equilibration-time-steps");
        e && c.sim.equilibration_steps != 0)
        fail(*e, why);
    if (const Entry* e = given(seen, "sim:equilibration-temperature")) fail(*e, why);
    if (const Entry* e = given(seen, "sim:integrator");
        e && c.sim.integrator != IntegratorKind::llg_heun)
        fail(*e, why);
    const Entry* device =
        given(seen, "sim:device") ? given(seen, "sim:device") : given(seen, "gpu:acceleration");
    if (device && c.sim.device == Device::gpu)
        fail(*device,
             "the minimiser of sim:program = relax runs on the CPU only (sim:relax-first "
             "before a GPU program relaxes on the CPU, then hands the spins over)");
}

}  // namespace

Section relax_section() {
    return {"relaxation", add_rows, check};
}

}  // namespace miniasd
