// The statistics table (VAMPIRE's `output` file) and its screen twin: one header line naming each
// column with its unit, then one row per statistics sample (or per program point). Columns follow
// the output:* / screen:* keywords in the order given (stats/columns.hpp). Written by rank 0 only.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "stats/columns.hpp"
#include "stats/columns_section.hpp"

namespace miniasd {

class TimeSeriesTable {
  public:
    // `out` is not owned; nullptr makes a silent table (ranks other than 0). Every keyword must
    // name a column of column_table() (the parser has checked).
    // `energy_unit`: J, meV or eV; the columns whose unit is J (J/atom) are written in it.
    // `exchange_with_dmi`: the run has a DMI term, which the exchange-energy columns include (as
    // VAMPIRE's do): their headers then say so (E_exchange+DMI[J]), so nobody adds E_dmi to them
    // again when summing the columns to the total.
    // `heights`: the height categories of the height-profile columns (stats/height_profile.hpp).
    TimeSeriesTable(std::FILE* out, const std::vector<std::string>& keywords,
                    std::vector<std::string> material_names,
                    EnergyUnit energy_unit = EnergyUnit::joule, bool exchange_with_dmi = false,
                    int heights = 0);
    // Each returns "" or why the write failed (the system's reason). A row is written whole or
    // not at all: a failed write is cut back to the end of the previous row, so a reader of
    // the file never meets half a row (the stream must be unbuffered: OutputFiles opens it so).
    std::string write_header();
    std::string write_row(const RowContext& r);
    const std::vector<std::string>& column_names() const { return names_; }

  private:
    std::string append(const std::string& line);
    std::size_t copies(const ColumnSpec& c) const;  // its repeats: materials, heights or both
    std::string prefix(const ColumnSpec& c, std::size_t k) const;  // repeat k's header prefix
    std::FILE* out_;
    std::vector<const ColumnSpec*> columns_;
    std::vector<std::string> materials_;
    int heights_ = 0;
    std::vector<std::string> names_;  // one per printed number
    std::vector<double> scale_;       // one per printed number: J per its energy unit (1: J)
};

}  // namespace miniasd
