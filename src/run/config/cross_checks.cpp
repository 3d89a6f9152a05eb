// The checks that span sections (cross_checks.hpp).
#include "run/config/cross_checks.hpp"

#include <algorithm>
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
    return c.sim.program == ProgramKind::relax ||
           c.sim.program == ProgramKind::static_hysteresis_loop || c.relax.first;
}

}  // namespace

void relax(Config& c, const Seen& seen) {
    const bool program = c.sim.program == ProgramKind::relax;
    const bool chain = c.sim.program == ProgramKind::gneb;  // relaxes its end points
    if (!chain && !relaxes(c))
        for (const char* key : {"sim:relax-method", "sim:relax-torque-tolerance"})
            if (const Entry* e = given(seen, key))
                fail(*e,
                     "has no effect without a relaxation: set sim:program = relax or "
                     "static-hysteresis-loop, or sim:relax-first");
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
    // VAMPIRE's wall keywords place the wall of sim:initial-spin-configuration = domain-wall or
    // of the domain-wall program; the axis also says where the domain-wall columns look.
    const bool program = c.sim.program == ProgramKind::domain_wall;
    const bool wall = program || c.initial.state == S::domain_wall;
    const bool wall_columns = c.columns.shows("domain-wall-");
    std::vector<std::string> keys = {"sim:domain-wall-axis", "sim:domain-wall-position",
                                     "sim:domain-wall-width"};
    for (std::size_t i = 0; i < c.materials.size(); ++i)
        keys.push_back("material[" + std::to_string(i + 1) +
                       "]:domain-wall-second-magnetisation-vector");
    for (const std::string& key : keys) {
        const auto it = seen.find(key);
        if (it == seen.end() || wall || (wall_columns && key == "sim:domain-wall-axis")) continue;
        fail(it->second, key == "sim:domain-wall-axis"
                             ? "has an effect only with a wall (sim:initial-spin-configuration = "
                               "domain-wall or sim:program = domain-wall, which place it) or with "
                               "the output:domain-wall-centre or domain-wall-width columns (it "
                               "sets their axis)"
                             : "has an effect only with sim:initial-spin-configuration = "
                               "domain-wall or sim:program = domain-wall (each places a wall)");
    }
    if (const Entry* e = given(seen, "sim:domain-wall-discretisation"); e && !program)
        fail(*e,
             "has an effect only with sim:program = domain-wall (the slices of its profile "
             "files)");
    if (!wall) return;
    bool turns = false;
    for (const MaterialConfig& m : c.materials)
        turns = turns || m.random_initial_spin || m.initial_spin != m.domain_wall_second_direction;
    if (!turns && (program || c.initial.state != S::file))
        fail(program ? seen.at("sim:program") : seen.at("sim:initial-spin-configuration"),
             "every material's domain-wall-second-magnetisation-vector equals its "
             "initial-spin-direction, so there is no wall: give "
             "material[i]:domain-wall-second-magnetisation-vector (VAMPIRE's default is 0,0,1)");
    if (program && c.initial.state != S::uniform && c.initial.state != S::random)
        fail(seen.at("sim:initial-spin-configuration"),
             "sim:program = domain-wall places its wall on the materials' initial-spin-direction "
             "(VAMPIRE's program): leave sim:initial-spin-configuration out");
}

