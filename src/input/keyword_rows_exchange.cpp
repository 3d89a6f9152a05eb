// Rows of the exchange: keywords and of material[i]:exchange-matrix-<k>-nn[j]: the bonds of the
// built-in crystals beyond the first shell (VAMPIRE's meaning, docs/physics.md).
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_exchange_keywords(std::vector<KeywordSpec>& t) {
    using F = Config::ExchangeFunction;
    t.push_back(row(
        "exchange", "interaction-range", K::real, D::none, 1, 1000, "1",
        "bond every pair of atoms closer than this multiple of the nearest-neighbour distance "
        "(built-in crystals)",
        [](Config& c, const Value& v, const Entry&) { c.interaction_range = v.real; },
        [](const Config& c) {
            return c.unit_cell_file.given() || c.single_spin ? none : number(c.interaction_range);
        }));
    t.push_back(choice(
        "exchange", "function", "nearest-neighbour|shell|exponential|rkky", "nearest-neighbour",
        "the coupling of a bond: nearest-neighbour (every bond exchange-matrix), shell (the k-th "
        "shell exchange-matrix-<k>-nn), exponential (A exp(-r/B) + C) or RKKY ((sin 2kr - 2kr "
        "cos 2kr)/(kr)^4) weights, scaled to add up to the nearest-neighbour count, times "
        "exchange-matrix",
        [](Config& c, const Value& v, const Entry&) {
            c.exchange_function = v.text == "shell"         ? F::shell
                                  : v.text == "exponential" ? F::exponential
                                  : v.text == "rkky"        ? F::rkky
                                                            : F::nearest_neighbour;
        },
        [](const Config& c) {
            return c.unit_cell_file.given() || c.single_spin ? none
                                                             : word(to_string(c.exchange_function));
        }));
    struct Parameter {
        const char* name;
        F function;  // the function it belongs to (described only with it)
        double Config::*field;
        double min, max;
        const char* def;
        const char* doc;
    };
    for (const Parameter& p :
         {Parameter{"decay-length", F::exponential, &Config::decay_length, 0.1, 100, "0.4",
                    "B of the exponential function, in units of the cell edge a_x"},
          Parameter{"decay-multiplier", F::exponential, &Config::decay_multiplier, 0, 1e4, "1",
                    "A of the exponential function"},
          Parameter{"decay-shift", F::exponential, &Config::decay_shift, -1e4, 1e4, "0",
                    "C of the exponential function"},
          Parameter{"rkkykf", F::rkky, &Config::rkky_kf, 1e-3, 1e3, "1",
                    "k of the RKKY function, per cell edge a_x"}}) {
        const auto field = p.field;
        const F function = p.function;
        t.push_back(row(
            "exchange", p.name, K::real, D::none, p.min, p.max, p.def, p.doc,
            [field](Config& c, const Value& v, const Entry&) { c.*field = v.real; },
            [field, function](const Config& c) {
                return c.exchange_function == function ? number(c.*field) : none;
            }));
    }
    t.push_back(row(
        "exchange", "dmi-cutoff-range", K::real, D::length, 1e-11, 1e-8, "2.6 A",
        "longest leg of a DMI triangle: an atom k bonded to i mediates the DMI of bond i-j "
        "when |r_ik| and |r_jk| are at most this (docs/physics.md, DMI)",
        [](Config& c, const Value& v, const Entry&) { c.dmi_cutoff_range = v.real; },
        [](const Config& c) { return has_dmi(c) ? number(c.dmi_cutoff_range) : none; }));
    for (int k = 0; k < further_exchange_shells; ++k) {
        const std::string name = further_exchange_keyword(k);
        KeywordSpec s = mat(
            name, K::real, D::energy, -1e-18, 1e-18, "0 J",
            "exchange J_ij of neighbour shell " + std::to_string(k + 2) +
                " to material j, joules per link, with exchange:function = shell; [i][j] and "
                "[j][i] must agree",
            [k](MaterialConfig& m, const Value& v, const Entry& e) {
                m.further_exchange[k][e.name_index - 1] = v.real;
            },
            nullptr);
        s.second_material_index = true;
        s.read = [k](const Config& c, int i, int j) {  // the nonzero entries, both triangles
            const double v = c.materials[static_cast<std::size_t>(i)]
                                 .further_exchange[k][static_cast<std::size_t>(j)];
            return v != 0 ? number(v) : none;
        };
        t.push_back(s);
    }
}

}  // namespace miniasd::keyword_rows
