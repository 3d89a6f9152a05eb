// Rows of the dipole: keywords: the dipolar (magnetostatic) field's solver and update rate.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_dipole_keywords(std::vector<KeywordSpec>& t) {
    using S = Config::DipoleSolver;
    t.push_back(choice(
        "dipole", "solver", "atomistic|atomistic-fft", "off",
        "turns the dipolar field on (it is off without this keyword, as in VAMPIRE). "
        "atomistic and atomistic-fft: the exact field of every atom on every other, computed as "
        "an FFT convolution distributed over the ranks (open boundaries only). VAMPIRE's "
        "macro-cell solvers (tensor, macrocell, hierarchical, fft) are refused by name",
        [](Config& c, const Value& v, const Entry&) {
            c.dipole_solver = v.text == "atomistic" ? S::atomistic : S::atomistic_fft;
        },
        [](const Config& c) -> std::optional<Value> {
            if (c.dipole_solver == S::none) return none;
            return word(c.dipole_solver == S::atomistic ? "atomistic" : "atomistic-fft");
        }));
    t.push_back(row(
        "dipole", "field-update-rate", K::integer, D::none, 1, 1000000, "100",
        "time steps (Monte Carlo sweeps) between evaluations of the dipolar field, which is "
        "held in between: 1 evaluates it at the start of every step. VAMPIRE's default, 100",
        [](Config& c, const Value& v, const Entry&) { c.dipole_update_rate = v.integer; },
        // Written only beside a solver: alone it is refused (input_checks.cpp).
        [](const Config& c) {
            return c.dipole_solver == Config::DipoleSolver::none ? none
                                                                 : whole(c.dipole_update_rate);
        }));
}

}  // namespace miniasd::keyword_rows