void spin_torques(Config& c, const Seen& seen) {
    if (!has_any_torque(c)) return;
    if (c.sim.integrator == IntegratorKind::monte_carlo || constrains(c.sim.integrator))
        fail(seen.at("sim:integrator"),
             std::string(word_of(c.sim.integrator)) +
                 " has no spin torques (they are not the gradient of an energy, so no "
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

// VAMPIRE's local temperatures: the LLG thermal field only, in programs that hold the run's
// temperature (the others would change a temperature no atom feels); materials without one run at
// 0 K, as in VAMPIRE, which deserves a warning.
void local_temperatures(Config& c, const Seen& seen) {
    const Entry* first = nullptr;
    const Entry* range = nullptr;  // a minimum- or maximum-temperature
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const std::string p = "material[" + std::to_string(m + 1) + "]:";
        if (!first) first = given(seen, p + "temperature");
        for (const char* k : {"minimum-temperature", "maximum-temperature"})
            if (!range) range = given(seen, p + k);
    }
    const ProgramKind p = c.sim.program;
    const bool cools = p == ProgramKind::localised_field_cool;
    if (cools && !range)
        fail(seen.at("sim:program"),
             "localised-field-cool cools each material from its material[i]:maximum-temperature "
             "to its -minimum-temperature: give them (without them every material stays at 0 K)");
    if (range && !cools) fail(*range, "has no effect without sim:program = localised-field-cool");
    if (!first) first = range;
    if (!first) return;
    if (c.sim.integrator != IntegratorKind::llg_heun)
        fail(*first,
             "material temperatures act on the LLG thermal field only (as in VAMPIRE, "
             "whose Monte Carlo ignores them): use llg-heun, or sim:temperature");
    if (cools && c.sim.device == Device::gpu)
        fail(seen.count("sim:device") ? seen.at("sim:device") : seen.at("sim:program"),
             "localised-field-cool runs on the CPU only");
    if (p == ProgramKind::static_hysteresis_loop)
        fail(*first,
             "has no effect with sim:program = static-hysteresis-loop, which relaxes the spins "
             "at 0 K");
    if (p != ProgramKind::time_series && p != ProgramKind::benchmark &&
        p != ProgramKind::hysteresis_loop && p != ProgramKind::partial_hysteresis_loop &&
        p != ProgramKind::fmr && p != ProgramKind::effective_damping &&
        p != ProgramKind::diagnostic_boltzmann && p != ProgramKind::field_pulse &&
        p != ProgramKind::electrical_pulse && !cools)
        fail(*first, std::string("sim:program = ") + word_of(p) +
                         " sets the temperature, which the materials' own temperatures would "
                         "override: give sim:temperature instead");
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& mc = c.materials[m];
        if (cools ? !mc.temperature_range_set : !mc.temperature_set)
            c.warnings.push_back("material[" + std::to_string(m + 1) + "] has no " +
                                 (cools ? "minimum- or maximum-temperature" : "temperature") +
                                 " while others do: as in VAMPIRE, its thermal field is at 0 K" +
                                 (cools ? " while the others cool" : ", whatever sim:temperature"));
    }
}

// VAMPIRE's use-phonon-temperature: only its two-temperature pulses set each material's
// temperature from it; elsewhere its flag would leave every material at its own (0 K) temperature.
void phonon_coupling(const Config& c, const Seen& seen) {
    const Entry* first = nullptr;
    for (std::size_t m = 0; m < c.materials.size() && !first; ++m)
        first = given(seen, "material[" + std::to_string(m + 1) + "]:use-phonon-temperature");
    if (!first || !std::any_of(c.materials.begin(), c.materials.end(),
                               [](const MaterialConfig& m) { return m.phonon_coupled; }))
        return;
    const LaserProfile l = c.pulse.laser_profile;
    if (c.sim.program != ProgramKind::laser_pulse ||
        (l != LaserProfile::two_temperature && l != LaserProfile::double_two_temperature))
        fail(*first,
             "has an effect only under sim:program = laser-pulse with "
             "sim:laser-pulse-temporal-profile = two-temperature or double-pulse-two-temperature "
             "(the only pulses with a phonon temperature)");
    if (c.sim.integrator != IntegratorKind::llg_heun || c.sim.device == Device::gpu)
        fail(*first, "acts on the LLG thermal field on the CPU only: use llg-heun on the CPU");
}

