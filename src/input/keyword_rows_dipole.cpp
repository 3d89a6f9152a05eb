// Rows of the dipole: keywords: the dipolar (magnetostatic) field's solver and update rate.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_dipole_keywords(std::vector<KeywordSpec>& t) {
    using S = Config::DipoleSolver;
    t.push_back(choice(
        "dipole", "solver", "atomistic|atomistic-fft|tensor|macrocell|hierarchical|fft", "off",
        "turns the dipolar field on (it is off without this keyword, as in VAMPIRE). "
        "atomistic and atomistic-fft: the exact field of every atom on every other, computed as "
        "an FFT convolution distributed over the ranks (open boundaries only); tensor, "
        "macrocell, hierarchical and fft (VAMPIRE's macro-cell solvers) are refused for now",
        [](Config& c, const Value& v, const Entry&) {
            c.dipole_solver = v.text == "atomistic"       ? S::atomistic
                              : v.text == "atomistic-fft" ? S::atomistic_fft
                              : v.text == "tensor"        ? S::tensor
                              : v.text == "macrocell"     ? S::macrocell
                              : v.text == "hierarchical"  ? S::hierarchical
                                                          : S::fft;
        },
        [](const Config& c) -> std::optional<Value> {
            switch (c.dipole_solver) {
            case S::none:
                return none;
            case S::atomistic:
                return word("atomistic");
            case S::atomistic_fft:
                return word("atomistic-fft");
            case S::tensor:
                return word("tensor");
            case S::macrocell:
                return word("macrocell");
            case S::hierarchical:
                return word("hierarchical");
            case S::fft:
                return word("fft");
            }
            return none;
        }));
    t.push_back(row(
        "dipole", "field-update-rate", K::integer, D::none, 1, 1000000, "100",
        "time steps (Monte Carlo sweeps) between evaluations of the dipolar field, which is "
        "held in between: 1 evaluates it at the start of every step. VAMPIRE's default, 100",
        [](Config& c, const Value& v, const Entry&) { c.dipole_update_rate = v.integer; },
        [](const Config& c) { return whole(c.dipole_update_rate); }));
}

}  // namespace miniasd::keyword_rows
