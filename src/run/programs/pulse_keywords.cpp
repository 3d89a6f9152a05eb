// The field-cool and laser-pulse programs' section (pulse_section.hpp): the rows of their sim:
// keywords (VAMPIRE's names, units and defaults; the two-temperature model's parameters are in SI
// without unit conversion, as in VAMPIRE) and the check across them.
#include <cstdio>
#include <string>

#include "hamiltonian/spin_torque_section.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"
#include "util/shortest.hpp"

namespace miniasd {

void add_fmr_rows(std::vector<Keyword<Config>>& t);          // fmr.cpp
void check_fmr(const Config& c, const Seen& seen);           // fmr.cpp
void add_field_pulse_rows(std::vector<Keyword<Config>>& t);  // field_pulse_keywords.cpp
void check_field_pulse(const Config& c, const Seen& seen, std::vector<std::string>& warnings);

namespace {

using namespace keyword_rows;
using input_checks::fail;

void add_second_pulse_rows(std::vector<KeywordSpec>& t);

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "cooling-time", K::real, D::time, 1e-18, 1.0, "100 ps",
        "field-cool: time constant of the cooling from sim:maximum-temperature to "
        "sim:minimum-temperature",
        [](Config& c, const Value& v, const Entry&) { c.pulse.cooling_time = v.real; },
        [](const Config& c) { return number(c.pulse.cooling_time); }));
    t.push_back(enum_choice(
        "sim", "cooling-function", cooling_function_words, CoolingFunction::exponential,
        "field-cool: T(t) = T_min + (T_max - T_min) f(t / cooling-time) with f = exp(-x), "
        "exp(-x^2) or max(0, 1 - x)",
        [](auto& c) -> auto& { return c.pulse.cooling_function; }, always));
    t.push_back(enum_choice(
        "sim", "laser-pulse-temporal-profile", laser_profile_words, LaserProfile::two_temperature,
        "laser-pulse: electron temperature from the two-temperature model, or a "
        "square pulse at sim:maximum-temperature for laser-pulse-time; double-pulse-two-"
        "temperature and double-pulse-square add VAMPIRE's second pulse (sim:second-laser-"
        "pulse-*)",
        [](auto& c) -> auto& { return c.pulse.laser_profile; }, always));
    t.push_back(row(
        "sim", "laser-pulse-time", K::real, D::time, 1e-18, 1.0, "50 fs",
        "laser-pulse: full width at half maximum of the Gaussian pulse (centred three "
        "widths after the pulse phase starts); square: its duration",
        [](Config& c, const Value& v, const Entry&) { c.pulse.time = v.real; },
        [](const Config& c) { return number(c.pulse.time); }));
    t.push_back(row(
        "sim", "laser-pulse-power", K::real, D::none, 0, 1e40, "20",
        "laser-pulse: VAMPIRE's pulse power P; the pulse deposits 1e7 P J/m^3 in the "
        "electrons (0.1 P J/m^2 over a 10 nm absorption depth)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.power = v.real; },
        [](const Config& c) { return number(c.pulse.power); }));
    add_second_pulse_rows(t);
    t.push_back(row(
        "sim", "simulation-cycles", K::integer, D::none, 1, 2e9, "1",
        "field-cool, localised-field-cool and laser-pulse: run the cooling or the pulse this "
        "many times in a row, each from where the last left the spins (and the two-temperature "
        "model), the equilibration only before the first (VAMPIRE's)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.cycles = v.integer; },
        [](const Config& c) -> std::optional<Value> {
            return c.pulse.cycles != 1 ? whole(c.pulse.cycles) : none;
        }));
    t.push_back(row(
        "sim", "two-temperature-electron-heat-capacity", K::real, D::none, 1e-10, 1e40, "222",
        "gamma of the electron heat capacity C_e = gamma T_e (J m^-3 K^-2)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.electron_heat_capacity = v.real; },
        [](const Config& c) { return number(c.pulse.electron_heat_capacity); }));
    t.push_back(row(
        "sim", "two-temperature-phonon-heat-capacity", K::real, D::none, 1e-10, 1e40, "2.3e6",
        "phonon (lattice) heat capacity C_p (J m^-3 K^-1)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.phonon_heat_capacity = v.real; },
        [](const Config& c) { return number(c.pulse.phonon_heat_capacity); }));
    t.push_back(row(
        "sim", "two-temperature-electron-phonon-coupling", K::real, D::none, 0, 1e40, "6.6e17",
        "electron-phonon coupling G (W m^-3 K^-1)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.electron_phonon_coupling = v.real; },
        [](const Config& c) { return number(c.pulse.electron_phonon_coupling); }));
    t.push_back(row(
        "sim", "two-temperature-heat-sink-coupling", K::real, D::none, 0, 1e40, "0",
        "rate kappa (1/s) at which the phonons relax to sim:temperature (substrate)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.heat_sink_coupling = v.real; },
        [](const Config& c) { return number(c.pulse.heat_sink_coupling); }));
}

