// VAMPIRE's four-spin exchange (material[i]:four-spin-constant[j], exchange:four-spin-cutoff-1
// and -2; docs/physics.md): over the quartets of system/four_spin_quartets.hpp,
//     E = -sum_Q (K_Q/3) [(S_1.S_2)(S_3.S_4) + (S_1.S_3)(S_2.S_4) + (S_1.S_4)(S_2.S_3)],
// K_Q = K[material of the centre][material of its first member], joules per quartet: the energy
// whose gradient is VAMPIRE's coded field (its energy function returns 0). Reported as exchange
// energy. Its reach: every member of every quartet an atom belongs to (two neighbour steps).
// Kernel: kernels/four_spin.hpp; this class builds each atom's quartets.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/four_spin.hpp"
#include "system/four_spin_quartets.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

class FourSpin final : public KernelTerm<kernels::FourSpinView> {
  public:
    // quartets: quartets_of_sites(); columns[site][k]: the neighbour-table column of
    // quartet_offsets()[site][k].
    FourSpin(const LocalSystem& sys, int sites, const SystemSettings& c,
             const std::vector<std::vector<Quartet>>& quartets,
             const std::vector<std::vector<int>>& columns, const std::vector<double>& moments);
    const char* name() const override { return "four-spin"; }
    TermKind kind() const override { return TermKind::exchange; }
    bool active() const override { return !bonds_.empty(); }

  private:
    std::vector<std::int64_t> start_;  // [n_owned + 1]
    std::vector<kernels::FourSpinQuartet> bonds_;
    std::vector<double> inv_mu_;  // [material]
};

}  // namespace miniasd
