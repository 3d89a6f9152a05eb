#include "stats/time_series.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

#include "util/error.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {
// A header's unit in another energy unit: "E_total[J]" -> "E_total[meV]", "[J/atom]" ->
// "[meV/atom]"; the scale (J per unit), or 1 for a header that is not in joules.
double in_unit(std::string& header, EnergyUnit unit) {
    if (unit == EnergyUnit::joule) return 1;
    for (const char* j : {"[J]", "[J/atom]"}) {
        const std::size_t at = header.find(j);
        if (at == std::string::npos) continue;
        const bool milli = unit == EnergyUnit::millielectronvolt;
        header.replace(at + 1, 1, milli ? "meV" : "eV");
        return milli ? constants::electron_volt * 1e-3 : constants::electron_volt;
    }
    return 1;
}
}  // namespace

TimeSeriesTable::TimeSeriesTable(std::FILE* out, const std::vector<std::string>& keywords,
                                 std::vector<std::string> material_names, EnergyUnit energy_unit,
                                 bool exchange_with_dmi, int heights)
    : out_(out), materials_(std::move(material_names)), heights_(heights) {
    for (const std::string& k : keywords) {
        const ColumnSpec* c = find_column(k);
        if (!c) throw Error("unknown statistics column '" + k + "'");
        columns_.push_back(c);
        for (std::size_t m = 0; m < copies(*c); ++m)
            for (std::string h : c->headers) {
                if (exchange_with_dmi)
                    for (const char* stem : {"E_exchange[", "<E_exchange>["})
                        if (h.rfind(stem, 0) == 0)
                            h.insert(std::strlen(stem) - (stem[0] == '<' ? 2 : 1), "+DMI");
                scale_.push_back(in_unit(h, energy_unit));
                names_.push_back(prefix(*c, m) + h);
            }
    }
}

std::size_t TimeSeriesTable::copies(const ColumnSpec& c) const {
    return (c.per_material ? materials_.size() : 1) * (c.per_height ? std::size_t(heights_) : 1);
}

// "Co:" for material Co, "h3:" for height category 3, "h3:Co:" for Co within it.
std::string TimeSeriesTable::prefix(const ColumnSpec& c, std::size_t k) const {
    if (!c.per_height) return c.per_material ? materials_[k] + ":" : "";
    if (!c.per_material) return "h" + std::to_string(k) + ":";
    return "h" + std::to_string(k / materials_.size()) + ":" + materials_[k % materials_.size()] +
           ":";
}

std::string TimeSeriesTable::append(const std::string& line) {
    struct stat st {};
    const bool sized = ::fstat(::fileno(out_), &st) == 0;
    errno = 0;
    if (std::fputs(line.c_str(), out_) >= 0 && std::fflush(out_) == 0 && !std::ferror(out_))
        return "";
    const int why = errno ? errno : EIO;
    // Leave whole rows only: cut what reached the file of this one.
    if (sized && S_ISREG(st.st_mode)) {
        [[maybe_unused]] const int cut = ::ftruncate(::fileno(out_), st.st_size);
    }
    std::clearerr(out_);
    return std::strerror(why);
}

std::string TimeSeriesTable::write_header() {
    if (!out_) return "";
    std::string line = "#";
    for (const std::string& n : names_)
        line += " " + n;
    line += "\n";
    return append(line);
}

std::string TimeSeriesTable::write_row(const RowContext& r) {
    if (!out_) return "";
    std::string line;
    char buf[64];
    double v[8];
    std::size_t printed = 0;
    auto emit = [&](std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            // Shortest text that reads back to the same double; whole numbers up to 2^53 in
            // full (the shortest form of step 100000 is "1e+05").
            const double s = scale_[printed++];
            const double x = s == 1 ? v[k] : v[k] / s;
            const bool whole = std::abs(x) < 9007199254740992.0 && x == std::trunc(x) &&
                               !(x == 0 && std::signbit(x));
            auto res = whole ? std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(x))
                             : std::to_chars(buf, buf + sizeof buf, x);
            if (!line.empty()) line += ' ';
            line.append(buf, res.ptr);
        }
    };
    for (const ColumnSpec* c : columns_) {
        if (!c->per_material && !c->per_height) {
            c->values(r, -1, v);
            emit(c->headers.size());
            continue;
        }
        for (std::size_t m = 0; m < copies(*c); ++m) {
            c->values(r, static_cast<int>(m), v);
            emit(c->headers.size());
        }
    }
    line += '\n';
    return append(line);
}

}  // namespace miniasd
