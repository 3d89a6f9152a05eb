// The exchange section (exchange_section.hpp): the rows of the exchange: keywords and of
// material[i]:exchange-matrix-<k>-nn[j] and biquadratic-exchange-matrix-<k>-nn[j]: the bonds of the
// built-in crystals beyond the first shell (VAMPIRE's meaning, docs/physics.md).
#include <algorithm>
#include <map>

#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<SystemSettings>;

// The unordered category pair {a, b} an exchange:name[a][b] entry names.
CategoryPair pair_of(const Entry& e) {
    return {std::min(e.name_index, e.name_index2), std::max(e.name_index, e.name_index2)};
}

// Stores a per-category-pair value: [a][b] and [b][a] name one pair (one cutoff, one set of
// weights), so giving both is fine only when they agree. (One key given twice is the parser's
// "set twice".)
template <class T>
void store_pair(std::map<CategoryPair, T>& map, const Entry& e, const T& value) {
    const CategoryPair p = pair_of(e);
    const auto it = map.find(p);
    if (e.name_index != e.name_index2 && it != map.end() && it->second != value)
        entry_error(e, "differs from exchange:" + e.name + "[" + std::to_string(e.name_index2) +
                           "][" + std::to_string(e.name_index) +
                           "]: categories a and b have one value for the pair, whichever order "
                           "names them");
    map[p] = value;
}

// A row written exchange:name[a][b]; `read` is given the 0-based pair (a <= b).
KeywordSpec pair_row(std::string name, K kind, double min, double max, std::string def,
                     std::string doc,
                     std::function<void(SystemSettings&, const Value&, const Entry&)> apply,
                     std::function<std::optional<Value>(const SystemSettings&, int, int)> read) {
    KeywordSpec s = row("exchange", std::move(name), kind, D::none, min, max, std::move(def),
                        std::move(doc), std::move(apply), written_elsewhere);
    s.category_pair = true;
    s.read = std::move(read);
    return s;
}

// The value of a pair's map entry for describe(), when the crystal is built-in.
template <class T>
const T* pair_value(const SystemSettings& c, const std::map<CategoryPair, T>& map, int a, int b) {
    if (c.unit_cell_file.given() || c.structure.single_spin) return nullptr;
    const auto it = map.find({a + 1, b + 1});
    return it == map.end() ? nullptr : &it->second;
}

// material[i]:<name>[j] of a further shell, in joules per link; described by its nonzero
// entries, both triangles (the parser makes them symmetric).
KeywordSpec shell_row(
    std::string name, K kind, std::string doc,
    std::function<void(MaterialConfig&, const Value&, const Entry&)> apply,
    std::function<std::optional<Value>(const MaterialConfig&, std::size_t)> read) {
    KeywordSpec s = mat(std::move(name), kind, D::energy, -1e-18, 1e-18, "0 J", std::move(doc),
                        std::move(apply), nullptr);
    s.second_material_index = true;
    s.read = [read = std::move(read)](const SystemSettings& c, int i, int j) {
        return read(c.materials[static_cast<std::size_t>(i)], static_cast<std::size_t>(j));
    };
    return s;
}

// The bonds' reach and the function that weighs them, with its parameters.
void add_function_rows(std::vector<KeywordSpec>& t) {
    using F = ExchangeFunction;
    t.push_back(row(
        "exchange", "interaction-range", K::real, D::none, 1, 1000, "1",
        "bond every pair of atoms closer than this multiple of the nearest-neighbour distance "
        "(built-in crystals)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.exchange.interaction_range = v.real;
        },
        [](const SystemSettings& c) {
            return c.unit_cell_file.given() || c.structure.single_spin
                       ? none
                       : number(c.exchange.interaction_range);
        }));
    t.push_back(choice(
        "exchange", "function", choices_of(exchange_function_words), "nearest-neighbour",
        "the coupling of a bond: nearest-neighbour (every bond exchange-matrix), shell (the k-th "
        "shell exchange-matrix-<k>-nn), exponential (A exp(-r/B) + C), material-exponential (the "
        "same with A, B, C per category pair) or RKKY ((sin 2kr - 2kr cos 2kr)/(kr)^4) weights, "
        "scaled per category pair to add up to its nearest-neighbour count, times "
        "exchange-matrix",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            const auto f = value_of(exchange_function_words, v.text);
            if (!f) entry_error(e, "not one of " + choices_of(exchange_function_words));
            c.exchange.function = *f;
        },
        [](const SystemSettings& c) {
            return c.unit_cell_file.given() || c.structure.single_spin
                       ? none
                       : word(word_of(c.exchange.function));
        }));
    struct Parameter {
        const char* name;
        F function;  // the function it belongs to (described only with it)
        double ExchangeSection::*field;
        double min, max;
        const char* def;
        const char* doc;
    };
    for (const Parameter& p :
         {Parameter{"decay-length", F::exponential, &ExchangeSection::decay_length, 0.1, 100, "0.4",
                    "B of the exponential function, in units of the cell edge a_x"},
          Parameter{"decay-multiplier", F::exponential, &ExchangeSection::decay_multiplier, 0, 1e4,
                    "1", "A of the exponential function"},
          Parameter{"decay-shift", F::exponential, &ExchangeSection::decay_shift, -1e4, 1e4, "0",
                    "C of the exponential function"},
          Parameter{"rkkykf", F::rkky, &ExchangeSection::rkky_kf, 1e-3, 1e3, "1",
                    "k of the RKKY function, per cell edge a_x"}}) {
        const auto field = p.field;
        const F function = p.function;
        t.push_back(row(
            "exchange", p.name, K::real, D::none, p.min, p.max, p.def, p.doc,
            [field](SystemSettings& c, const Value& v, const Entry&) {
                c.exchange.*field = v.real;
            },
            [field, function](const SystemSettings& c) {
                return c.exchange.function == function ? number(c.exchange.*field) : none;
            }));
    }
}

