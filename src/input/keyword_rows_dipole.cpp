// Rows of the dipole: keywords: the dipolar (magnetostatic) field's solver and update rate.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_dipole_keywords(std::vector<KeywordSpec>& t) {
    using S = Config::DipoleSolver;
    t.push_back(choice(
        "dipole", "solver", "atomistic|atomistic-fft|tensor|macrocell|hierarchical|fft", "off",
        "turns the dipolar field on (it is off without this keyword, as in VAMPIRE). atomistic "
        "and atomistic-fft: the exact field of every atom on every other, computed as an FFT "
        "convolution distributed over the ranks; tensor and macrocell: VAMPIRE's macro-cell "
        "solvers (cells:macro-cell-size, dipole:cutoff-radius); hierarchical runs as tensor and "
        "fft as macrocell, with a warning. Open boundaries only",
        [](Config& c, const Value& v, const Entry&) {
            c.dipole_solver = v.text == "atomistic"       ? S::atomistic
                              : v.text == "atomistic-fft" ? S::atomistic_fft
                              : v.text == "tensor"        ? S::tensor
                              : v.text == "macrocell"     ? S::macrocell
                              : v.text == "hierarchical"  ? S::hierarchical
                                                          : S::fft;
        },
        [](const Config& c) -> std::optional<Value> {
            const char* names[] = {
                "", "atomistic", "atomistic-fft", "tensor", "macrocell", "hierarchical", "fft"};
            if (c.dipole_solver == S::none) return none;
            return word(names[int(c.dipole_solver)]);
        }));
    t.push_back(row(
        "dipole", "cutoff-radius", K::real, D::none, 1, 1e6, "2",
        "tensor solver: pairs of macro-cells whose centres are at most this many macro-cell "
        "sizes (cells:macro-cell-size-x) apart take the mean tensor over their atoms' pairs",
        [](Config& c, const Value& v, const Entry&) { c.dipole_cutoff = v.real; },
        [](const Config& c) {  // refused beside other solvers (input_checks.cpp)
            const bool tensor = c.dipole_solver == S::tensor || c.dipole_solver == S::hierarchical;
            return tensor ? number(c.dipole_cutoff) : none;
        }));
    const char* axes[] = {"", "-x", "-y", "-z"};
    for (int a = 0; a < 4; ++a)
        t.push_back(row(
            "cells", std::string("macro-cell-size") + axes[a], K::real, D::length, 1e-12, 1e-3,
            "10 A",
            a == 0 ? "edge of the cubic macro-cells of the tensor and macrocell dipole solvers"
                   : std::string("edge of the macro-cells along ") + (axes[a] + 1),
            [a](Config& c, const Value& v, const Entry&) {
                for (int k = 0; k < 3; ++k)
                    if (a == 0 || a == k + 1) c.macro_cell_size[std::size_t(k)] = v.real;
            },
            [a](const Config& c) -> std::optional<Value> {
                if (c.dipole_solver == S::none || c.dipole_solver == S::atomistic ||
                    c.dipole_solver == S::atomistic_fft)
                    return none;  // refused beside them (input_checks.cpp)
                const Vec3& s = c.macro_cell_size;
                if (a == 0) return s[0] == s[1] && s[1] == s[2] ? number(s[0]) : none;
                if (s[0] == s[1] && s[1] == s[2]) return none;  // the cubic row says it
                return number(s[std::size_t(a - 1)]);
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
