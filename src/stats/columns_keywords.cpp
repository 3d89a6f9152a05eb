// The statistics table's section (columns_section.hpp): the rows of the output: and screen:
// keywords, one flag per statistics column (columns.hpp) in the order given, plus VAMPIRE's
// output:output-rate and miniASD's output:energy-unit.
#include <algorithm>

#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "stats/columns.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;

void add_rows(std::vector<KeywordSpec>& t) {
    for (const char* section : {"output", "screen"}) {
        const bool file = std::string(section) == "output";
        for (const ColumnSpec& col : column_table()) {
            const std::string name = col.keyword;
            std::string doc = (file ? "column in the output file: " : "column on the screen: ") +
                              std::string(col.doc) + (col.per_material ? " (per material)" : "");
            // A column's place in the list is its place in the file: describe() keeps it. The
            // list's size: not given.
            auto place = [name, file](const Config& c) {
                const auto& list = file ? c.columns.file : c.columns.screen;
                return static_cast<std::size_t>(std::find(list.begin(), list.end(), name) -
                                                list.begin());
            };
            KeywordSpec s = row(
                section, name, K::flag, D::none, 0, 0, "-", doc,
                [name, file](Config& c, const Value&, const Entry&) {
                    (file ? c.columns.file : c.columns.screen).push_back(name);
                },
                [place, file](const Config& c) {
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
        [](Config& c, const Value& v, const Entry&) { c.columns.rate = v.integer; },
        [](const Config& c) { return whole(c.columns.rate); }));
    // The input takes the unit in any case (the choices are listed in lower case); describe()
    // writes it as the headers do.
    t.push_back(choice(
        "output", "energy-unit", "j|mev|ev", "j",
        "miniASD's: the unit of the energy and torque columns of the output file and the screen "
        "(their headers say it: E_total[meV], E_total[meV/atom]), J, meV or eV in any case; meV "
        "per atom compares with Spirit's and magnopy's energy per spin (UppASD writes mRy; "
        "Spirit's and UppASD's exchange leaves out the DMI: docs/conventions.md)",
        [](Config& c, const Value& v, const Entry&) {
            c.columns.energy_unit = *value_of(energy_unit_words, v.text);
        },
        [](const Config& c) {
            const EnergyUnit u = c.columns.energy_unit;
            return u == EnergyUnit::joule ? none : word(word_of(energy_unit_words, u));
        }));
}

}  // namespace

Section columns_section() {
    return {"statistics columns", add_rows};
}

// The columns of the statistics file of a program whose input names none (output: keywords).
std::vector<std::string> default_output_columns(ProgramKind program) {
    switch (program) {
        case ProgramKind::laser_pulse:
            return {"time-steps",
                    "real-time",
                    "electron-temperature",
                    "phonon-temperature",
                    "magnetisation-components",
                    "material-magnetisation-components"};
        case ProgramKind::curie_temperature:
            return {"temperature",
                    "mean-magnetisation-length",
                    "material-mean-magnetisation-length",
                    "mean-susceptibility",
                    "mean-specific-heat",
                    "binder-cumulant"};
        case ProgramKind::hysteresis_loop:
            return {"applied-field-strength", "applied-field-alignment",
                    "material-applied-field-alignment", "mean-magnetisation-length"};
        case ProgramKind::relax:
            return {"time-steps", "magnetisation-components", "total-energy-per-atom"};
        case ProgramKind::electrical_pulse:
            return {"time-steps", "real-time", "spin-torque-current", "magnetisation-components"};
        default:
            return {"time-steps",
                    "real-time",
                    "temperature",
                    "applied-field-strength",
                    "magnetisation-components",
                    "mean-magnetisation-length",
                    "total-energy-per-atom"};
    }
}

}  // namespace miniasd
