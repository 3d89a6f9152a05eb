// The field-sweep file (field_sweep_file.hpp).
#include "run/programs/field_sweep_file.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

constexpr const char* keyword = "field-sweep";
constexpr const char* format =
    "expected four values, \"H_start H_end increment steps\" (fields in T, steps a whole number "
    "of time steps per field)";
// Fields a file may hold (the loops' own limit: each is a row of the table).
constexpr double max_points = 1e6;

}  // namespace

FieldSweepFile parse_field_sweep_file(const std::string& text, const std::string& path) {
    FieldSweepFile f;
    f.path = path;
    std::vector<InputError> mistakes;
    std::istringstream in(text);
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        ++n;
        if (n == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 mark
        // VAMPIRE reads the first four words of a line: a comment may follow them.
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::istringstream words(line);
        FieldSweepSegment s;
        s.line = n;
        std::string steps, extra;
        if (!(words >> s.start >> s.end >> s.increment >> steps) || (words >> extra)) {
            mistakes.emplace_back(path, n, keyword, format);
            continue;
        }
        // The steps: a whole number (VAMPIRE reads an int; "1e4" would stop its read at "1").
        std::size_t used = 0;
        long long count = -1;
        try {
            count = std::stoll(steps, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != steps.size() || count < 1 || count > 1000000000000000LL) {
            mistakes.emplace_back(path, n, keyword,
                                  "steps '" + steps +
                                      "' must be a whole number from 1 to 1e15 (time steps at "
                                      "each field)");
            continue;
        }
        s.steps = count;
        if (!std::isfinite(s.start) || !std::isfinite(s.end) || !std::isfinite(s.increment) ||
            std::abs(s.start) > 1e3 || std::abs(s.end) > 1e3) {
            mistakes.emplace_back(path, n, keyword,
                                  "fields must be finite and within -1000..1000 T (the range of "
                                  "sim:maximum-applied-field-strength)");
            continue;
        }
        s.increment = std::abs(s.increment);
        if (s.start != s.end && s.increment == 0) {
            // VAMPIRE would loop for ever here.
            mistakes.emplace_back(path, n, keyword,
                                  "the increment is 0 but the segment goes from " + g4(s.start) +
                                      " to " + g4(s.end) + " T: give the step between fields");
            continue;
        }
        if (s.start != s.end && !(std::abs(s.end - s.start) / s.increment <= max_points)) {
            mistakes.emplace_back(path, n, keyword,
                                  "the increment gives more than 1e6 fields: raise it");
            continue;
        }
        // The last field may pass the end by up to one increment (VAMPIRE's): it too must be
        // a field miniASD accepts.
        const double last = field_sweep_points(s).back();
        if (!(std::abs(last) <= 1e3)) {
            mistakes.emplace_back(path, n, keyword,
                                  "the segment's last field, " + g4(last) +
                                      " T (the first at or past the end), is beyond 1000 T: "
                                      "make the increment smaller");
            continue;
        }
        f.segments.push_back(s);
    }
    double points = 0;
    for (const FieldSweepSegment& s : f.segments)
        points += std::floor(std::abs(s.end - s.start) / std::max(s.increment, 1e-300)) + 2;
    if (mistakes.empty() && points > max_points)
        mistakes.emplace_back(path, 0, keyword,
                              "the segments hold more than 1e6 fields in all (each a row of the "
                              "table): raise their increments");
    if (mistakes.empty() && f.segments.empty())
        mistakes.emplace_back(
            path, 0, keyword,
            std::string("the file holds no segment: ") + format + ", one line per segment");
    if (mistakes.size() == 1) throw mistakes.front();
    if (!mistakes.empty()) throw InputErrors(mistakes, 0);
    return f;
}

std::vector<double> field_sweep_points(const FieldSweepSegment& s) {
    if (s.start == s.end) return {s.start};
    const double dir = s.end > s.start ? 1.0 : -1.0;
    const double span = std::abs(s.end - s.start);
    // k increments reach the end within the tolerance: the last field; otherwise one past it.
    const double whole = std::floor(span / s.increment + 1e-9);
    const auto n = static_cast<std::int64_t>(whole) +
                   (span - whole * s.increment > 1e-9 * s.increment ? 1 : 0);
    std::vector<double> p;
    p.reserve(static_cast<std::size_t>(n) + 1);
    for (std::int64_t k = 0; k <= n; ++k)
        p.push_back(s.start + dir * double(k) * s.increment);
    return p;
}

double field_sweep_steps(const FieldSweepFile& f, std::int64_t equilibration) {
    double steps = 0;
    for (const FieldSweepSegment& s : f.segments)
        steps += double(equilibration) + double(field_sweep_points(s).size()) * double(s.steps);
    return steps;
}

std::uint64_t digest(const FieldSweepFile& f) {
    std::uint64_t h = mix64(f.segments.size());
    for (const FieldSweepSegment& s : f.segments)
        for (double v : {s.start, s.end, s.increment, double(s.steps)})
            h = mix64(h ^ bits_of(v));
    return h;
}

}  // namespace miniasd
