// VAMPIRE's Kitaev (bond-directional pseudo-dipolar) exchange (material[i]:kitaev-constant[j],
// exchange:kitaev-cutoff-range; docs/physics.md):
//     E = sum over bonds {i, j} of K_ij (S_i . e_ij)(S_j . e_ij)
// over the exchange's bonds no longer than the cutoff, e_ij the bond's unit vector (its own
// direction, as in VAMPIRE: on a honeycomb the in-plane bond vectors, not the x/y/z labels of the
// textbook model), K_ij in joules per link, symmetric like the exchange. Reported as exchange
// energy. Kernel: kernels/kitaev.hpp; this class builds its compressed rows.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/kitaev.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

class Kitaev final : public KernelTerm<kernels::KitaevView> {
  public:
    // columns[site][k]: the neighbour-table column of the exchange's bond k of the site.
    Kitaev(const LocalSystem& sys, const Lattice& lattice, const SystemSettings& c,
           const std::vector<std::vector<int>>& columns, const std::vector<double>& moments);
    const char* name() const override { return "kitaev"; }
    TermKind kind() const override { return TermKind::exchange; }
    bool quadratic() const override { return true; }
    bool active() const override { return !bonds_.empty(); }

  private:
    std::vector<std::int64_t> start_;  // [n_owned + 1]
    std::vector<kernels::KitaevBond> bonds_;
    std::vector<double> inv_mu_;  // [material]
};

}  // namespace miniasd
