// The run's section (sim_section.hpp): the rows of the sim: keywords of the time loop (what runs,
// the integrator, temperatures, the time step, step counts, the applied field, the seed), and the
// warnings about settings VAMPIRE's programs do not read.
#include <cmath>
#include <cstdio>
#include <string>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;

void add_method_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "program", program_words, ProgramKind::time_series,
        "what to run: time-series (statistics every time-steps-increment), benchmark (the same "
        "steps, statistics only at the end), curie-temperature (a temperature sweep), "
        "hysteresis-loop (a field sweep), field-cool (cooling in a field), laser-pulse (heating "
        "by the two-temperature model), relax (miniASD's: minimise the energy until every "
        "torque is below sim:relax-torque-tolerance, at most sim:total-time-steps steps), "
        "electrical-pulse (a pulse of the spin torques' current, sim:electrical-pulse-time), "
        "gneb (miniASD's: the minimum-energy path and its barrier between the initial state and "
        "gneb:final-spin-direction or -file, by the geodesic nudged elastic band, at most "
        "sim:total-time-steps iterations), fmr (an oscillating field after equilibration, "
        "sim:fmr-field-*), diagnostic-boltzmann (the spins' polar angles binned into "
        "boltzmann-distribution.txt beside exp(-E/kT)), field-pulse (a Gaussian field pulse "
        "after equilibration, sim:field-pulse-time), partial-hysteresis-loop (one branch of a "
        "loop, "
        "from sim:minimum- to sim:maximum-applied-field-strength), static-hysteresis-loop (a "
        "loop relaxed at each field by the minimiser, at 0 K), effective-damping (every spin "
        "turned by 30 degrees about x after equilibration, then the relaxation back), "
        "field-sweep (VAMPIRE's: the segments \"H_start H_end increment steps\" of the file "
        "field-sweep beside the input, each after equilibration in the saturating field), "
        "cmc-anisotropy (constrained Monte Carlo over constraint directions and temperatures), "
        "localised-field-cool (each material cooled through its own temperature range), "
        "domain-wall (VAMPIRE's: a wall placed along sim:domain-wall-axis, then a time series "
        "writing the wall's profile to dw-<step>.txt), hybrid-cmc and reverse-hybrid-cmc "
        "(each constrained material's directions swept in turn), lagrange-multiplier "
        "(VAMPIRE's LaGrange-Multiplier: 0 K LLG with the magnetisation steered onto each "
        "sim:constraint-angle-* direction by a field), setting (VAMPIRE's exchange-bias setting of "
        "IrMn3, materials 1-4, under a ferromagnet, materials above 4: the spins placed, one "
        "row), exchange-stiffness (VAMPIRE's: two planes of the constrained material held at "
        "angles 0 and theta along sim:domain-wall-axis, the torque between them over "
        "temperatures, its slope in exchange-stiffness.txt); "
        "docs/physics.md describes each",
        [](auto& c) -> auto& { return c.sim.program; }, always));
    t.push_back(enum_choice(
        "sim", "integrator", integrator_words, IntegratorKind::llg_heun,
        "llg-heun: stochastic LLG with the Heun scheme; monte-carlo: Metropolis "
        "sweeps (one per time step); constrained-monte-carlo: sweeps of pair moves that hold the "
        "magnetisation's direction (sim:program = cmc-anisotropy); "
        "hybrid-constrained-monte-carlo: each material[i]:constrained material's held by pairs "
        "within it, the others' Metropolis moves (sim:program = hybrid-cmc; with "
        "exchange-stiffness, two planes of it held)",
        [](auto& c) -> auto& { return c.sim.integrator; }, always));
    t.push_back(enum_choice(
        "sim", "device", device_words, Device::cpu,
        "where the integrator's steps run: cpu, or gpu (a build with -DMINIASD_CUDA=ON, one GPU "
        "per rank; the same spins and statistics bit for bit; both integrators, every term, the "
        "dipolar field's FFT on the host at its update rate; docs/gpu.md)",
        [](auto& c) -> auto& { return c.sim.device; }, always));
    t.push_back(choice(
        "gpu", "acceleration", "on|off", "off",
        "VAMPIRE's switch for its GPU code: on is sim:device = gpu, off sim:device = cpu",
        [](Config& c, const Value& v, const Entry&) {
            c.sim.device = v.text == "on" ? Device::gpu : Device::cpu;
        },
        written_elsewhere));
    t.push_back(enum_choice(
        "montecarlo", "algorithm", monte_carlo_move_words, MonteCarloMove::adaptive,
        "Monte Carlo trial move: adaptive Gaussian (width tuned to ~50% "
        "acceptance), angle (a small Gaussian step of fixed width, for "
        "quasi-static loops), spin-flip (S -> -S) or uniform on the sphere",
        [](auto& c) -> auto& { return c.sim.monte_carlo_move; }, always));
}

