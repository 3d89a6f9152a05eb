// The dipolar field's settings (dipole: and cells: keywords; docs/physics.md, "Dipolar fields"):
// a configuration section (input/section.hpp), read from the keywords in dipole_keywords.cpp.
#pragma once

#include <cstdint>

#include "system/system_settings.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

// Off until dipole:solver is given, as in VAMPIRE. hierarchical runs as tensor and fft as
// macrocell, with a warning.
enum class DipoleSolver {
    none,
    atomistic,      // exact: every pair of atoms (miniASD evaluates it by FFT)
    atomistic_fft,  // the same exact field
    tensor,         // VAMPIRE's macro-cells, atomistic mean tensors within the cut-off
    macrocell,      // VAMPIRE's macro-cells, point tensors between their centres
    hierarchical,   // runs as tensor
    fft,            // runs as macrocell
};
inline constexpr EnumWords<DipoleSolver, 6> dipole_solver_words{{
    {DipoleSolver::atomistic, "atomistic"},
    {DipoleSolver::atomistic_fft, "atomistic-fft"},
    {DipoleSolver::tensor, "tensor"},
    {DipoleSolver::macrocell, "macrocell"},
    {DipoleSolver::hierarchical, "hierarchical"},
    {DipoleSolver::fft, "fft"},
}};

// The surface term of a box periodic along x, y and z (docs/physics.md, "Periodic boundaries"):
// tin-foil leaves the sample's macroscopic field out (a conducting surface at infinity), vacuum
// adds -mu0 M / 3, a sphere's.
enum class DipoleBoundary { tin_foil, vacuum };
inline constexpr EnumWords<DipoleBoundary, 2> dipole_boundary_words{{
    {DipoleBoundary::tin_foil, "tin-foil"},
    {DipoleBoundary::vacuum, "vacuum"},
}};

struct DipoleSection {
    DipoleSolver solver = DipoleSolver::none;
    DipoleBoundary boundary = DipoleBoundary::tin_foil;
    std::int64_t update_rate = 100;  // time steps (Monte Carlo sweeps) between evaluations
    double cutoff = 2.0;             // tensor: mean tensors within this x macro_cell_size[0]
    Vec3 macro_cell_size{1e-9, 1e-9, 1e-9};  // m, cells:macro-cell-size(-x, -y, -z)
    MINIASD_FIELDS(solver, boundary, update_rate, cutoff, macro_cell_size);

    // The exact solver runs (atomistic, atomistic-fft)? Otherwise a macro-cell solver.
    bool exact() const {
        return solver == DipoleSolver::atomistic || solver == DipoleSolver::atomistic_fft;
    }
    // A macro-cell solver on macro-cells (every solver but none and the exact ones).
    bool macro_cells() const { return solver != DipoleSolver::none && !exact(); }
    // The macro-cell solver's near pairs (tensor and hierarchical: mean tensors) lie within
    // this range (m); 0 for macrocell and fft (point tensors only).
    double near_range() const {
        const bool tensor = solver == DipoleSolver::tensor || solver == DipoleSolver::hierarchical;
        return tensor ? cutoff * macro_cell_size[0] : 0.0;
    }
};
MINIASD_SIZE_GUARD(DipoleSection, 48);

// What the dipolar field's code reads of the input: its section, over the system's.
struct DipoleSettings : virtual SystemSettings {
    DipoleSection dipole;
};

SectionOf<DipoleSettings> dipole_section();  // dipole_keywords.cpp

}  // namespace miniasd
