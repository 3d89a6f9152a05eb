// The run's limits: the wall time it may take (the stop policy, stop_policy.hpp) and the memory
// a node's ranks may use (system/memory_estimate.hpp): a configuration section
// (input/section.hpp), read from the sim: keywords in limits_keywords.cpp.
#pragma once

#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct Config;

struct LimitsSection {
    double wall_time = 0;  // s of wall time; 0: none. Stops with a checkpoint before it
    double memory = 0;     // bytes a node's ranks may use together; 0: what the node has
    MINIASD_FIELDS(wall_time, memory);
};
MINIASD_SIZE_GUARD(LimitsSection, 16);

SectionOf<Config> limits_section();  // limits_keywords.cpp

}  // namespace miniasd
