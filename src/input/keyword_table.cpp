// The rows of the keyword table. Names and units follow VAMPIRE wherever the feature is shared,
// so VAMPIRE input files for supported features run unchanged.
#include "input/keyword_table.hpp"
#include "input/keyword_rows.hpp"

#include <algorithm>
#include <charconv>

#include <limits>
#include "util/error.hpp"

namespace miniasd {

namespace {

std::vector<KeywordSpec> make_table() {
    using namespace keyword_rows;
    std::vector<KeywordSpec> t;
    add_structure_keywords(t);
    add_material_keywords(t);
    add_sim_keywords(t);
    add_pulse_keywords(t);
    add_config_keywords(t);
    add_output_keywords(t);
    return t;
}

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

std::string KeywordSpec::pattern() const {
    return section + (material_indexed ? "[i]" : "") + ":" + name +
           (second_material_index ? "[j]" : "");
}

const std::vector<KeywordSpec>& keyword_table() {
    static const std::vector<KeywordSpec> table = make_table();
    return table;
}

const KeywordSpec* find_keyword(const std::string& section, const std::string& name) {
    for (const KeywordSpec& s : keyword_table())
        if (s.section == section && s.name == name) return &s;
    return nullptr;
}

std::string suggest_keyword(const std::string& section, const std::string& name) {
    const std::string wanted = section + ":" + name;
    std::string best;
    std::size_t best_d = std::max<std::size_t>(3, wanted.size() / 4) + 1;
    for (const KeywordSpec& s : keyword_table()) {
        const std::size_t d = edit_distance(wanted, s.lookup_name());
        if (d < best_d) {
            best_d = d;
            best = s.pattern();
        }
    }
    return best;
}

}  // namespace miniasd
