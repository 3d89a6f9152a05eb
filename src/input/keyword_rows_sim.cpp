// Rows of the sim: keywords: the run, its programs and integrators.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

namespace {

// The temperature and field sweeps of the curie-temperature and hysteresis-loop programs.
void add_sweep_keywords(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "loop-time-steps", K::integer, D::none, 0, big, "10000",
        "steps of sampling at each temperature (curie-temperature) or field "
        "(hysteresis-loop) point, after sim:equilibration-time-steps",
        [](Config& c, const Value& v, const Entry&) { c.loop_steps = v.integer; },
        [](const Config& c) { return whole(c.loop_steps); }));
    t.push_back(row(
        "sim", "minimum-temperature", K::real, D::temperature, 0, 1e6, "0 K",
        "first temperature of a curie-temperature sweep; field-cool: the temperature it "
        "cools to",
        [](Config& c, const Value& v, const Entry&) { c.minimum_temperature = v.real; },
        [](const Config& c) { return number(c.minimum_temperature); }));
    t.push_back(row(
        "sim", "maximum-temperature", K::real, D::temperature, 0, 1e6, "300 K",
        "last temperature of a curie-temperature sweep; field-cool: the temperature its "
        "cooling starts from; laser-pulse: the square pulse's temperature",
        [](Config& c, const Value& v, const Entry&) { c.maximum_temperature = v.real; },
        [](const Config& c) { return number(c.maximum_temperature); }));
    t.push_back(row(
        "sim", "temperature-increment", K::real, D::temperature, 1e-10, 1e6, "10 K",
        "temperature step of a curie-temperature sweep",
        [](Config& c, const Value& v, const Entry&) { c.temperature_increment = v.real; },
        [](const Config& c) { return number(c.temperature_increment); }));
    t.push_back(row(
        "sim", "maximum-applied-field-strength", K::real, D::field, 0, 1e3, "1 T",
        "a hysteresis loop sweeps the field from this value to its negative and back",
        [](Config& c, const Value& v, const Entry&) { c.maximum_field = v.real; },
        [](const Config& c) { return number(c.maximum_field); }));
    t.push_back(row(
        "sim", "applied-field-strength-increment", K::real, D::field, 1e-6, 1e3, "0.1 T",
        "field step of a hysteresis loop",
        [](Config& c, const Value& v, const Entry&) { c.field_increment = v.real; },
        [](const Config& c) { return number(c.field_increment); }));
}

// describe() writes these settings even at their defaults.
bool always(const Config&) {
    return true;
}

}  // namespace

namespace {

// What runs and how: the program, the integrator, the device, the Monte Carlo move.
void add_method_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "program", program_words, ProgramKind::time_series,
        "what to run: time-series (statistics every time-steps-increment), benchmark (the same "
        "steps, statistics only at the end), curie-temperature (a temperature sweep), "
        "hysteresis-loop (a field sweep), field-cool (cooling in a field), laser-pulse (heating "
        "by the two-temperature model), relax (miniASD's: minimise the energy until every "
        "torque is below sim:relax-torque-tolerance, at most sim:total-time-steps steps); "
        "docs/physics.md describes each",
        [](auto& c) -> auto& { return c.program; }, always));
    t.push_back(enum_choice(
        "sim", "integrator", integrator_words, IntegratorKind::llg_heun,
        "llg-heun: stochastic LLG with the Heun scheme; monte-carlo: Metropolis "
        "sweeps (one per time step)",
        [](auto& c) -> auto& { return c.integrator; }, always));
    t.push_back(enum_choice(
        "sim", "device", device_words, Device::cpu,
        "where the integrator's steps run: cpu, or gpu (a build with -DMINIASD_CUDA=ON, one GPU "
        "per rank; the same spins and statistics bit for bit; both integrators, every term, the "
        "dipolar field's FFT on the host at its update rate; docs/gpu.md)",
        [](auto& c) -> auto& { return c.device; }, always));
    t.push_back(choice(
        "gpu", "acceleration", "on|off", "off",
        "VAMPIRE's switch for its GPU code: on is sim:device = gpu, off sim:device = cpu",
        [](Config& c, const Value& v, const Entry&) {
            c.device = v.text == "on" ? Device::gpu : Device::cpu;
        },
        written_elsewhere));
    t.push_back(enum_choice(
        "montecarlo", "algorithm", monte_carlo_move_words, MonteCarloMove::adaptive,
        "Monte Carlo trial move: adaptive Gaussian (width tuned to ~50% "
        "acceptance), angle (a small Gaussian step of fixed width, for "
        "quasi-static loops), spin-flip (S -> -S) or uniform on the sphere",
        [](auto& c) -> auto& { return c.monte_carlo_move; }, always));
}

