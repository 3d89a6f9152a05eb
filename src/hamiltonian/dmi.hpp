// The Dzyaloshinskii-Moriya interaction built from material[i]:dmi-constant[j] as VAMPIRE builds
// it (system/dmi_triangles.hpp, docs/physics.md):
//     E = sum over bonds {i, j} of D_ij . (S_i x S_j),   field on i: (1/mu_i) sum_j D_ij x S_j,
// D_ij in joules. D_ij depends on the materials of i, j and the mediating atoms, which may differ
// atom by atom (layers, alloys, a particle's surface), so each owned atom keeps the bonds whose
// D_ij is not zero: inside a crystal with inversion symmetry the triangles cancel, and only
// surfaces and interfaces keep any. Its energy is its own statistics column (output:dmi-energy).
// A unit-cell file's tensor rows carry DMI of their own, in the exchange term. Kernel:
// kernels/dmi.hpp; this class builds its compressed rows.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/dmi.hpp"
#include "system/dmi_triangles.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class Dmi final : public KernelTerm<kernels::DmiView> {
  public:
    // columns[site][k]: the neighbour-table column of exchange bond k of the site;
    // moments[a]: mu_s (J/T).
    Dmi(const LocalSystem& sys, int sites, const DmiVectors& vectors,
        const std::vector<std::vector<int>>& columns, const std::vector<double>& moments);
    const char* name() const override { return "dmi"; }
    TermKind kind() const override { return TermKind::dmi; }
    bool quadratic() const override { return true; }
    bool active() const override { return !bonds_.empty(); }

    // Bonds with a nonzero D_ij among the owned atoms (each physical bond inside the rank twice).
    std::int64_t bonds() const { return static_cast<std::int64_t>(bonds_.size()); }

  private:
    std::vector<std::int64_t> start_;  // [n_owned + 1]: atom i's bonds are [start_[i], start_[i+1])
    std::vector<kernels::DmiBond> bonds_;
    std::vector<double> inv_mu_;  // [material] 1/mu_s, 1/(J/T)
};

}  // namespace miniasd
