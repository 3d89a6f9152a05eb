// The memory the dipolar field will hold on the fullest rank at its peak, from the lattice and
// the rank count alone, so that a run which cannot fit is refused before anything is allocated.
// Each figure follows the solver's own buffers phase by phase (their sizes, not their
// capacities: pages never written are not resident), so a change to a solver's buffers belongs
// here too; tests/tools/check_memory_estimate.py holds the estimates against the measured peak
// resident memory of every solver.
#pragma once

#include "system/lattice.hpp"

namespace miniasd::dipole {

// The exact solver (dipole/dipole_solver.hpp): the spectral kernel, the FFT's slabs and
// transpose buffers at the larger of the kernel's set-up and a field evaluation, the real grids
// of moments and fields, the routes, and the dipolar term's per-atom arrays. Bytes.
double exact_solver_bytes(const Lattice& l, int ranks);

// VAMPIRE's macrocell and tensor solvers (dipole/macro_cell_solver.hpp): the tensors from every
// box to the boxes of the fullest rank (6 doubles a pair), the boxes' exact sums, and for the
// tensor solver (near_range > 0, m) its near pairs' atoms and displacement table. Bytes.
double macro_cell_solver_bytes(const Lattice& l, int ranks, const Vec3& box_size,
                               double near_range);

}  // namespace miniasd::dipole
