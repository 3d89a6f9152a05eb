// Rows of the output: and screen: keywords: one flag per statistics column (stats/columns.hpp),
// in the order given, plus VAMPIRE's output:output-rate.
#include <algorithm>

#include "input/keyword_rows.hpp"
#include "stats/columns.hpp"

namespace miniasd::keyword_rows {

void add_output_keywords(std::vector<KeywordSpec>& t) {
    for (const char* section : {"output", "screen"}) {
        const bool file = std::string(section) == "output";
        for (const ColumnSpec& col : column_table()) {
            const std::string name = col.keyword;
            std::string doc = (file ? "column in the output file: " : "column on the screen: ") +
                              std::string(col.doc) + (col.per_material ? " (per material)" : "");
            // A column's place in the list is its place in the file: describe() keeps it. The
            // list's size: not given.
            auto place = [name, file](const Config& c) {
                const auto& list = file ? c.output_columns : c.screen_columns;
                return static_cast<std::size_t>(std::find(list.begin(), list.end(), name) -
                                                list.begin());
            };
            KeywordSpec s = row(
                section, name, K::flag, D::none, 0, 0, "-", doc,
                [name, file](Config& c, const Value&, const Entry&) {
                    (file ? c.output_columns : c.screen_columns).push_back(name);
                },
                [place, file](const Config& c) {
                    return flag_if(place(c) < (file ? c.output_columns : c.screen_columns).size());
                });
            s.order = place;
            t.push_back(s);
        }
    }
    t.push_back(row(
        "output", "output-rate", K::integer, D::none, 1, 1000000, "1",
        "write a statistics sample's row to the output file and the screen when its time step "
        "is a multiple of this (VAMPIRE's rule: with time-steps-increment 10 and output-rate "
        "100, a row every 100 steps; with 3 and 10, every 30); the programs with a row per "
        "sample (time-series, benchmark, field-cool, laser-pulse)",
        [](Config& c, const Value& v, const Entry&) { c.output_rate = v.integer; },
        [](const Config& c) { return whole(c.output_rate); }));
    using U = Config::EnergyUnit;
    t.push_back(choice(
        "output", "energy-unit", "j|mev|ev", "j",
        "miniASD's: the unit of the energy and torque columns of the output file and the screen "
        "(their headers say it: E_total[meV], E_total[meV/atom]), J, meV or eV in any case; meV "
        "compares per spin with Spirit, UppASD and magnopy",
        [](Config& c, const Value& v, const Entry&) {
            c.energy_unit = v.text == "mev"  ? U::millielectronvolt
                            : v.text == "ev" ? U::electronvolt
                                             : U::joule;
        },
        [](const Config& c) {
            return c.energy_unit == U::joule
                       ? none
                       : word(c.energy_unit == U::millielectronvolt ? "meV" : "eV");
        }));
}

}  // namespace miniasd::keyword_rows