void add_loop_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "temperature", K::real, D::temperature, 0, 1e5, "0 K",
        "temperature of the run (as in VAMPIRE, field-cool does not use it and laser-pulse only "
        "as the default of sim:equilibration-temperature)",
        [](Config& c, const Value& v, const Entry&) { c.sim.temperature = v.real; },
        [](const Config& c) { return number(c.sim.temperature); }));
    t.push_back(row(
        "sim", "equilibration-temperature", K::real, D::temperature, 0, 1e5, "sim:temperature",
        "temperature during equilibration (field-cool's default: sim:maximum-temperature); "
        "laser-pulse: the temperature the two-temperature model starts from and its heat sink "
        "holds",
        [](Config& c, const Value& v, const Entry&) { c.sim.equilibration_temperature = v.real; },
        [](const Config& c) {  // < 0: unset, the run's temperature
            return c.sim.equilibration_temperature < 0 ? none
                                                       : number(c.sim.equilibration_temperature);
        }));
    t.push_back(row(
        "sim", "time-step", K::real, D::time, 1e-20, 1e-12, "1e-15 s", "integration time step",
        [](Config& c, const Value& v, const Entry&) { c.sim.time_step = v.real; },
        [](const Config& c) { return number(c.sim.time_step); }));
    t.push_back(row(
        "sim", "total-time-steps", K::integer, D::none, 0, big, "0",
        "time steps after equilibration",
        [](Config& c, const Value& v, const Entry&) { c.sim.total_steps = v.integer; },
        [](const Config& c) { return whole(c.sim.total_steps); }));
    t.push_back(row(
        "sim", "equilibration-time-steps", K::integer, D::none, 0, big, "0",
        "time steps before statistics start",
        [](Config& c, const Value& v, const Entry&) { c.sim.equilibration_steps = v.integer; },
        [](const Config& c) { return whole(c.sim.equilibration_steps); }));
    t.push_back(row(
        "sim", "time-steps-increment", K::integer, D::none, 1, big, "1",
        "statistics are computed and written every this many steps",
        [](Config& c, const Value& v, const Entry&) { c.sim.steps_increment = v.integer; },
        [](const Config& c) { return whole(c.sim.steps_increment); }));
    t.push_back(row(
        "sim", "demagnetisation-factor", K::real_or_triple, D::none, 0, 1, "none",
        "the sample's demagnetising factors N_x, N_y, N_z (summing to 1): every atom feels "
        "-mu_0 N M, M = sum mu S / V the magnetisation of the whole box (V its volume), "
        "updated before every step and sample (VAMPIRE's meaning; LLG or Monte Carlo, CPU)",
        [](Config& c, const Value& v, const Entry& e) {
            if (!v.triple) input_checks::fail(e, "needs three numbers, N_x, N_y, N_z");
            const double sum = v.vec[0] + v.vec[1] + v.vec[2];
            if (std::fabs(1.0 - sum) > 1e-4)
                input_checks::fail(e,
                                   "the three factors must sum to 1 (as in VAMPIRE); they sum "
                                   "to " +
                                       std::to_string(sum));
            c.sim.demag_factor = v.vec;
        },
        [](const Config& c) -> std::optional<Value> {
            return c.sim.demag_factor != Vec3{0, 0, 0} ? triple(c.sim.demag_factor) : none;
        }));
    t.push_back(row(
        "sim", "preconditioning-steps", K::integer, D::none, 0, 1e9, "0",
        "Metropolis sweeps of the spins at sim:equilibration-temperature before a new run's "
        "program (and its sim:relax-first), whatever the integrator; the time does not advance "
        "(VAMPIRE's Monte Carlo preconditioning)",
        [](Config& c, const Value& v, const Entry&) { c.sim.preconditioning_steps = v.integer; },
        [](const Config& c) -> std::optional<Value> {
            return c.sim.preconditioning_steps != 0 ? whole(c.sim.preconditioning_steps) : none;
        }));
    t.push_back(row(
        "sim", "applied-field-strength", K::real, D::field, -1e4, 1e4, "0 T",
        "applied field B (tesla by default)",
        [](Config& c, const Value& v, const Entry&) { c.sim.field_strength = v.real; },
        [](const Config& c) { return number(c.sim.field_strength); }));
    // VAMPIRE's angles: each sets the direction from both (the other's last value, 0 by
    // default), so the last of these three keywords in the file decides it, as in VAMPIRE. Their
    // rows come before the unit vector's, so that describe() writes the angles (when not 0) and
    // then the direction they set, which reads back the same.
    t.push_back(row(
        "sim", "applied-field-angle-phi", K::real, D::none, 0, 360, "0",
        "the applied field's polar angle from z (degrees; VAMPIRE's): sets the direction to "
        "(sin phi cos theta, sin phi sin theta, cos phi) with sim:applied-field-angle-theta, "
        "unless sim:applied-field-unit-vector comes later in the file",
        [](Config& c, const Value& v, const Entry&) {
            c.sim.field_angle_phi = v.real;
            c.sim.field_direction = direction_from_angles(c.sim.field_angle_theta, v.real);
        },
        [](const Config& c) {
            return c.sim.field_angle_phi == 0 ? none : number(c.sim.field_angle_phi);
        }));
    t.push_back(row(
        "sim", "applied-field-angle-theta", K::real, D::none, 0, 360, "0",
        "the applied field's azimuth from x in the x-y plane (degrees; VAMPIRE's): sets the "
        "direction with sim:applied-field-angle-phi (so alone, with phi = 0, it leaves the field "
        "along z, as in VAMPIRE), unless sim:applied-field-unit-vector comes later in the file",
        [](Config& c, const Value& v, const Entry&) {
            c.sim.field_angle_theta = v.real;
            c.sim.field_direction = direction_from_angles(v.real, c.sim.field_angle_phi);
        },
        [](const Config& c) {
            return c.sim.field_angle_theta == 0 ? none : number(c.sim.field_angle_theta);
        }));
    t.push_back(row(
        "sim", "applied-field-unit-vector", K::direction, D::none, 0, 0, "0,0,1",
        "applied field direction (normalised)",
        [](Config& c, const Value& v, const Entry&) { c.sim.field_direction = v.vec; },
        [](const Config& c) { return unit_vector(c.sim.field_direction); }));
    t.push_back(row(
        "sim", "integrator-random-seed", K::integer, D::none, 0, 9.007199254740992e15, "12345",
        "seed of the counter-based generator (thermal noise, random initial spins)",
        [](Config& c, const Value& v, const Entry&) {
            c.sim.seed = static_cast<std::uint64_t>(v.integer);
        },
        [](const Config& c) { return whole(static_cast<long long>(c.sim.seed)); }));
}