// The double pulses' second pulse (VAMPIRE's keywords, units and defaults), described with a
// profile that reads it, or where it is not the default (which only such a profile accepts).
void add_second_pulse_rows(std::vector<KeywordSpec>& t) {
    auto with = [](const Config& c, bool square_too, bool gaussian_too, double v, double d) {
        const LaserProfile p = c.pulse.laser_profile;
        const bool alive = (square_too && p == LaserProfile::double_square) ||
                           (gaussian_too && p == LaserProfile::double_two_temperature);
        return alive || v != d ? std::optional<Value>(number(v)) : none;
    };
    const PulseSection d;
    t.push_back(row(
        "sim", "second-laser-pulse-time", K::real, D::time, 1e-18, 1.0, "50 fs",
        "double pulses: the second pulse's full width at half maximum (double-pulse-two-"
        "temperature) or duration (double-pulse-square)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.second_time = v.real; },
        [with, d](const Config& c) {
            return with(c, true, true, c.pulse.second_time, d.second_time);
        }));
    t.push_back(row(
        "sim", "second-laser-pulse-power", K::real, D::none, 0, 1e40, "20",
        "double-pulse-two-temperature: the second pulse's power P (as sim:laser-pulse-power)",
        [](Config& c, const Value& v, const Entry&) { c.pulse.second_power = v.real; },
        [with, d](const Config& c) {
            return with(c, false, true, c.pulse.second_power, d.second_power);
        }));
    t.push_back(row(
        "sim", "second-laser-pulse-maximum-temperature", K::real, D::temperature, 0, 1e6, "500 K",
        "double-pulse-square: the bath temperature during the second pulse",
        [](Config& c, const Value& v, const Entry&) {
            c.pulse.second_maximum_temperature = v.real;
        },
        [with, d](const Config& c) {
            return with(c, true, false, c.pulse.second_maximum_temperature,
                        d.second_maximum_temperature);
        }));
    t.push_back(row(
        "sim", "second-laser-pulse-delay-time", K::real, D::time, 0, 1.0, "10 ps",
        "double pulses: the second pulse's delay, VAMPIRE's: double-pulse-two-temperature "
        "centres it this long plus three widths after the pulse phase starts; "
        "double-pulse-square starts it this long after the first pulse ends",
        [](Config& c, const Value& v, const Entry&) { c.pulse.second_delay = v.real; },
        [with, d](const Config& c) {
            return with(c, true, true, c.pulse.second_delay, d.second_delay);
        }));
}

