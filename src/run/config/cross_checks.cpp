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
    const bool chain = c.sim.program == ProgramKind::gneb;  // relaxes its end points
    if (!program && !c.relax.first && !chain)
        for (const char* key : {"sim:relax-method", "sim:relax-torque-tolerance"})
            if (const Entry* e = given(seen, key))
                fail(*e,
                     "has no effect without a relaxation: set sim:program = relax or "
                     "sim:relax-first");
    if (const Entry* e = given(seen, "sim:relax-torque-tolerance"); e && chain)
        fail(*e,
             "has no effect with sim:program = gneb: its end points relax to "
             "gneb:torque-tolerance, the chain's own");
    if (const Entry* e = given(seen, "sim:relax-maximum-steps"); e && !c.relax.first && !chain)
        fail(*e, program ? "is sim:relax-first's limit: the relax program stops after "
                           "sim:total-time-steps"
                         : "has no effect without sim:relax-first");
    if (!program && !chain) return;
    const std::string name = chain ? "gneb" : "relax";
    if (const Entry* e = given(seen, "sim:relax-first"))
        fail(*e, chain ? "has no effect with sim:program = gneb, which relaxes its end points "
                         "(gneb:relax-end-points)"
                       : "has no effect with sim:program = relax, which relaxes already");
    if (!given(seen, "sim:total-time-steps"))
        fail(seen.at("sim:program"),
             chain ? "gneb needs sim:total-time-steps, the most iterations the chain may take (it "
                     "stops sooner when every force is below gneb:torque-tolerance)"
                   : "relax needs sim:total-time-steps, the most steps the minimiser may take (it "
                     "stops sooner when every torque is below sim:relax-torque-tolerance)");
    if (const Entry* e = given(seen, "sim:temperature"); e && c.sim.temperature != 0)
        fail(*e, chain ? "must be 0 K with sim:program = gneb: the chain follows the energy's "
                         "minimum-energy path, which no temperature enters"
                       : "must be 0 K with sim:program = relax: a relaxation minimises the "
                         "energy; for thermal equilibrium run a time series");
    const std::string why = "has no effect with sim:program = " + name +
                            ", whose steps are the minimiser's (" +
                            (chain ? "velocity projection of the chain" : "sim:relax-method") + ")";
    if (const Entry* e = given(seen, "sim:equilibration-time-steps");
        e && c.sim.equilibration_steps != 0)
        fail(*e, why);
    if (const Entry* e = given(seen, "sim:equilibration-temperature")) fail(*e, why);
    if (const Entry* e = given(seen, "sim:integrator");
        e && c.sim.integrator != IntegratorKind::llg_heun)
        fail(*e, why);
    const Entry* device =
        given(seen, "sim:device") ? given(seen, "sim:device") : given(seen, "gpu:acceleration");
    if (device && c.sim.device == Device::gpu && chain)
        fail(*device, "the chain of sim:program = gneb runs on the CPU only");
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
    if (c.sim.program == ProgramKind::gneb)
        fail(seen.at("sim:program"),
             "gneb finds the minimum-energy path of the energy, which spin torques are not part "
             "of: run the chain without them");
    if (c.sim.program == ProgramKind::relax)
        fail(seen.at("sim:program"),
             "relax minimises the energy, which spin torques are not part of: run a time series "
             "with the torques, or relax without them");
    if (c.relax.first)
        fail(seen.at("sim:relax-first"),
             "the relaxation minimises the energy, which spin torques are not part of: relax in "
             "a run of its own, and start this one from its spins (sim:initial-spin-file)");
}

void gneb(Config& c, const Seen& seen) {
    static const char* const keys[] = {
        "gneb:images",           "gneb:final-spin-direction", "gneb:final-spin-file",
        "gneb:relax-end-points", "gneb:spring-constant",      "gneb:climbing-image",
        "gneb:falling-images",   "gneb:torque-tolerance",     "gneb:energy-interpolations"};
    if (c.sim.program != ProgramKind::gneb) {
        for (const char* key : keys)
            if (const Entry* e = given(seen, key))
                fail(*e, "has an effect only with sim:program = gneb");
        return;
    }
    const Entry* direction = given(seen, "gneb:final-spin-direction");
    const Entry* file = given(seen, "gneb:final-spin-file");
    if (direction && file)
        fail(*file,
             "gives the final state a second time: give gneb:final-spin-direction or "
             "gneb:final-spin-file, not both");
    if (!direction && !file)
        fail(seen.at("sim:program"),
             "gneb needs the chain's final state: gneb:final-spin-direction (x, y, z, every spin "
             "alike) or gneb:final-spin-file (as sim:initial-spin-file reads)");
    // A chain's state is every image: checkpoints of the run's spins alone cannot continue it.
    for (const char* key :
         {"sim:save-checkpoint", "sim:load-checkpoint", "sim:load-checkpoint-if-exists"})
        if (const Entry* e = given(seen, key))
            fail(*e,
                 "is not available with sim:program = gneb yet: a checkpoint holds one spin "
                 "configuration, the chain is gneb:images of them");
}

}  // namespace miniasd::cross_checks
