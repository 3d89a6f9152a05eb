// The statistics columns (output:* and screen:* keywords, VAMPIRE's names): one table row per
// column holds its keyword, documentation, header names and how its numbers are computed, so
// adding a statistic means adding one row here (and, for a new sampled quantity, one series in
// observables.hpp). The energy columns are generated from hamiltonian/energy_kinds.hpp. The keyword
// table and docs/input-reference.md are generated from this table.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hamiltonian/energy_kinds.hpp"
#include "stats/observables.hpp"
#include "stats/run_state.hpp"
#include "system/material_section.hpp"

namespace miniasd {

// What a row is computed from.
struct RowContext {
    const RunState& state;   // step, time, temperatures, field, accumulated samples
    const Observables& obs;  // the current sample
    std::int64_t atoms;      // in the whole system
    double total_moment;     // sum of mu_s over all atoms, J/T
    const std::vector<double>& material_moment;  // the same per material, J/T
    // Atoms per material in the whole system, and the materials (null in tests that need
    // neither: their columns then read 0 and the run's temperature).
    const std::vector<std::int64_t>* material_atoms = nullptr;
    const std::vector<MaterialConfig>* materials = nullptr;
};

struct ColumnSpec {
    std::string keyword;               // "mean-magnetisation-length"
    std::string doc;                   // one line for the reference
    std::vector<std::string> headers;  // one per number; per-material columns get "name:" first
    bool per_material;                 // the numbers repeat for every material
    // Writes headers.size() numbers for `material` (-1 for whole-system columns); a height
    // column's index is the height category's, or height * materials + material with
    // per_material too (VAMPIRE's order).
    std::function<void(const RowContext&, int material, double* out)> values;
    bool per_height = false;  // the numbers repeat for every height category (height profiles)
};

const std::vector<ColumnSpec>& column_table();
const ColumnSpec* find_column(const std::string& keyword);

// Derived statistics of a series of the accumulator (J, K, T units as stated):
// chi = mu_total (<x^2> - <x>^2) / (k_B T)  (1/T), C = N (<e^2> - <e>^2) / (k_B T)^2 (k_B per
// atom, e the energy per atom), U4 = 1 - <x^4> / (3 <x^2>^2).
}  // namespace miniasd