// The second pulse's keywords only with a double profile that reads them.
void check_second_pulse(const Config& c, const Seen& seen) {
    const LaserProfile p = c.pulse.laser_profile;
    for (const char* key :
         {"sim:second-laser-pulse-time", "sim:second-laser-pulse-power",
          "sim:second-laser-pulse-maximum-temperature", "sim:second-laser-pulse-delay-time"}) {
        const Entry* e = given(seen, key);
        if (!e) continue;
        const std::string k = key;
        if (!double_profile(p))
            fail(*e,
                 "has no effect without sim:laser-pulse-temporal-profile = "
                 "double-pulse-two-temperature or double-pulse-square");
        if (k == "sim:second-laser-pulse-power" && p != LaserProfile::double_two_temperature)
            fail(*e,
                 "has no effect with double-pulse-square, whose second pulse holds "
                 "sim:second-laser-pulse-maximum-temperature");
        if (k == "sim:second-laser-pulse-maximum-temperature" && p != LaserProfile::double_square)
            fail(*e,
                 "has no effect with double-pulse-two-temperature, whose second pulse "
                 "heats the electrons by sim:second-laser-pulse-power");
    }
    if (double_profile(p) && c.sim.program != ProgramKind::laser_pulse)
        fail(seen.at("sim:laser-pulse-temporal-profile"),
             "a double pulse has an effect only with sim:program = laser-pulse");
}

// The electrical pulse's keywords are read (and written by describe()) with its program only.
bool electrical(const Config& c) {
    return c.sim.program == ProgramKind::electrical_pulse;
}

// electrical-pulse: the current's shape (VAMPIRE's keywords, units and defaults).
void add_electrical_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "electrical-pulse-time", K::real, D::time, 0, 1.0, "1 ns",
        "electrical-pulse: how long the spin torques' full current flows, after its rise",
        [](Config& c, const Value& v, const Entry&) { c.pulse.electrical_time = v.real; },
        [](const Config& c) { return electrical(c) ? number(c.pulse.electrical_time) : none; }));
    t.push_back(row(
        "sim", "electrical-pulse-rise-time", K::real, D::time, 0, 1.0, "0 s",
        "electrical-pulse: the current's linear rise from 0 to the full current",
        [](Config& c, const Value& v, const Entry&) { c.pulse.electrical_rise = v.real; },
        [](const Config& c) { return electrical(c) ? number(c.pulse.electrical_rise) : none; }));
    t.push_back(row(
        "sim", "electrical-pulse-fall-time", K::real, D::time, 0, 1.0, "0 s",
        "electrical-pulse: the current's linear fall to 0 after the pulse time; none flows "
        "after it",
        [](Config& c, const Value& v, const Entry&) { c.pulse.electrical_fall = v.real; },
        [](const Config& c) { return electrical(c) ? number(c.pulse.electrical_fall) : none; }));
}

void check_resolved(const Config& c, const Seen& seen);

// A square pulse holds sim:maximum-temperature, which has no default to fall back on. An
// electrical pulse drives the spin torques: without them, or its keywords without it, nothing
// would happen.
void check(Config& c, const Seen& seen, std::vector<std::string>& warnings) {
    const bool electrical = c.sim.program == ProgramKind::electrical_pulse;
    if (electrical && !has_any_torque(c))
        fail(seen.at("sim:program"),
             "electrical-pulse drives the spin torques, and no material has one: give "
             "material[i]:spin-transfer-relaxation-torque (or another torque constant) and "
             "sim:spin-transfer-torque-polarization-unit-vector, or sim:current-density and "
             "material[i]:spin-polarisation");
    for (const char* key : {"sim:electrical-pulse-time", "sim:electrical-pulse-rise-time",
                            "sim:electrical-pulse-fall-time"})
        if (const Entry* e = given(seen, key); e && !electrical)
            fail(*e, "has no effect without sim:program = electrical-pulse");
    check_second_pulse(c, seen);
    if (const Entry* e = given(seen, "sim:simulation-cycles");
        e && c.sim.program != ProgramKind::field_cool &&
        c.sim.program != ProgramKind::localised_field_cool &&
        c.sim.program != ProgramKind::laser_pulse)
        fail(*e,
             "has no effect without sim:program = field-cool, localised-field-cool or "
             "laser-pulse (the programs VAMPIRE repeats)");
    if (c.sim.program == ProgramKind::laser_pulse && square_profile(c.pulse.laser_profile) &&
        !given(seen, "sim:maximum-temperature"))
        fail(seen.at("sim:laser-pulse-temporal-profile"),
             "a square pulse holds sim:maximum-temperature for sim:laser-pulse-time: set "
             "sim:maximum-temperature");
    check_resolved(c, seen);
    check_fmr(c, seen);
    check_field_pulse(c, seen, warnings);
}

