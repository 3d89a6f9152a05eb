// VAMPIRE's macrocell and tensor dipole solvers (dipole/macro_cells.hpp): each evaluation sums
// the boxes' moments over the ranks exactly (ExactSum digits, so the sums, and the fields, have
// the same bits on any decomposition), and each rank computes the field of the boxes that hold
// its atoms from every box, j in order:
//     B_i      = (mu0/4pi) [ sum_j T_ij m_j + (8 pi/3) m_i / V_i ]   (each of its atoms gets it)
//     mu0 H_i  = (mu0/4pi) [ sum_j T_ij m_j - (4 pi/3) m_i / V_i ]   (for the energy)
// with E = -1/2 sum_atoms m . mu0 H, as VAMPIRE. Memory: 6 doubles per (local box, box) pair, as
// VAMPIRE's; each rank also sends 3 exact sums per box each evaluation.
#pragma once

#include <cstdint>
#include <vector>

#include "dipole/macro_cells.hpp"
#include "parallel/comm.hpp"
#include "util/exact_sum.hpp"

namespace miniasd::dipole {

class MacroCellSolver {
  public:
    // Collective set-up is none: everything follows from the lattice. near_range: see
    // macro_cell_tensors (0: the macrocell solver).
    MacroCellSolver(const Lattice& l, const LocalSystem& sys, const MaterialMap& materials,
                    const std::vector<double>& moments, const Vec3& box_size, double near_range,
                    const parallel::Comm& comm);
    // Collective. moments: m (J/T) of owned atom i at [3 i, 3 i + 3); writes the field B (T) and
    // the energy field mu0 H (T) of each owned atom alike.
    void field(const double* moments, double* b, double* energy_field);

    const MacroCells& cells() const { return cells_; }
    std::int64_t bytes() const;

  private:
    parallel::Comm comm_;
    MacroCells cells_;
    std::vector<std::int64_t> rows_;         // the boxes holding owned atoms, ascending
    std::vector<std::int32_t> row_of_atom_;  // [owned atom] its box's row
    std::vector<double> tensors_;            // [row][box][6], m^-3
    std::vector<ExactSum> sums_;             // [box][3] the boxes' moments over this rank's atoms
    std::vector<std::int64_t> packed_;       // the same packed, summed over the ranks
    std::vector<double> box_m_;              // [box][3] J/T, every rank's atoms
    std::vector<double> box_b_, box_h_;      // [row][3] T
};

}  // namespace miniasd::dipole