// A material[i]:NAME[j] constant of the materials' FIELD (joules), read back as given: from the
// upper triangle only when the parser made it symmetric.
void pair_row(std::vector<KeywordSpec>& t, const char* name,
              std::vector<double> MaterialConfig::*field, bool symmetric, const char* doc) {
    KeywordSpec s = mat(
        name, K::real, D::energy, -1e-17, 1e-17, "0 J", doc,
        [field](MaterialConfig& m, const Value& v, const Entry& e) {
            (m.*field)[std::size_t(e.name_index - 1)] = v.real;
        },
        nullptr);
    s.second_material_index = true;
    s.read = [field, symmetric](const SystemSettings& c, int i, int j) {
        const double v = (c.materials[std::size_t(i)].*field)[std::size_t(j)];
        return v != 0 && (!symmetric || i <= j) ? number(v) : none;
    };
    t.push_back(s);
}

// VAMPIRE's Kitaev and four-spin terms (hamiltonian/kitaev.hpp, four_spin.hpp): the materials'
// constants and the cutoffs.
void add_kitaev_rows(std::vector<KeywordSpec>& t) {
    pair_row(t, "kitaev-constant", &MaterialConfig::kitaev, true,
             "Kitaev (bond-directional) exchange K_ij to neighbours of material j, joules per "
             "link: E = K (S_i . e_ij)(S_j . e_ij) per bond no longer than "
             "exchange:kitaev-cutoff-range, e_ij the bond's direction (docs/physics.md, Kitaev "
             "exchange); [i][j] and [j][i] must agree");
    pair_row(t, "four-spin-constant", &MaterialConfig::four_spin, false,
             "four-spin exchange K of the quartets centred on this material whose first member is "
             "of material j, joules per quartet: E = -(K/3)[(S1.S2)(S3.S4) + (S1.S3)(S2.S4) + "
             "(S1.S4)(S2.S3)], a quartet being a centre and three of its neighbours at "
             "exchange:four-spin-cutoff-1 that are four-spin-cutoff-2 apart (docs/physics.md)");
    for (const int n : {1, 2})
        t.push_back(row(
            "exchange", "four-spin-cutoff-" + std::to_string(n), K::real, D::length, 1e-12, 1e-7,
            n == 1 ? "1 A" : "1.414 A",
            n == 1 ? "a four-spin quartet's centre-to-member distance (within 0.01 A; VAMPIRE's "
                     "default 1 A: set it to the nearest-neighbour distance)"
                   : "the distance between a quartet's three members (within 0.01 A; on simple "
                     "cubic sqrt(2) a)",
            [n](SystemSettings& c, const Value& v, const Entry&) {
                (n == 1 ? c.exchange.four_spin_cutoff_1 : c.exchange.four_spin_cutoff_2) = v.real;
            },
            [n](const SystemSettings& c) {
                const double x =
                    n == 1 ? c.exchange.four_spin_cutoff_1 : c.exchange.four_spin_cutoff_2;
                return has_four_spin(c) || x != (n == 1 ? 1e-10 : 1.414e-10) ? number(x) : none;
            }));
    t.push_back(row(
        "exchange", "kitaev-cutoff-range", K::real, D::length, 1e-12, 1e-7, "2.6 A",
        "the longest of the exchange's bonds that carries the Kitaev term",
        [](SystemSettings& c, const Value& v, const Entry&) { c.exchange.kitaev_cutoff = v.real; },
        [](const SystemSettings& c) {
            return has_kitaev(c) || c.exchange.kitaev_cutoff != 2.6e-10
                       ? number(c.exchange.kitaev_cutoff)
                       : none;
        }));
}

