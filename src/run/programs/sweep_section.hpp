// The sweeps of the curie-temperature and (partial-)hysteresis-loop programs (their temperatures,
// fields and steps per point; field-cool and laser-pulse read the temperatures too): a
// configuration section (input/section.hpp), read from the sim: keywords in sweep_keywords.cpp.
#pragma once

#include <cstdint>

#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct Config;

struct SweepSection {
    std::int64_t loop_steps = 10000;  // steps per temperature/field point of a program
    double minimum_temperature = 0, maximum_temperature = 300, temperature_increment = 10;  // K
    double maximum_field = 1, field_increment = 0.1;                                        // T
    // partial-hysteresis-loop's first field (VAMPIRE's default) and the loops' equilibration field
    double minimum_field = -1, equilibration_field = 0;  // T
    MINIASD_FIELDS(loop_steps, minimum_temperature, maximum_temperature, temperature_increment,
                   maximum_field, field_increment, minimum_field, equilibration_field);
};
MINIASD_SIZE_GUARD(SweepSection, 64);

SectionOf<Config> sweep_section();  // sweep_keywords.cpp

}  // namespace miniasd
