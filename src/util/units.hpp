// Physical constants (SI) and the unit table used by the input parser.
// SI is used everywhere inside the code; conversion happens only at the input/output edges.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace miniasd {

namespace constants {
inline constexpr double bohr_magneton = 9.2740100783e-24;  // J/T
// mu0 / 4 pi (T m / A): the classical value, as VAMPIRE uses (the 2019 SI value differs by 6e-10).
inline constexpr double mu0_over_4pi = 1e-7;
inline constexpr double boltzmann = 1.380649e-23;             // J/K
inline constexpr double electron_volt = 1.602176634e-19;      // J
inline constexpr double elementary_charge = 1.602176634e-19;  // C (exact, SI 2019)
inline constexpr double hbar = 1.054571817e-34;               // J s (CODATA 2018, exact h / 2 pi)
inline constexpr double gyromagnetic_ratio = 1.760859e11;     // rad s^-1 T^-1 (docs/physics.md)
}  // namespace constants

// What a quantity measures; decides which units an input value may carry.
enum class Dimension {
    none,
    length,
    energy,
    moment,
    field,
    time,
    temperature,
    data_size,
    current_density,
    frequency,
};

struct Unit {
    std::string_view name;  // as written after '!' in an input file
    Dimension dimension;
    double to_si;  // SI value of one of this unit
};

// Every unit the input accepts.
const std::vector<Unit>& unit_table();

// The unit called `name`, or nullptr.
const Unit* find_unit(std::string_view name);

// SI unit of a dimension as printed in headers and docs ("m", "J", "J/T", "T", "s", "K").
std::string_view si_unit_name(Dimension d);

// The unit assumed when an input value has none (VAMPIRE's defaults: Å, J, μB, T, s, K).
std::string_view default_unit_name(Dimension d);

// Lower-case name of a dimension ("length", "energy", ...).
std::string_view dimension_name(Dimension d);

// Comma-separated list of the unit names of a dimension, for error messages and docs.
std::string unit_names(Dimension d);

}  // namespace miniasd
