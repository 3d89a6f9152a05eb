// Rows of the sim: keywords of the field-cool and laser-pulse programs (VAMPIRE's names, units
// and defaults; the two-temperature model's parameters are in SI without unit conversion, as in
// VAMPIRE).
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_pulse_keywords(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "cooling-time", K::real, D::time, 1e-18, 1.0, "100 ps",
        "field-cool: time constant of the cooling from sim:maximum-temperature to "
        "sim:minimum-temperature",
        [](Config& c, const Value& v, const Entry&) { c.cooling_time = v.real; },
        [](const Config& c) { return number(c.cooling_time); }));
    t.push_back(choice(
        "sim", "cooling-function", "exponential|gaussian|linear", "exponential",
        "field-cool: T(t) = T_min + (T_max - T_min) f(t / cooling-time) with f = exp(-x), "
        "exp(-x^2) or max(0, 1 - x)",
        [](Config& c, const Value& v, const Entry&) {
            using F = Config::CoolingFunction;
            c.cooling_function = v.text == "gaussian" ? F::gaussian
                                 : v.text == "linear" ? F::linear
                                                      : F::exponential;
        },
        [](const Config& c) {
            const char* f[] = {"exponential", "gaussian", "linear"};
            return word(f[static_cast<int>(c.cooling_function)]);
        }));
    t.push_back(choice(
        "sim", "laser-pulse-temporal-profile", "two-temperature|square", "two-temperature",
        "laser-pulse: electron temperature from the two-temperature model, or a "
        "square pulse at sim:maximum-temperature for laser-pulse-time",
        [](Config& c, const Value& v, const Entry&) {
            c.laser_profile = v.text == "square" ? Config::LaserProfile::square
                                                 : Config::LaserProfile::two_temperature;
        },
        [](const Config& c) {
            return word(c.laser_profile == Config::LaserProfile::square ? "square"
                                                                        : "two-temperature");
        }));
    t.push_back(row(
        "sim", "laser-pulse-time", K::real, D::time, 1e-18, 1.0, "50 fs",
        "laser-pulse: full width at half maximum of the Gaussian pulse (centred three "
        "widths after the pulse phase starts); square: its duration",
        [](Config& c, const Value& v, const Entry&) { c.pulse_time = v.real; },
        [](const Config& c) { return number(c.pulse_time); }));
    t.push_back(row(
        "sim", "laser-pulse-power", K::real, D::none, 0, 1e40, "20",
        "laser-pulse: VAMPIRE's pulse power P; the pulse deposits 1e7 P J/m^3 in the "
        "electrons (0.1 P J/m^2 over a 10 nm absorption depth)",
        [](Config& c, const Value& v, const Entry&) { c.pulse_power = v.real; },
        [](const Config& c) { return number(c.pulse_power); }));
    t.push_back(row(
        "sim", "two-temperature-electron-heat-capacity", K::real, D::none, 1e-10, 1e40, "222",
        "gamma of the electron heat capacity C_e = gamma T_e (J m^-3 K^-2)",
        [](Config& c, const Value& v, const Entry&) { c.electron_heat_capacity = v.real; },
        [](const Config& c) { return number(c.electron_heat_capacity); }));
    t.push_back(row(
        "sim", "two-temperature-phonon-heat-capacity", K::real, D::none, 1e-10, 1e40, "2.3e6",
        "phonon (lattice) heat capacity C_p (J m^-3 K^-1)",
        [](Config& c, const Value& v, const Entry&) { c.phonon_heat_capacity = v.real; },
        [](const Config& c) { return number(c.phonon_heat_capacity); }));
    t.push_back(row(
        "sim", "two-temperature-electron-phonon-coupling", K::real, D::none, 0, 1e40, "6.6e17",
        "electron-phonon coupling G (W m^-3 K^-1)",
        [](Config& c, const Value& v, const Entry&) { c.electron_phonon_coupling = v.real; },
        [](const Config& c) { return number(c.electron_phonon_coupling); }));
    t.push_back(row(
        "sim", "two-temperature-heat-sink-coupling", K::real, D::none, 0, 1e40, "0",
        "rate kappa (1/s) at which the phonons relax to sim:temperature (substrate)",
        [](Config& c, const Value& v, const Entry&) { c.heat_sink_coupling = v.real; },
        [](const Config& c) { return number(c.heat_sink_coupling); }));
}

}  // namespace miniasd::keyword_rows