// The time loop: temperatures, the time step, the step counts, the applied field, the seed.
void add_loop_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "temperature", K::real, D::temperature, 0, 1e5, "0 K",
        "temperature of the run (as in VAMPIRE, field-cool does not use it and laser-pulse only "
        "as the default of sim:equilibration-temperature)",
        [](Config& c, const Value& v, const Entry&) { c.temperature = v.real; },
        [](const Config& c) { return number(c.temperature); }));
    t.push_back(row(
        "sim", "equilibration-temperature", K::real, D::temperature, 0, 1e5, "sim:temperature",
        "temperature during equilibration (field-cool's default: sim:maximum-temperature); "
        "laser-pulse: the temperature the two-temperature model starts from and its heat sink "
        "holds",
        [](Config& c, const Value& v, const Entry&) { c.equilibration_temperature = v.real; },
        [](const Config& c) {  // < 0: unset, the run's temperature
            return c.equilibration_temperature < 0 ? none : number(c.equilibration_temperature);
        }));
    t.push_back(row(
        "sim", "time-step", K::real, D::time, 1e-20, 1e-12, "1e-15 s", "integration time step",
        [](Config& c, const Value& v, const Entry&) { c.time_step = v.real; },
        [](const Config& c) { return number(c.time_step); }));
    t.push_back(row(
        "sim", "total-time-steps", K::integer, D::none, 0, big, "0",
        "time steps after equilibration",
        [](Config& c, const Value& v, const Entry&) { c.total_steps = v.integer; },
        [](const Config& c) { return whole(c.total_steps); }));
    t.push_back(row(
        "sim", "equilibration-time-steps", K::integer, D::none, 0, big, "0",
        "time steps before statistics start",
        [](Config& c, const Value& v, const Entry&) { c.equilibration_steps = v.integer; },
        [](const Config& c) { return whole(c.equilibration_steps); }));
    t.push_back(row(
        "sim", "time-steps-increment", K::integer, D::none, 1, big, "1",
        "statistics are computed and written every this many steps",
        [](Config& c, const Value& v, const Entry&) { c.steps_increment = v.integer; },
        [](const Config& c) { return whole(c.steps_increment); }));
    t.push_back(row(
        "sim", "applied-field-strength", K::real, D::field, -1e4, 1e4, "0 T",
        "applied field B (tesla by default)",
        [](Config& c, const Value& v, const Entry&) { c.field_strength = v.real; },
        [](const Config& c) { return number(c.field_strength); }));
    t.push_back(row(
        "sim", "applied-field-unit-vector", K::direction, D::none, 0, 0, "0,0,1",
        "applied field direction (normalised)",
        [](Config& c, const Value& v, const Entry&) { c.field_direction = v.vec; },
        [](const Config& c) { return unit_vector(c.field_direction); }));
    t.push_back(row(
        "sim", "integrator-random-seed", K::integer, D::none, 0, 9.007199254740992e15, "12345",
        "seed of the counter-based generator (thermal noise, random initial spins)",
        [](Config& c, const Value& v, const Entry&) {
            c.seed = static_cast<std::uint64_t>(v.integer);
        },
        [](const Config& c) { return whole(static_cast<long long>(c.seed)); }));
}

}  // namespace

void add_sim_keywords(std::vector<KeywordSpec>& t) {
    add_method_rows(t);
    add_loop_rows(t);
    add_sweep_keywords(t);
}

}  // namespace miniasd::keyword_rows
