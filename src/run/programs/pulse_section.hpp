// The field-cool, laser-pulse and electrical-pulse programs' settings (VAMPIRE's names, units and
// defaults; the two-temperature model's parameters in SI without unit conversion, as in VAMPIRE): a
// configuration section (input/section.hpp), read from the keywords in pulse_keywords.cpp.
#pragma once

#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct Config;

enum class CoolingFunction { exponential, gaussian, linear };
inline constexpr EnumWords<CoolingFunction, 3> cooling_function_words{{
    {CoolingFunction::exponential, "exponential"},
    {CoolingFunction::gaussian, "gaussian"},
    {CoolingFunction::linear, "linear"},
}};
enum class LaserProfile { two_temperature, square, double_two_temperature, double_square };
inline constexpr EnumWords<LaserProfile, 4> laser_profile_words{{
    {LaserProfile::two_temperature, "two-temperature"},
    {LaserProfile::square, "square"},
    {LaserProfile::double_two_temperature, "double-pulse-two-temperature"},
    {LaserProfile::double_square, "double-pulse-square"},
}};
inline bool square_profile(LaserProfile p) {
    return p == LaserProfile::square || p == LaserProfile::double_square;
}
inline bool double_profile(LaserProfile p) {
    return p == LaserProfile::double_two_temperature || p == LaserProfile::double_square;
}

struct PulseSection {
    double cooling_time = 100e-12;  // s, field-cool's time constant
    CoolingFunction cooling_function = CoolingFunction::exponential;
    LaserProfile laser_profile = LaserProfile::two_temperature;
    double time = 50e-15;                      // s, laser-pulse-time (FWHM; square: duration)
    double power = 20;                         // laser-pulse-power (programs/two_temperature.hpp)
    double electron_heat_capacity = 222;       // gamma: C_e = gamma T_e, J m^-3 K^-2
    double phonon_heat_capacity = 2.3e6;       // C_p, J m^-3 K^-1
    double electron_phonon_coupling = 6.6e17;  // G, W m^-3 K^-1
    double heat_sink_coupling = 0;             // kappa: phonons to the bath, s^-1
    // The double pulses' second pulse (VAMPIRE's sim:second-laser-pulse-*, its defaults): its
    // width (FWHM; square: duration), its power (two-temperature), its temperature (square) and
    // its delay (two-temperature: after the first's start; square: after the first's end).
    double second_time = 50e-15, second_power = 20, second_maximum_temperature = 500;
    double second_delay = 10e-12;
    // sim:simulation-cycles: field-cool, localised-field-cool and laser-pulse run their cooling
    // or pulse this many times in a row (VAMPIRE's), the equilibration only before the first.
    std::int64_t cycles = 1;
    // electrical-pulse: the current's linear rise, plateau and linear fall (s), VAMPIRE's
    double electrical_rise = 0, electrical_time = 1e-9, electrical_fall = 0;
    // fmr: the oscillating field H0 sin(2 pi f t) along fmr_direction (VAMPIRE's sim:fmr-field-*;
    // its default frequency is 1 Hz, as a value without a unit is in Hz)
    double fmr_strength = 0;   // H0, T
    double fmr_frequency = 1;  // f, Hz
    Vec3 fmr_direction{0, 0, 1};
    double field_pulse_time = 1e-9;  // s, field-pulse's tau (VAMPIRE's default)
    MINIASD_FIELDS(cooling_time, cooling_function, laser_profile, time, power,
                   electron_heat_capacity, phonon_heat_capacity, electron_phonon_coupling,
                   heat_sink_coupling, second_time, second_power, second_maximum_temperature,
                   second_delay, cycles, electrical_rise, electrical_time, electrical_fall,
                   fmr_strength, fmr_frequency, fmr_direction, field_pulse_time);
};
MINIASD_SIZE_GUARD(PulseSection, 176);

SectionOf<Config> pulse_section();  // pulse_keywords.cpp

}  // namespace miniasd