// A hysteresis loop by Monte Carlo at 0 K with exchange: single-spin moves that must lower the
// energy cannot start a reversal below the exchange field (a warning).
void warn_monte_carlo_at_zero(const Config& c, std::vector<std::string>& warnings) {
    if (c.sim.integrator != IntegratorKind::monte_carlo || c.sim.temperature != 0 ||
        (c.sim.program != ProgramKind::hysteresis_loop &&
         c.sim.program != ProgramKind::partial_hysteresis_loop))
        return;
    bool exchange = c.unit_cell_file.given();
    for (const MaterialConfig& m : c.materials)
        for (const double j : m.exchange)
            exchange = exchange || j != 0;
    if (!exchange) return;
    warnings.push_back(
        "Monte Carlo at 0 K takes only moves that lower the energy: in an exchange-coupled "
        "system one spin's move cannot start a reversal until the field beats its exchange field "
        "(z J / mu_s, hundreds of tesla), so this loop may not switch at all; give "
        "sim:temperature a few K, or use sim:integrator = llg-heun");
}

// Keywords VAMPIRE's programs do not read, so neither do miniASD's (its meaning, documented).
void warn_program_settings(const Config& c, const Seen& seen, std::vector<std::string>& warnings) {
    auto warn = [&](const char* key, const std::string& why) {
        input_checks::warn_if_given(seen, warnings, key, why);
    };
    char t[64];
    std::snprintf(t, sizeof t, "%g K", equilibration_or_temperature(c.sim));
    if (c.sim.program == ProgramKind::laser_pulse && seen.count("sim:equilibration-temperature"))
        warn("sim:temperature", std::string("with sim:program = laser-pulse: as in VAMPIRE, the "
                                            "run starts from and its heat sink stays at "
                                            "sim:equilibration-temperature = ") +
                                    t);
    if (c.sim.program == ProgramKind::field_cool)
        warn("sim:temperature",
             "with sim:program = field-cool: as in VAMPIRE, it cools from "
             "sim:maximum-temperature to sim:minimum-temperature");
    if (c.sim.program == ProgramKind::benchmark)
        for (const char* key : {"sim:equilibration-time-steps", "sim:equilibration-temperature"})
            warn(key,
                 "with sim:program = benchmark: as in VAMPIRE, it runs "
                 "sim:total-time-steps at sim:temperature from the first step");
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_method_rows(t);
    add_loop_rows(t);
}

