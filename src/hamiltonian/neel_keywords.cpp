// The Néel surface anisotropy's rows (neel_section.hpp): VAMPIRE's anisotropy: keywords and the
// materials' neel-anisotropy-constant[j] (alias surface-anisotropy-constant[j]), with VAMPIRE's
// units, ranges and defaults. The term: hamiltonian/neel_anisotropy.hpp.
#include "hamiltonian/neel_section.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;
using KeywordSpec = Keyword<NeelSettings>;

void add_constant_rows(std::vector<KeywordSpec>& t) {
    for (const char* n : {"neel-anisotropy-constant", "surface-anisotropy-constant"}) {
        const bool alias = std::string(n) == "surface-anisotropy-constant";
        KeywordSpec s = mat(
            n, K::real, D::energy, -1e-17, 1e-17, "0 J",
            alias ? "VAMPIRE's other name of neel-anisotropy-constant"
                  : "Neel pair anisotropy k_ij of this material's surface atoms to their "
                    "neighbours of material j, joules: E_i = -sum_j k_ij (S_i . e_ij)^2 over the "
                    "exchange bonds within anisotropy:surface-anisotropy-nearest-neighbour-range "
                    "(docs/physics.md, Neel surface anisotropy); [i][j] and [j][i] are independent",
            [](MaterialConfig& m, const Value& v, const Entry& e) {
                m.neel[std::size_t(e.name_index - 1)] = v.real;
            },
            nullptr);
        s.second_material_index = true;
        if (alias)
            s.alias_of = "neel-anisotropy-constant";
        else
            s.read = [](const NeelSettings& c, int i, int j) {
                const double v = c.materials[std::size_t(i)].neel[std::size_t(j)];
                return v != 0 ? number(v) : none;
            };
        t.push_back(s);
    }
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_constant_rows(t);
    t.push_back(row(
        "anisotropy", "surface-anisotropy-threshold", K::integer, D::none, 0, 1e9,
        "the crystal's coordination",
        "an atom with fewer neighbours than this within surface-anisotropy-nearest-neighbour-range "
        "is a surface atom and gets the Neel anisotropy (default: the crystal's nearest-neighbour "
        "count; 0, none, with a unit-cell file, as in VAMPIRE)",
        [](NeelSettings& c, const Value& v, const Entry&) {
            c.neel.threshold = static_cast<int>(v.integer);
        },
        [](const NeelSettings& c) {
            return c.neel.threshold >= 0 ? whole(c.neel.threshold) : none;
        }));
    t.push_back(row(
        "anisotropy", "surface-anisotropy-nearest-neighbour-range", K::real, D::length, 0, 0.1,
        "1e9 A",
        "the bonds counted and summed for the Neel anisotropy: the exchange's within this length "
        "(VAMPIRE's default: all of them)",
        [](NeelSettings& c, const Value& v, const Entry&) { c.neel.range = v.real; },
        [](const NeelSettings& c) { return c.neel.range != 1e-1 ? number(c.neel.range) : none; }));
    t.push_back(row(
        "anisotropy", "enable-bulk-neel-anisotropy", K::flag, D::none, 0, 0, "off",
        "every atom gets the Neel anisotropy, as if all were surface atoms",
        [](NeelSettings& c, const Value&, const Entry&) { c.neel.bulk = true; },
        [](const NeelSettings& c) { return flag_if(c.neel.bulk); }));
    t.push_back(row(
        "anisotropy", "neel-anisotropy-exponential-factor", K::real, D::none, 0.01, 100, "5.53",
        "F of the range dependence k_ij exp(-F (r_ij - r0) / r0); giving it (or the range) turns "
        "the dependence on",
        [](NeelSettings& c, const Value& v, const Entry&) {
            c.neel.exponential_factor = v.real;
            c.neel.range_dependent = true;
        },
        [](const NeelSettings& c) {
            return c.neel.range_dependent ? number(c.neel.exponential_factor) : none;
        }));
    t.push_back(row(
        "anisotropy", "neel-anisotropy-exponential-range", K::real, D::length, 1e-14, 1e-7, "2.5 A",
        "r0 of the range dependence (giving it turns the dependence on)",
        [](NeelSettings& c, const Value& v, const Entry&) {
            c.neel.exponential_range = v.real;
            c.neel.range_dependent = true;
        },
        [](const NeelSettings& c) {
            return c.neel.range_dependent ? number(c.neel.exponential_range) : none;
        }));
}

// Its settings without a constant would do nothing.
void check(NeelSettings& c, const Seen& seen, std::vector<std::string>&) {
    if (has_neel_anisotropy(c)) return;
    for (const auto& [key, e] : seen)
        if (key.rfind("anisotropy:", 0) == 0)
            fail(e, "has no effect: no material has a neel-anisotropy-constant");
}

}  // namespace

bool has_neel_anisotropy(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        for (const double k : m.neel)
            if (k != 0) return true;
    return false;
}

SectionOf<NeelSettings> neel_section() {
    return {"Neel surface anisotropy", add_rows, check};
}

}  // namespace miniasd
