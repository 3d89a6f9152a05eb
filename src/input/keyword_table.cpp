// What every keyword table can answer: a row by name, the near miss of a misspelt keyword
// (keyword_table.hpp).
#include "input/keyword_table.hpp"

#include <algorithm>
#include <charconv>

namespace miniasd {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

}  // namespace

std::string KeywordRow::pattern() const {
    return section + (material_indexed ? "[i]" : "") + ":" + name +
           (second_material_index ? "[j]" : "") + (category_pair ? "[a][b]" : "");
}

const KeywordRow* find_row(const KeywordRows& rows, const std::string& section,
                           const std::string& name) {
    for (const KeywordRow* s : rows)
        if (s->section == section && s->name == name) return s;
    return nullptr;
}

namespace {

// Whether an entry written like `e` could be a line of keyword `s`: a bare flag only for flags,
// a number for numbers, a comma list for directions, a word for choices and text. A suggestion
// of a keyword that takes another kind of value would point at different physics.
bool same_value_type(const KeywordRow& s, const Entry& e) {
    if (!e.has_value) return s.kind == ValueKind::flag;
    const bool list = e.value.find(',') != std::string::npos;
    double x = 0;
    const char* b = e.value.data();
    const bool number =
        !list && std::from_chars(b, b + e.value.size(), x).ptr == b + e.value.size();
    switch (s.kind) {
        case ValueKind::flag:
            return false;
        case ValueKind::integer:
        case ValueKind::real:
            return number;
        case ValueKind::real_or_triple:
            return number || list;
        case ValueKind::direction:
            return list;
        case ValueKind::direction_or_random:
            return list || !number;
        case ValueKind::choice:
            return !number && !list;
        case ValueKind::text:
            return true;
    }
    return false;
}

}  // namespace

std::string suggest_keyword(const KeywordRows& rows, const Entry& e) {
    const std::string wanted = e.section + ":" + e.name;
    std::string best;
    // A near miss is one or two edits, a few more in long names; more than that is another word.
    std::size_t best_d = std::max<std::size_t>(2, wanted.size() / 8) + 1;
    for (const KeywordRow* row : rows) {
        const KeywordRow& s = *row;
        if (!same_value_type(s, e)) continue;
        // The distance is at least the length difference: skip without the quadratic work (a
        // 2 MB garbage key is answered at once).
        const std::size_t la = wanted.size(), lb = s.lookup_name().size();
        if ((la > lb ? la - lb : lb - la) >= best_d) continue;
        const std::size_t d = edit_distance(wanted, s.lookup_name());
        if (d < best_d) {
            best_d = d;
            best = s.pattern();
        }
    }
    return best;
}

}  // namespace miniasd
