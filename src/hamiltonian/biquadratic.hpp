// Biquadratic exchange, VAMPIRE's (material[i]:biquadratic-exchange-matrix[j], or the biquadratic
// block of a unit-cell file):
//     E = -sum over bonds {i, j} of B_ij (S_i . S_j)^2,   field on i: (2/mu_i) sum_j B_ij
//     (S_i . S_j) S_j,
// B_ij in joules per link (a normalised block's weight times the materials' matrix entry). Its
// energy is reported as exchange energy, as VAMPIRE reports it. In a collinear state it adds 2B
// to the stiffness of small deviations (a spin wave feels J + 2B; tests/physics). Kernel:
// kernels/biquadratic.hpp; this class builds its compressed rows.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/biquadratic.hpp"
#include "system/interactions.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class Biquadratic final : public KernelTerm<kernels::BiquadraticView> {
  public:
    // columns[site][k]: the neighbour-table column of bond k of the site in `list`;
    // shell_matrix[shell][a * materials + b]: B between materials a and b on that shell (J per
    // link; the bond's weight multiplies it), used when the list is normalised; moments[a]:
    // mu_s (J/T).
    Biquadratic(const LocalSystem& sys, int sites, const InteractionList& list,
                const std::vector<std::vector<int>>& columns,
                const std::vector<std::vector<double>>& shell_matrix,
                const std::vector<double>& moments);
    const char* name() const override { return "biquadratic"; }
    TermKind kind() const override { return TermKind::exchange; }
    bool active() const override { return !bonds_.empty(); }

    // Bonds with a nonzero B among the owned atoms (each physical bond inside the rank twice).
    std::int64_t bonds() const { return static_cast<std::int64_t>(bonds_.size()); }

  private:
    std::vector<std::int64_t> start_;  // [n_owned + 1]: atom i's bonds are [start_[i], start_[i+1])
    std::vector<kernels::BiquadraticBond> bonds_;
    std::vector<double> inv_mu_;  // [material] 1/mu_s, 1/(J/T)
};

}  // namespace miniasd
