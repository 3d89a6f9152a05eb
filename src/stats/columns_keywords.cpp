// The statistics table's section (columns_section.hpp): the rows of the output: and screen:
// keywords, one flag per statistics column (columns.hpp) in the order given, plus VAMPIRE's
// output:output-rate and miniASD's output:energy-unit.
#include <algorithm>

#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "stats/columns.hpp"
#include "stats/columns_section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<ColumnsSettings>;

void add_rows(std::vector<KeywordSpec>& t) {
    for (const char* section : {"output", "screen"}) {
        const bool file = std::string(section) == "output";
        for (const ColumnSpec& col : column_table()) {
            const std::string name = col.keyword;
            std::string doc = (file ? "column in the output file: " : "column on the screen: ") +
                              std::string(col.doc) +
                              (col.per_height     ? " (per height category)"
                               : col.per_material ? " (per material)"
                                                  : "");
            // A column's place in the list is its place in the file: describe() keeps it. The
            // list's size: not given.
            auto place = [name, file](const ColumnsSettings& c) {
                const auto& list = file ? c.columns.file : c.columns.screen;
                return static_cast<std::size_t>(std::find(list.begin(), list.end(), name) -
                                                list.begin());
            };
            KeywordSpec s = row(
                section, name, K::flag, D::none, 0, 0, "-", doc,
                [name, file](ColumnsSettings& c, const Value&, const Entry&) {
                    (file ? c.columns.file : c.columns.screen).push_back(name);
                },
                [place, file](const ColumnsSettings& c) {
                    return flag_if(place(c) < (file ? c.columns.file : c.columns.screen).size());
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
        "sample (time-series, benchmark, field-cool, laser-pulse, electrical-pulse)",
        [](ColumnsSettings& c, const Value& v, const Entry&) { c.columns.rate = v.integer; },
        [](const ColumnsSettings& c) { return whole(c.columns.rate); }));
    // The input takes the unit in any case (the choices are listed in lower case); describe()
    // writes it as the headers do.
    t.push_back(choice(
        "output", "energy-unit", "j|mev|ev", "j",
        "miniASD's: the unit of the energy and torque columns of the output file and the screen "
        "(their headers say it: E_total[meV], E_total[meV/atom]), J, meV or eV in any case; meV "
        "per atom compares with Spirit's and magnopy's energy per spin (UppASD writes mRy; "
        "Spirit's and UppASD's exchange leaves out the DMI: docs/conventions.md)",
        [](ColumnsSettings& c, const Value& v, const Entry&) {
            c.columns.energy_unit = *value_of(energy_unit_words, v.text);
        },
        [](const ColumnsSettings& c) {
            const EnergyUnit u = c.columns.energy_unit;
            return u == EnergyUnit::joule ? none : word(word_of(energy_unit_words, u));
        }));
}

}  // namespace

SectionOf<ColumnsSettings> columns_section() {
    return {"statistics columns", add_rows};
}

}  // namespace miniasd
