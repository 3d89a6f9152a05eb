#include "run/programs/point_table.hpp"

#include "run/program_host.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

PointTable::PointTable(const ProgramHost& sim, const std::string& file,
                       const std::vector<std::string>& headers) {
    bool appended = false;
    out_ = sim.open_output_file(file, path_, &appended);
    if (!out_ || appended) return;  // a continued run's table has its header
    std::string line = "#";
    for (const std::string& h : headers)
        line += " " + h;
    std::fprintf(out_, "%s\n", line.c_str());
    std::fflush(out_);
}

PointTable::~PointTable() {
    if (out_) std::fclose(out_);
}

void PointTable::write_row(const std::vector<double>& values) {
    if (!out_) return;
    std::string line;
    for (double v : values) {
        if (!line.empty()) line += ' ';
        line += shortest(v);
    }
    std::fprintf(out_, "%s\n", line.c_str());
    if (std::fflush(out_) != 0 || std::ferror(out_))
        throw LocalError("writing the summary file '" + path_ + "' failed");
}

}  // namespace miniasd
