// The summary table of a sweep program (curie-temperature, hysteresis-loop): one row per
// temperature or field point, each averaged quantity followed by its statistical error
// (jackknife over blocks of samples, stats/accumulator.hpp). Written by rank 0 only; the file is
// `<program>` in the output directory, beside the `output` table.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace miniasd {

class ProgramHost;

class PointTable {
  public:
    // Collective: rank 0 opens the file (none when the run writes no files).
    PointTable(const ProgramHost& sim, const std::string& file,
               const std::vector<std::string>& headers);
    ~PointTable();
    PointTable(const PointTable&) = delete;
    PointTable& operator=(const PointTable&) = delete;

    void write_row(const std::vector<double>& values);
    const std::string& path() const { return path_; }

  private:
    std::FILE* out_ = nullptr;
    std::string path_;
};

}  // namespace miniasd
