// The statistics table's settings (output: and screen: keywords, one per column of
// stats/columns.hpp, and VAMPIRE's output:output-rate): a configuration section
// (input/section.hpp), read from the keywords in columns_keywords.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "system/system_settings.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

// output:energy-unit: the energy (and torque) columns in J, meV or eV (Spirit, UppASD and
// magnopy users compare in meV).
enum class EnergyUnit { joule, millielectronvolt, electronvolt };
inline constexpr EnumWords<EnergyUnit, 3> energy_unit_words{{
    {EnergyUnit::joule, "J"},
    {EnergyUnit::millielectronvolt, "meV"},
    {EnergyUnit::electronvolt, "eV"},
}};

struct ColumnsSection {
    // The columns' keywords in the order given (the file's column order); empty: a default set.
    std::vector<std::string> file;    // output:
    std::vector<std::string> screen;  // screen:
    std::int64_t rate = 1;            // a row every this many statistics samples
    EnergyUnit energy_unit = EnergyUnit::joule;
    MINIASD_FIELDS(file, screen, rate, energy_unit);

    // Whether a column of the file or the screen contains `part` ("domain-wall-": a column that
    // needs the wall's profile built).
    bool shows(const std::string& part) const {
        for (const auto* list : {&file, &screen})
            for (const std::string& k : *list)
                if (k.find(part) != std::string::npos) return true;
        return false;
    }
};
MINIASD_SIZE_GUARD(ColumnsSection, 64);

// What the statistics read of the input: the columns, over the system's.
struct ColumnsSettings : virtual SystemSettings {
    ColumnsSection columns;
};

SectionOf<ColumnsSettings> columns_section();  // columns_keywords.cpp

}  // namespace miniasd