// Where a pulse's length is wrong: its keyword when given, else the time step's, else the
// program's line.
const Entry& pulse_entry(const Seen& seen, const char* key) {
    if (const Entry* e = given(seen, key)) return *e;
    if (const Entry* e = given(seen, "sim:time-step")) return *e;
    return seen.at("sim:program");
}

// A pulse is sampled once a time step (at the step's start, VAMPIRE's order), so a pulse, or a
// part of one, shorter than a step would act for a whole step (a 0.1 fs pulse with 100 fs steps
// for 1000 times its length), and one of zero length does nothing at all: both are refused.
void check_resolved(const Config& c, const Seen& seen) {
    const double dt = c.sim.time_step;
    const std::string step = g4(dt) + " s";
    if (c.sim.program == ProgramKind::electrical_pulse) {
        const double parts[3] = {c.pulse.electrical_rise, c.pulse.electrical_time,
                                 c.pulse.electrical_fall};
        const char* keys[3] = {"sim:electrical-pulse-rise-time", "sim:electrical-pulse-time",
                               "sim:electrical-pulse-fall-time"};
        if (parts[0] + parts[1] + parts[2] == 0)
            fail(pulse_entry(seen, keys[1]),
                 "the electrical pulse has no length (its rise, time and fall are all 0): no "
                 "current would flow; give sim:electrical-pulse-time");
        for (int k = 0; k < 3; ++k)
            if (parts[k] > 0 && parts[k] < dt)
                fail(pulse_entry(seen, keys[k]),
                     std::string(keys[k]) + " = " + g4(parts[k]) +
                         " s is shorter than the time step (" + step +
                         "): the current is set once a step, so it would act for a whole step; "
                         "make it at least one step (or 0), or the step shorter");
    }
    if (c.sim.program == ProgramKind::laser_pulse) {
        // The Gaussian's samples, a step apart, add up to its integral (the energy it deposits)
        // to better than 1e-8 once its width sigma = FWHM / 2.355 reaches a step.
        const bool square = square_profile(c.pulse.laser_profile);
        const double least = square ? dt : 2.355 * dt;
        const bool second = double_profile(c.pulse.laser_profile);
        for (int k = 0; k < (second ? 2 : 1); ++k) {
            const char* key = k == 0 ? "sim:laser-pulse-time" : "sim:second-laser-pulse-time";
            const double width = k == 0 ? c.pulse.time : c.pulse.second_time;
            if (width < least)
                fail(pulse_entry(seen, key),
                     std::string(key) + " = " + g4(width) + " s is too short for the " +
                         "time step (" + step + "): the pulse is sampled once a step, so " +
                         (square ? "it would act for a whole step"
                                 : "the energy it deposits would be wrong; a Gaussian needs a "
                                   "full width of at least 2.355 steps (sigma of a step)") +
                         ": make the pulse longer or the step shorter");
        }
    }
}

void add_all_rows(std::vector<KeywordSpec>& t) {
    add_rows(t);
    add_electrical_rows(t);
    add_fmr_rows(t);
    add_field_pulse_rows(t);
}

}  // namespace

SectionOf<Config> pulse_section() {
    return {"field cooling, laser and electrical pulses", add_all_rows, check};
}

}  // namespace miniasd
