// VAMPIRE's Néel surface anisotropy (material[i]:neel-anisotropy-constant[j], anisotropy:
// keywords; docs/physics.md): an atom with fewer than the threshold's neighbours within the range
// (the exchange's bonds, counted as the lattice has them: an open surface, a particle's edge or a
// removed material lacks some) is a surface atom, and gets
//     E_i = -sum_j k_ij (S_i . e_ij)^2,   k_ij = K[mat i][mat j] (x exp(-F (r_ij - r0) / r0)),
// over those neighbours j, e_ij the bond's unit vector: a 3x3 tensor per surface atom, built once.
// On-site in its energy (only S_i), it declares the exchange's offsets as its reach to see which
// neighbours exist. Kernel: kernels/neel_anisotropy.hpp.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "hamiltonian/neel_section.hpp"
#include "kernels/neel_anisotropy.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class NeelAnisotropy final : public KernelTerm<kernels::NeelAnisotropyView> {
  public:
    // columns[site][k]: the neighbour-table column of the exchange's bond k of the site.
    NeelAnisotropy(const LocalSystem& sys, const Lattice& lattice, const NeelSettings& c,
                   const std::vector<std::vector<int>>& columns,
                   const std::vector<double>& moments);
    const char* name() const override { return "neel-anisotropy"; }
    TermKind kind() const override { return TermKind::anisotropy; }
    bool quadratic() const override { return true; }

    std::int64_t surface_atoms() const { return std::int64_t(t_.size() / 6); }  // this rank's

  private:
    std::vector<std::int32_t> tensor_;  // [n_owned]
    std::vector<double> t_;             // [surface atom * 6], J
    std::vector<double> inv_mu_;        // [material]
};

}  // namespace miniasd