// Per pair of exchange categories: the cutoffs and material-exponential's weights; the DMI
// triangles' cutoff.
void add_pair_rows(std::vector<KeywordSpec>& t) {
    using F = ExchangeFunction;
    t.push_back(pair_row(
        "nn-cutoff-range", K::real, 0, 1000, "1",
        "multiplies the nearest-neighbour radius of bonds between exchange categories a and b "
        "(the interaction cutoff follows it, and exponential, material-exponential and RKKY "
        "weights are scaled to the count within it); [a][b] and [b][a] are one pair",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            store_pair(c.exchange.nn_cutoff_range, e, v.real);
        },
        [](const SystemSettings& c, int a, int b) {
            const double* v = pair_value(c, c.exchange.nn_cutoff_range, a, b);
            return v ? number(*v) : none;
        }));
    t.push_back(pair_row(
        "interaction-cutoff-range", K::real, 1, 1000, "1",
        "multiplies the interaction cutoff (nearest-neighbour radius x interaction-range) of bonds "
        "between exchange categories a and b; [a][b] and [b][a] are one pair",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            store_pair(c.exchange.interaction_cutoff_range, e, v.real);
        },
        [](const SystemSettings& c, int a, int b) {
            const double* v = pair_value(c, c.exchange.interaction_cutoff_range, a, b);
            return v ? number(*v) : none;
        }));
    t.push_back(pair_row(
        "unit-cell-category-exchange-parameters", K::real_or_triple, -1e4, 1e4, "none",
        "A, B, C of the weight A exp(-r/B) + C of bonds between exchange categories a and b "
        "with exchange:function = material-exponential (A 0 to 1e4, B 0.001 to 100 and r in "
        "units of a_x, C -1e4 to 1e4); every pair that has bonds needs it",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            if (!v.triple) entry_error(e, "expected three numbers A, B, C like 1, 0.4, 0");
            if (v.vec[0] < 0 || v.vec[1] < 0.001 || v.vec[1] > 100)
                entry_error(e, "A must be 0 to 1e4 and B 0.001 to 100 (C -1e4 to 1e4), got '" +
                                   e.value + "'");
            store_pair(c.exchange.category_exchange_parameters, e, v.vec);
        },
        [](const SystemSettings& c, int a, int b) {
            const Vec3* v = pair_value(c, c.exchange.category_exchange_parameters, a, b);
            return v && c.exchange.function == F::material_exponential ? triple(*v) : none;
        }));
    t.push_back(row(
        "exchange", "dmi-cutoff-range", K::real, D::length, 1e-11, 1e-8, "2.6 A",
        "longest leg of a DMI triangle: an atom k bonded to i mediates the DMI of bond i-j "
        "when |r_ik| and |r_jk| are at most this (docs/physics.md, DMI)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.exchange.dmi_cutoff_range = v.real;
        },
        [](const SystemSettings& c) {
            return has_dmi(c) ? number(c.exchange.dmi_cutoff_range) : none;
        }));
    add_kitaev_rows(t);
}

// The materials' couplings in the shells beyond the first (exchange:function = shell).
void add_shell_rows(std::vector<KeywordSpec>& t) {
    for (int k = 0; k < further_exchange_shells; ++k) {
        const std::string name = further_exchange_keyword(k);
        const std::string shell = std::to_string(k + 2);
        t.push_back(shell_row(
            name, K::real_or_triple,
            "exchange J_ij of neighbour shell " + shell +
                " to material j, joules per link, or vectorial Jx, Jy, Jz as exchange-matrix, "
                "with exchange:function = shell; [i][j] and [j][i] must agree",
            [k](MaterialConfig& m, const Value& v, const Entry& e) {
                m.further_exchange[k][e.name_index - 1] = v.vec;
            },
            [k](const MaterialConfig& m, std::size_t j) -> std::optional<Value> {
                const Vec3& v = m.further_exchange[k][j];
                return is_vectorial(v) ? triple(v) : v[0] != 0 ? number(v[0]) : none;
            }));
        t.push_back(shell_row(
            "biquadratic-" + name, K::real,
            "biquadratic exchange B_ij of neighbour shell " + shell +
                " to material j, joules per link, with exchange:function = shell; [i][j] and "
                "[j][i] must agree",
            [k](MaterialConfig& m, const Value& v, const Entry& e) {
                m.further_biquadratic[k][e.name_index - 1] = v.real;
            },
            [k](const MaterialConfig& m, std::size_t j) -> std::optional<Value> {
                const double v = m.further_biquadratic[k][j];
                return v != 0 ? number(v) : none;
            }));
    }
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_function_rows(t);
    add_pair_rows(t);
    add_shell_rows(t);
}

}  // namespace

SectionOf<SystemSettings> exchange_section() {
    return {"exchange", add_rows};
}

}  // namespace miniasd
