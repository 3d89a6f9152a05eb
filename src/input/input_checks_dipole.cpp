// The whole-configuration checks of the dipole: and cells: keywords (input_checks.hpp).
#include "input/input_checks.hpp"

#include "util/error.hpp"

namespace miniasd::input_checks {

// The dipolar field: the update rate needs a solver, and the exact solver open boundaries.
void check_dipole(Config& c, const std::map<std::string, Entry>& seen) {
    using S = Config::DipoleSolver;
    const bool cells = c.dipole_solver == S::tensor || c.dipole_solver == S::macrocell ||
                       c.dipole_solver == S::hierarchical || c.dipole_solver == S::fft;
    for (const char* key :
         {"dipole:cutoff-radius", "cells:macro-cell-size", "cells:macro-cell-size-x",
          "cells:macro-cell-size-y", "cells:macro-cell-size-z"}) {
        const auto it = seen.find(key);
        if (it != seen.end() && !cells)
            fail(it->second,
                 "has an effect only with the macro-cell solvers (dipole:solver = "
                 "tensor or macrocell); the atomistic solver needs no cells");
    }
    const auto cutoff = seen.find("dipole:cutoff-radius");
    if (cutoff != seen.end() && c.dipole_solver != S::tensor && c.dipole_solver != S::hierarchical)
        fail(cutoff->second, "has an effect only with dipole:solver = tensor");
    const auto solver = seen.find("dipole:solver");
    if (solver == seen.end()) {
        const auto rate = seen.find("dipole:field-update-rate");
        if (rate != seen.end())
            fail(rate->second, "has no effect without dipole:solver (the dipolar field is off)");
        return;
    }
    const char* axis[3] = {"x", "y", "z"};
    for (int a = 0; a < 3; ++a)
        if (c.periodic[std::size_t(a)]) {
            const auto p = seen.find(std::string("create:periodic-boundaries-") + axis[a]);
            const Entry& e = p != seen.end() ? p->second : solver->second;
            fail(e, std::string("the dipolar field is exact only with open boundaries for now: ") +
                        "a periodic " + axis[a] +
                        " axis would need the lattice sum over images, which is not "
                        "implemented (VAMPIRE's macro-cell solvers ignore periodicity)");
        }
    if (c.dipole_solver == S::hierarchical || c.dipole_solver == S::fft)
        c.warnings.push_back(
            solver->second.file + ", line " + std::to_string(solver->second.line) +
            ": dipole:solver = " +
            (c.dipole_solver == S::fft
                 ? std::string("fft runs as macrocell (VAMPIRE's fft solver is the "
                               "macro-cell field by FFT; the same field)")
                 : std::string("hierarchical runs as tensor (the same near-field "
                               "means; the far field between all cells exactly "
                               "rather than by the octree)")));
}

}  // namespace miniasd::input_checks
