// The checks that span sections (cross_checks.hpp).
#include "run/config/cross_checks.hpp"

#include <string>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"

namespace miniasd::cross_checks {

namespace {

using input_checks::fail;
using keyword_rows::number;
using keyword_rows::word;
using S = InitialState;

bool relaxes(const Config& c) {
    return c.sim.program == ProgramKind::relax || c.relax.first;
}

}  // namespace

void relax(Config& c, const Seen& seen) {
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

void relax_lines(KeywordSpec& row) {
    const std::string key = row.lookup_name();
    if (key == "sim:relax-method")
        row.read = [](const Config& c, int, int) -> std::optional<Value> {
            if (c.relax.method == RelaxMethod::velocity_projection && !relaxes(c))
                return std::nullopt;
            return word(word_of(relax_method_words, c.relax.method));
        };
    if (key == "sim:relax-torque-tolerance")
        row.read = [](const Config& c, int, int) -> std::optional<Value> {
            if (c.relax.tolerance == RelaxSection{}.tolerance && !relaxes(c)) return std::nullopt;
            return number(c.relax.tolerance);
        };
}

void initial_state(Config& c, const Seen& seen) {
    // VAMPIRE's wall keywords belong to its domain-wall program, which miniASD does not have:
    // here they place the initial wall only.
    // The axis also says where the domain-wall columns look.
    const bool wall_columns = c.columns.shows("domain-wall-");
    for (const char* key :
         {"sim:domain-wall-axis", "sim:domain-wall-position", "sim:domain-wall-width"}) {
        const auto it = seen.find(key);
        if (wall_columns && std::string(key) == "sim:domain-wall-axis") continue;
        if (it != seen.end() && c.initial.state != S::domain_wall)
            fail(it->second,
                 std::string(key) == "sim:domain-wall-axis"
                     ? "has an effect only with sim:initial-spin-configuration = domain-wall (it "
                       "places the wall) or with the output:domain-wall-centre or "
                       "domain-wall-width columns (it sets their axis)"
                     : "places a wall only with sim:initial-spin-configuration = domain-wall "
                       "(VAMPIRE's domain-wall program, which reads it too, is not implemented)");
    }
}

void spin_torques(Config& c, const Seen& seen) {
    if (!has_any_torque(c)) return;
    if (c.sim.integrator == IntegratorKind::monte_carlo)
        fail(seen.at("sim:integrator"),
             "monte-carlo has no spin torques (they are not the gradient of an energy, so no "
             "Metropolis move can include them): use llg-heun");
    if (c.sim.program == ProgramKind::relax)
        fail(seen.at("sim:program"),
             "relax minimises the energy, which spin torques are not part of: run a time series "
             "with the torques, or relax without them");
    if (c.relax.first)
        fail(seen.at("sim:relax-first"),
             "the relaxation minimises the energy, which spin torques are not part of: relax in "
             "a run of its own, and start this one from its spins (sim:initial-spin-file)");
}

}  // namespace miniasd::cross_checks
