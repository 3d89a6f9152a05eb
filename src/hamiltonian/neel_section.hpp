// VAMPIRE's Néel surface anisotropy's global settings (its anisotropy: keywords; the constants
// are the materials' neel-anisotropy-constant[j]): a configuration section (input/section.hpp),
// read from the keywords in neel_keywords.cpp. The term: hamiltonian/neel_anisotropy.hpp.
#pragma once

#include "system/system_settings.hpp"
#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

struct NeelSection {
    // An atom with fewer than `threshold` neighbours within `range` is a surface atom; -1: the
    // crystal's coordination (0 with a unit-cell file, as in VAMPIRE: no surface atom).
    int threshold = -1;
    double range = 1e-1;  // m (VAMPIRE's 1e9 Å: every exchange bond counts)
    bool bulk = false;    // enable-bulk-neel-anisotropy: every atom is a surface atom
    // k_ij exp(-factor (r - r0) / r0) when given (either keyword)
    bool range_dependent = false;
    double exponential_factor = 5.53;
    double exponential_range = 2.5e-10;  // r0, m
    MINIASD_FIELDS(threshold, range, bulk, range_dependent, exponential_factor, exponential_range);
};
MINIASD_SIZE_GUARD(NeelSection, 40);

struct NeelSettings : virtual SystemSettings {
    NeelSection neel;
};

SectionOf<NeelSettings> neel_section();  // neel_keywords.cpp

// Whether some material has a Néel constant (the term is built).
bool has_neel_anisotropy(const SystemSettings& c);  // neel_keywords.cpp

}  // namespace miniasd