void warn(const Config& c, const Seen& seen, std::vector<std::string>& warnings) {
    warn_program_settings(c, seen, warnings);
    warn_monte_carlo_at_zero(c, warnings);
}

// The demagnetising factor's field is set before every step and sample from the magnetisation:
// a minimiser's many field evaluations per step would see a stale one, and the device's steps
// would fetch the spins every step.
void check_demag(const Config& c, const Seen& seen) {
    const Entry* e = given(seen, "sim:demagnetisation-factor");
    if (!e) return;
    const ProgramKind p = c.sim.program;
    if (p == ProgramKind::relax || p == ProgramKind::gneb ||
        p == ProgramKind::static_hysteresis_loop || given(seen, "sim:relax-first"))
        input_checks::fail(*e,
                           "is set before every time step: it cannot go with a relaxation "
                           "(sim:program = relax, gneb, static-hysteresis-loop or "
                           "sim:relax-first); use the dipolar field (dipole:solver)");
    if (c.sim.device == Device::gpu)
        input_checks::fail(*e,
                           "runs on the CPU only (the magnetisation is summed before every "
                           "step)");
}

// diagnostic-boltzmann compares its histogram with exp(-E / kT), which needs a temperature.
void check(Config& c, const Seen& seen, std::vector<std::string>&) {
    check_demag(c, seen);
    if (c.sim.program == ProgramKind::diagnostic_boltzmann && !(c.sim.temperature > 0)) {
        const Entry* e = given(seen, "sim:temperature");
        input_checks::fail(e ? *e : seen.at("sim:program"),
                           "diagnostic-boltzmann samples the Boltzmann distribution at "
                           "sim:temperature, which must be above 0 K");
    }
}

}  // namespace

SectionOf<Config> sim_section() {
    return {"time loop", add_rows, check, warn};
}

}  // namespace miniasd
