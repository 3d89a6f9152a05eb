// The relaxation's settings (sim:program = relax, sim:relax-first; integrate/minimiser.hpp):
// a configuration section (input/section.hpp), read from the keywords in relax_keywords.cpp.
#pragma once

#include <cstdint>

#include "system/system_settings.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

enum class RelaxMethod { velocity_projection, damped_llg, lbfgs };
inline constexpr EnumWords<RelaxMethod, 3> relax_method_words{{
    {RelaxMethod::velocity_projection, "velocity-projection"},
    {RelaxMethod::damped_llg, "damped-llg"},
    {RelaxMethod::lbfgs, "lbfgs"},
}};

struct RelaxSection {
    RelaxMethod method = RelaxMethod::velocity_projection;
    double tolerance = 1e-6;          // T: converged when every |S x H| is below it
    bool first = false;               // relax before the program's first step
    std::int64_t max_steps = 100000;  // sim:relax-first's limit (relax: total-time-steps)
    MINIASD_FIELDS(method, tolerance, first, max_steps);
};
MINIASD_SIZE_GUARD(RelaxSection, 32);

// What the relaxation's code reads of the input: its section, over the system's.
struct RelaxSettings : virtual SystemSettings {
    RelaxSection relax;
};

SectionOf<RelaxSettings> relax_section();  // relax_keywords.cpp

}  // namespace miniasd