void materials(Config& c, const Seen& seen) {
    local_temperatures(c, seen);
    phonon_coupling(c, seen);
    if (c.sim.program == ProgramKind::setting && c.materials.size() < 4)
        fail(seen.at("sim:program"),
             "setting places VAMPIRE's IrMn3 order on materials 1 to 4 (the antiferromagnet's "
             "four sublattices) and the field's direction on the materials above them (the "
             "ferromagnet): give at least 4 materials");
    if (c.sim.integrator == IntegratorKind::llg_heun) return;
    const MaterialConfig& first = c.materials.front();
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& mc = c.materials[m];
        const std::string p = "material[" + std::to_string(m + 1) + "]:";
        if (mc.rescaling_curie != first.rescaling_curie ||
            (mc.rescaling_curie > 0 && mc.rescaling_exponent != first.rescaling_exponent)) {
            const Entry* e = given(seen, p + "temperature-rescaling-curie-temperature");
            if (!e) e = given(seen, p + "temperature-rescaling-exponent");
            if (!e) e = given(seen, "material[1]:temperature-rescaling-curie-temperature");
            fail(*e, std::string(word_of(c.sim.integrator)) +
                         " weighs every atom at one temperature: give every material the same "
                         "temperature rescaling (the LLG integrator takes one per material)");
        }
        if (mc.relative_gamma != 1.0 && given(seen, p + "relative-gamma"))
            c.warnings.push_back(p +
                                 "relative-gamma has no effect on monte-carlo (it scales the LLG "
                                 "dynamics only, as in VAMPIRE)");
    }
}

void snapshots(Config& c, const Seen& seen) {
    const ProgramKind p = c.sim.program;
    const bool loop = p == ProgramKind::hysteresis_loop ||
                      p == ProgramKind::static_hysteresis_loop ||
                      p == ProgramKind::partial_hysteresis_loop;
    for (const char* key :
         {"config:field-range-descending-minimum", "config:field-range-descending-maximum",
          "config:field-range-ascending-minimum", "config:field-range-ascending-maximum"}) {
        const Entry* e = given(seen, key);
        if (!e) continue;
        if (!loop)
            fail(*e,
                 "selects snapshots by the field of a hysteresis branch: it has an effect only "
                 "with sim:program = hysteresis-loop, static-hysteresis-loop or "
                 "partial-hysteresis-loop (as in VAMPIRE)");
        if (!c.output.atoms) fail(*e, "has no effect without config:atoms (no snapshots)");
    }
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

void structure_factor(Config& c, const Seen& seen) {
    static const char* const selections[] = {
        "structure-factor:q-path", "structure-factor:q-points-file", "structure-factor:q-grid"};
    static const char* const settings[] = {
        "structure-factor:sample-interval", "structure-factor:samples", "structure-factor:averages",
        "structure-factor:window", "structure-factor:quantum-correction"};
    const Entry* chosen = nullptr;
    for (const char* key : selections)
        if (const Entry* e = given(seen, key)) {
            if (chosen)
                fail(*e,
                     "chooses the wave vectors a second time: give one of "
                     "structure-factor:q-path, q-points-file or q-grid");
            chosen = e;
        }
    if (!chosen) {
        for (const char* key : settings)
            if (const Entry* e = given(seen, key))
                fail(*e,
                     "has no effect without wave vectors: structure-factor:q-path, "
                     "q-points-file or q-grid");
        return;
    }
    const StructureFactorSection& f = c.structure_factor;
    if (f.route == FourierRoute::fft && !f.full_grid)
        fail(seen.at("structure-factor:method"),
             "fft transforms the whole grid: it needs structure-factor:q-grid = full");
    if (f.quantum_correction && c.sim.temperature <= 0)
        fail(seen.at("structure-factor:quantum-correction"),
             "needs a temperature: the factor (hf/kT) / (1 - exp(-hf/kT)) is undefined at 0 K");
    if (c.sim.program != ProgramKind::time_series)
        fail(*chosen,
             "is sampled by sim:program = time-series only (a steady state at one "
             "temperature and field)");
    if (c.sim.integrator != IntegratorKind::llg_heun)
        fail(seen.count("sim:integrator") ? seen.at("sim:integrator") : *chosen,
             "a spectrum needs the spins' motion in time: Monte Carlo moves have none (use "
             "sim:integrator = llg-heun)");
    const double needed = double(f.samples) * double(f.averages);
    if ((needed - 1) * double(f.interval) >= double(c.sim.total_steps))
        fail(seen.count("sim:total-time-steps") ? seen.at("sim:total-time-steps") : *chosen,
             "is too short for the structure factor: structure-factor:averages x samples x "
             "sample-interval = " +
                 std::to_string(f.averages) + " x " + std::to_string(f.samples) + " x " +
                 std::to_string(f.interval) + " time steps after equilibration are needed");
}

}  // namespace miniasd::cross_checks
