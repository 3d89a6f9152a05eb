// The dipolar field's section (dipole_section.hpp): the rows of the dipole: and cells: keywords,
// the solver and its update rate, and the checks across them.
#include "dipole/dipole_section.hpp"
#include "dipole/images.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<DipoleSettings>;
using input_checks::fail;
using S = DipoleSolver;

bool tensor(const DipoleSection& d) {
    return d.solver == S::tensor || d.solver == S::hierarchical;
}

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "dipole", "solver", dipole_solver_words, S::none,
        "turns the dipolar field on (it is off without this keyword, as in VAMPIRE). atomistic "
        "and atomistic-fft: the exact field of every atom on every other, computed as an FFT "
        "convolution distributed over the ranks; tensor and macrocell: VAMPIRE's macro-cell "
        "solvers (cells:macro-cell-size, dipole:cutoff-radius); hierarchical runs as tensor and "
        "fft as macrocell, with a warning. The exact solvers take open boundaries, a film "
        "(periodic x and y, open z: the two-dimensional Ewald sum) or a box periodic along x, y "
        "and z (the Ewald sum; dipole:boundary); the macro-cell solvers open boundaries only",
        [](auto& c) -> auto& { return c.dipole.solver; }));
    t.back().default_text = "off";
    t.push_back(enum_choice(
        "dipole", "boundary", dipole_boundary_words, DipoleBoundary::tin_foil,
        "the surface term of a box periodic along x, y and z: tin-foil (conducting surroundings; "
        "the sample's macroscopic field vanishes) or vacuum (a sphere of the repeated box in "
        "vacuum: the field -mu0 M / 3 of its magnetisation M added to every atom). A miniASD "
        "keyword; VAMPIRE has no periodic dipolar sum",
        [](auto& c) -> auto& { return c.dipole.boundary; }));
    t.push_back(row(
        "dipole", "cutoff-radius", K::real, D::none, 1, 1e6, "2",
        "tensor solver: pairs of macro-cells whose centres are at most this many macro-cell "
        "sizes (cells:macro-cell-size-x) apart take the mean tensor over their atoms' pairs",
        [](DipoleSettings& c, const Value& v, const Entry&) { c.dipole.cutoff = v.real; },
        [](const DipoleSettings& c) {  // refused beside other solvers (check below)
            return tensor(c.dipole) ? number(c.dipole.cutoff) : none;
        }));
    const char* axes[] = {"", "-x", "-y", "-z"};
    for (int a = 0; a < 4; ++a)
        t.push_back(row(
            "cells", std::string("macro-cell-size") + axes[a], K::real, D::length, 1e-12, 1e-3,
            "10 A",
            a == 0 ? "edge of the cubic macro-cells of the tensor and macrocell dipole solvers"
                   : std::string("edge of the macro-cells along ") + (axes[a] + 1),
            [a](DipoleSettings& c, const Value& v, const Entry&) {
                for (int k = 0; k < 3; ++k)
                    if (a == 0 || a == k + 1) c.dipole.macro_cell_size[std::size_t(k)] = v.real;
            },
            [a](const DipoleSettings& c) -> std::optional<Value> {
                if (!c.dipole.macro_cells()) return none;  // refused beside them (check below)
                const Vec3& s = c.dipole.macro_cell_size;
                if (a == 0) return s[0] == s[1] && s[1] == s[2] ? number(s[0]) : none;
                if (s[0] == s[1] && s[1] == s[2]) return none;  // the cubic row says it
                return number(s[std::size_t(a - 1)]);
            }));
    t.push_back(row(
        "dipole", "field-update-rate", K::integer, D::none, 1, 1000000, "100",
        "time steps (Monte Carlo sweeps) between evaluations of the dipolar field, which is "
        "held in between: 1 evaluates it at the start of every step. VAMPIRE's default, 100",
        [](DipoleSettings& c, const Value& v, const Entry&) { c.dipole.update_rate = v.integer; },
        // Written only beside a solver: alone it is refused (check below).
        [](const DipoleSettings& c) {
            return c.dipole.solver == S::none ? none : whole(c.dipole.update_rate);
        }));
}

// The update rate needs a solver, the cells a macro-cell solver, and every solver open
// boundaries; hierarchical and fft run as their equivalents, with a warning.
void check(DipoleSettings& c, const Seen& seen, std::vector<std::string>& warnings) {
    const DipoleSection& d = c.dipole;
    for (const char* key :
         {"dipole:cutoff-radius", "cells:macro-cell-size", "cells:macro-cell-size-x",
          "cells:macro-cell-size-y", "cells:macro-cell-size-z"})
        if (const Entry* e = given(seen, key); e && !d.macro_cells())
            fail(*e,
                 "has an effect only with the macro-cell solvers (dipole:solver = "
                 "tensor or macrocell); the atomistic solver needs no cells");
    if (const Entry* e = given(seen, "dipole:cutoff-radius"); e && !tensor(d))
        fail(*e, "has an effect only with dipole:solver = tensor");
    const Entry* solver = given(seen, "dipole:solver");
    if (!solver) {
        for (const char* key : {"dipole:field-update-rate", "dipole:boundary"})
            if (const Entry* e = given(seen, key))
                fail(*e, "has no effect without dipole:solver (the dipolar field is off)");
        return;
    }
    const char* axis[3] = {"x", "y", "z"};
    const dipole::Images images = dipole::images_of(c.structure.periodic);
    if (const Entry* e = given(seen, "dipole:boundary");
        e && !(images == dipole::Images::bulk && d.exact()))
        fail(*e,
             "has an effect only with dipole:solver = atomistic or atomistic-fft and periodic "
             "boundaries along x, y and z (an open sample or a film has no surface term to "
             "choose)");
    const bool taken = d.exact() && images != dipole::Images::unsupported;
    for (int a = 0; a < 3; ++a)
        if (c.structure.periodic[std::size_t(a)] && !taken) {
            const Entry* p = given(seen, std::string("create:periodic-boundaries-") + axis[a]);
            fail(p ? *p : *solver,
                 std::string("the dipolar field takes a periodic ") + axis[a] + " axis only " +
                     (d.exact() ? "in a film (periodic x and y, open z) or a periodic box (x, y "
                                  "and z): a wire, or a film open along x or y, would need sums "
                                  "not implemented (turn the sample so that z is its open axis)"
                                : "with dipole:solver = atomistic or atomistic-fft (the "
                                  "macro-cell solvers ignore periodicity, as VAMPIRE's do)"));
        }
    if (d.solver == S::hierarchical || d.solver == S::fft)
        warnings.push_back(
            solver->file + ", line " + std::to_string(solver->line) + ": dipole:solver = " +
            (d.solver == S::fft ? std::string("fft runs as macrocell (VAMPIRE's fft solver is "
                                              "the macro-cell field by FFT; the same field)")
                                : std::string("hierarchical runs as tensor (the same near-field "
                                              "means; the far field between all cells exactly "
                                              "rather than by the octree)")));
}

}  // namespace

SectionOf<DipoleSettings> dipole_section() {
    return {"dipolar field", add_rows, check};
}

}  // namespace miniasd
