// The exchange bonds of the built-in crystals: what the exchange: keywords say (VAMPIRE's; their
// rows in exchange_keywords.cpp; system/interactions.cpp makes the bonds). A configuration
// section (input/section.hpp). The couplings themselves are the materials'
// (material[i]:exchange-matrix[j], system/material_section.hpp).
#pragma once

#include <map>
#include <utility>

#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct SystemSettings;

// exchange:function: the weight of a bond by its length.
enum class ExchangeFunction { nearest_neighbour, shell, exponential, material_exponential, rkky };
inline constexpr EnumWords<ExchangeFunction, 5> exchange_function_words{
    {{ExchangeFunction::nearest_neighbour, "nearest-neighbour"},
     {ExchangeFunction::shell, "shell"},
     {ExchangeFunction::exponential, "exponential"},
     {ExchangeFunction::material_exponential, "material-exponential"},
     {ExchangeFunction::rkky, "rkky"}}};
inline const char* word_of(ExchangeFunction v) {
    return word_of(exchange_function_words, v);
}

// An unordered pair of exchange categories {a, b}, 1-based, a <= b (system/crystals.hpp,
// exchange_categories).
using CategoryPair = std::pair<int, int>;

// Every pair closer than interaction_range x the nearest-neighbour distance is bonded, with weight
// f(r) times material[a]:exchange-matrix[b] (nearest-neighbour, exponential, RKKY), or shell by
// shell with exchange-matrix-<k>-nn (shell).
struct ExchangeSection {
    double interaction_range = 1.0;  // multiple of the nearest-neighbour distance
    ExchangeFunction function = ExchangeFunction::nearest_neighbour;
    // exponential: w = A exp(-r / B) + C; RKKY: w = (sin 2kr - 2kr cos 2kr) / (kr)^4. r, B and
    // 1/k in units of the cell edge a_x, as VAMPIRE applies them. Weights are then scaled so that
    // they add up to the number of nearest neighbours (exchange-matrix keeps its meaning).
    double decay_length = 0.4, decay_multiplier = 1.0, decay_shift = 0.0, rkky_kf = 1.0;
    // Per pair of categories: nn-cutoff-range and interaction-cutoff-range multiply that pair's
    // nearest-neighbour radius and interaction cutoff (1 when absent); the (A, B, C) of
    // unit-cell-category-exchange-parameters are material-exponential's weights for the pair.
    std::map<CategoryPair, double> nn_cutoff_range, interaction_cutoff_range;
    std::map<CategoryPair, Vec3> category_exchange_parameters;
    // exchange:dmi-cutoff-range: a DMI triangle i-j-k needs |r_ik| and |r_jk| at most this (m).
    double dmi_cutoff_range = 2.6e-10;
    // exchange:kitaev-cutoff-range: the longest bond with a Kitaev term (m), VAMPIRE's 2.6 Å
    double kitaev_cutoff = 2.6e-10;
    // exchange:four-spin-cutoff-1 and -2: a quartet's centre-to-member and member-to-member
    // distances (m), VAMPIRE's defaults 1 Å and 1.414 Å (system/four_spin_quartets.hpp)
    double four_spin_cutoff_1 = 1e-10, four_spin_cutoff_2 = 1.414e-10;
    MINIASD_FIELDS(interaction_range, function, decay_length, decay_multiplier, decay_shift,
                   rkky_kf, nn_cutoff_range, interaction_cutoff_range, category_exchange_parameters,
                   dmi_cutoff_range, kitaev_cutoff, four_spin_cutoff_1, four_spin_cutoff_2);
};
MINIASD_SIZE_GUARD(ExchangeSection, 224);

SectionOf<SystemSettings> exchange_section();  // exchange_keywords.cpp

}  // namespace miniasd
