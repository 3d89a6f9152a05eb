// The statistics table (VAMPIRE's `output` file) and its screen twin: one header line naming each
// column with its unit, then one row per statistics step. Columns follow the output:* / screen:*
// keywords in the order given. Written by rank 0 only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "input/config.hpp"
#include "stats/observables.hpp"

namespace miniasd {

// The columns used when the input names none.
std::vector<Column> default_output_columns();

// Everything a row can show.
struct StatsRow {
    std::int64_t step = 0;      // time steps since the start (equilibration included)
    double time = 0;            // s
    double temperature = 0;     // K
    double field_strength = 0;  // T
    Vec3 field_direction{0, 0, 1};
    Observables obs;
    double mean_m_length = 0;      // running means since the end of equilibration
    double mean_total_energy = 0;  // J per atom
};

class TimeSeriesTable {
  public:
    // `out` is not owned; nullptr makes a silent table (ranks other than 0).
    TimeSeriesTable(std::FILE* out, std::vector<Column> columns,
                    std::vector<std::string> material_names);
    void write_header();
    void write_row(const StatsRow& r);
    const std::vector<std::string>& column_names() const { return names_; }

  private:
    std::FILE* out_;
    std::vector<Column> columns_;
    std::vector<std::string> materials_;
    std::vector<std::string> names_;  // one per printed number
};

}  // namespace miniasd
