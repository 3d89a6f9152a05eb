// describe(): the configuration as the input lines that reproduce it, generated from the keyword
// table's readers (KeywordSpec::read). Each row says what value reproduces its setting; this file
// only prints values by kind, so a keyword cannot be missing from the description, and hence
// from a checkpoint's fingerprint, unless its row says so (tests/input/test_describe.cpp).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "run/config/config.hpp"
#include "run/config/keyword_table.hpp"
#include "run/config/parser.hpp"
#include "system/crystals.hpp"
#include "util/shortest.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// The shortest decimal x (fewest significant digits) with x * factor == v exactly, which is the
// parser's conversion, as {digits, text}; {0, ""} if there is none.
std::pair<int, std::string> exact_in(double v, double factor) {
    char b[40];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(b, sizeof b, "%.*g", digits, v / factor);
        const double x = std::strtod(b, nullptr);
        if (x * factor == v) return {digits, shortest(x)};  // 300, not 3e+02
    }
    return {0, ""};
}

// A real value in the unit of its dimension that writes it exactly in the fewest digits, the
// default unit (VAMPIRE's: Å, J, μB, ...) first on a tie: 0.1 fs, not 1.0000000000000001e-16 s.
// SI, always exact, where no unit is.
std::string real_text(const KeywordSpec& spec, double v) {
    if (spec.dimension == Dimension::none) return shortest(v);
    const std::string_view def = default_unit_name(spec.dimension);
    std::pair<int, std::string> best = exact_in(v, find_unit(def)->to_si);
    std::string unit(def);
    for (const Unit& u : unit_table()) {
        if (u.dimension != spec.dimension || u.name == def) continue;
        const auto e = exact_in(v, u.to_si);
        if (e.first > 0 && (best.first == 0 || e.first < best.first)) {
            best = e;
            unit = u.name;
        }
    }
    if (best.first > 0) return best.second + " !" + unit;
    return shortest(v) + " !" + std::string(si_unit_name(spec.dimension));
}

std::string value_text(const KeywordSpec& spec, const Value& v) {
    switch (spec.kind) {
        case ValueKind::flag:
            return "";
        case ValueKind::integer:
            return std::to_string(v.integer);
        case ValueKind::real:
            return real_text(spec, v.real);
        case ValueKind::real_or_triple: {
            if (!v.triple) return real_text(spec, v.real);
            // Three numbers in SI (exact), one unit after them.
            std::string out =
                shortest(v.vec[0]) + "," + shortest(v.vec[1]) + "," + shortest(v.vec[2]);
            if (spec.dimension != Dimension::none)
                out += " !" + std::string(si_unit_name(spec.dimension));
            return out;
        }
        case ValueKind::direction_or_random:
            if (v.random) return "random";
            [[fallthrough]];
        case ValueKind::direction:
            return shortest(v.vec[0]) + "," + shortest(v.vec[1]) + "," + shortest(v.vec[2]);
        case ValueKind::choice:
        case ValueKind::text:
            return v.text;
    }
    return "";
}

std::string line(const KeywordSpec& spec, int i, int j, const Value& v) {
    std::string key = spec.section;
    if (i >= 0) key += "[" + std::to_string(i + 1) + "]";
    key += ":" + spec.name;
    if (j >= 0) key += "[" + std::to_string(j + 1) + "]";
    return spec.kind == ValueKind::flag ? key : key + " = " + value_text(spec, v);
}

std::string pair_line(const KeywordSpec& spec, int a, int b, const Value& v) {
    return spec.section + ":" + spec.name + "[" + std::to_string(a + 1) + "][" +
           std::to_string(b + 1) + "] = " + value_text(spec, v);
}

}  // namespace

std::string describe(const Config& c) {
    const std::vector<KeywordSpec>& table = keyword_table();
    const int materials = static_cast<int>(c.materials.size());
    std::string out;
    std::size_t r = 0;
    while (r < table.size()) {
        // A run of rows: one section's (printed in each row's order), or the material[i]: rows,
        // printed material by material.
        std::size_t end = r + 1;
        while (end < table.size() && table[end].section == table[r].section &&
               table[end].material_indexed == table[r].material_indexed)
            ++end;
        struct Line {
            std::size_t order, row;
            std::string text;
        };
        std::vector<Line> lines;
        const int outer = table[r].material_indexed ? materials : 1;
        for (int i = 0; i < outer; ++i)
            for (std::size_t k = r; k < end; ++k) {
                const KeywordSpec& s = table[k];
                if (!s.read) continue;
                if (s.category_pair) {  // exchange:name[a][b], a <= b
                    const int n = c.unit_cell_file.given() ? 0 : exchange_category_count(c);
                    for (int a = 0; a < n; ++a)
                        for (int b = a; b < n; ++b)
                            if (const std::optional<Value> v = s.read(c, a, b))
                                lines.push_back({s.order ? s.order(c) : 0, lines.size(),
                                                 pair_line(s, a, b, *v)});
                    continue;
                }
                const int mi = s.material_indexed ? i : -1;
                for (int j = 0; j < (s.second_material_index ? materials : 1); ++j) {
                    const int mj = s.second_material_index ? j : -1;
                    if (const std::optional<Value> v = s.read(c, mi, mj))
                        lines.push_back(
                            {s.order ? s.order(c) : 0, lines.size(), line(s, mi, mj, *v)});
                }
            }
        std::stable_sort(lines.begin(), lines.end(),
                         [](const Line& a, const Line& b) { return a.order < b.order; });
        for (const Line& l : lines)
            out += l.text + "\n";
        r = end;
    }
    return out;
}

std::string fingerprint(const Config& c) {
    std::string out = describe(c);
    if (c.unit_cell_file.given()) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "%016llx",
                      static_cast<unsigned long long>(digest(c.unit_cell_file)));
        out += "# unit-cell file " + c.unit_cell_file.path + ": digest " + hex + "\n";
    }
    if (c.field_sweep.given()) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "%016llx",
                      static_cast<unsigned long long>(digest(c.field_sweep)));
        // The file's name is always field-sweep (beside the input, wherever that is named from).
        out += std::string("# field-sweep file: digest ") + hex + "\n";
    }
    return out;
}

std::string fingerprint_digest(const std::string& fingerprint) {
    // Every file's digest line ("# <what> file[ <path>]: digest <hex>"), joined by "; ".
    std::string out;
    std::istringstream in(fingerprint);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("# ", 0) == 0 && line.find(": digest ") != std::string::npos)
            out += (out.empty() ? "" : "; ") + line;
    return out;
}

std::string redescribe(const std::string& text) {
    try {
        // The text is the main file; a file it names (a unit-cell file) is read from disk: its
        // contents are compared by the fingerprint's digest line, not here. The field-sweep file
        // (read beside "fingerprint", so from the working directory) is compared so only: a
        // stand-in segment keeps the text parseable wherever the run is.
        const TextLoader load = [&](const std::string& path) {
            if (path == "fingerprint") return LoadResult{true, text, ""};
            if (path == "field-sweep") return LoadResult{true, "0 0 1 1\n", ""};
            std::ifstream in(path, std::ios::binary);
            std::ostringstream s;
            s << in.rdbuf();
            return in ? LoadResult{true, s.str(), ""} : LoadResult{false, "", "cannot open"};
        };
        return describe(read_config("fingerprint", load));
    } catch (const std::exception&) {
        return text;
    }
}

}  // namespace miniasd
