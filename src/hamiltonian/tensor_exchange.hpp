// Exchange over any list of bonds (system/interactions.hpp): several shells, a unit-cell file's
// bonds, diagonal (vectorial) or full 3x3 tensor couplings, DMI written as a tensor's
// antisymmetric part. E = -sum over bonds {i, j} of S_i . J_ij . S_j (each bond listed from both
// atoms, so an atom's energy is half its bonds); field on i: (1/mu_i) sum_j J_ij S_j (tesla).
// The nearest-neighbour Exchange (exchange.hpp) computes the lists whose bonds are one isotropic
// weight faster; this is the path for every other list. Kernel: kernels/tensor_exchange.hpp, over
// the flat tables this class builds (tensor_exchange_setup.cpp); its CPU traversals
// (tensor_exchange.cpp) add the stencil runs and two-atom interleaving with the kernel's bits.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "hamiltonian/stencil_runs.hpp"
#include "kernels/tensor_exchange.hpp"
#include "system/interactions.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class TensorExchange final : public KernelTerm<kernels::TensorExchangeView> {
  public:
    // columns[site][k]: the neighbour-table column of bond k of the site (TermContext::columns).
    // shell_j[shell][a * materials + b]: the exchange-matrix value a normalised weight of that
    // shell multiplies (J), as (Jxx, Jyy, Jzz): three equal numbers but for VAMPIRE's vectorial
    // exchange-matrix, which makes an isotropic list diagonal (a tensor list refuses it: its
    // rows scaled apart would not be the transpose of its reverse bonds'); ignored when the list
    // holds joules. moments[a]: mu_s (J/T).
    TensorExchange(const LocalSystem& sys, int sites, const InteractionList& list,
                   const std::vector<std::vector<int>>& columns,
                   const std::vector<std::vector<Vec3>>& shell_j, std::vector<double> moments);
    const char* name() const override { return "exchange"; }
    // Owned atoms whose field comes from stencil runs (0 where the runs are not used).
    std::int64_t runs_cover() const { return runs_.period == 1 ? runs_.covered : 0; }
    // Whether the atom energies come from the runs too (run_energy_coef_).
    bool energies_from_runs() const { return runs_cover() > 0 && !run_energy_coef_.empty(); }
    TermKind kind() const override { return TermKind::exchange; }
    bool quadratic() const override { return true; }
    bool active() const override { return active_; }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override;
    // A tensor list with antisymmetric bonds: their part of the energy is the DMI column's.
    bool has_dmi_part() const override { return antisymmetric_; }
    void dmi_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                      double* e) const override;

  private:
    bool antisymmetric_ = false;  // some bond's tensor is not symmetric
    CouplingForm form_;
    int materials_;
    // Per basis site, its bonds in list order, flat: site s's are [bond_start_[s], [s + 1]).
    std::vector<kernels::TensorBond> bonds_;
    std::vector<std::int64_t> bond_start_;
    std::int64_t bonds_of(std::size_t site) const {
        return bond_start_[site + 1] - bond_start_[site];
    }
    // The field's coefficients (kernels::TensorExchangeView::coef): per site, each bond's
    // coupling times the field scale of each pair of materials (a, b) of the atom and its
    // neighbour, in the form's layout (1, 3 or 9 per bond); one material: the couplings folded as
    // (w J) / mu. Empty with so many materials that the table would pass 32 MB (then the kernel
    // forms each product from the scales).
    std::vector<double> coef_;
    std::vector<std::int64_t> coef_start_;  // [site]
    // Several materials, no runs: two atoms at a time, each as the kernel sums it.
    template <CouplingForm F>
    void pair_field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h) const;
    // A lattice with period-1 stencil runs whose atoms are each of one site, and one material or
    // materials that follow the sites (a unit-cell file's material column; no alloy, no layers):
    // the runs (bond_runs.hpp), with each site's coefficients per bond in the form's layout, the
    // kernel's numbers for that site's materials. Empty runs_ (period 0) otherwise.
    StencilRuns runs_;
    std::vector<std::int32_t> run_site_;  // [run] its atoms' basis site
    std::vector<double> run_coef_;        // [run_coef_start_[site] + k * C]
    // The same with the energy's scale (J), for the statistics' atom energies: filled only where
    // its products are the ones the kernel's energy forms (isotropic couplings, or a list in
    // joules), so an atom's energy has the same bits whether its rank found runs or not.
    std::vector<double> run_energy_coef_;
    std::vector<std::int64_t> run_coef_start_;  // [site]
    template <CouplingForm F>
    void runs_field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h,
                    const double* coef) const;
    template <CouplingForm F>
    void runs_energies(const SpinView& s, std::int64_t begin, std::int64_t end, double* e) const;
    // The coefficient table (coef_, coef_start_) from the bonds and the materials' scales.
    void fold_coefficients(const std::vector<double>& moments);
    void find_runs(const LocalSystem& sys, const InteractionList& list,
                   const std::vector<std::vector<int>>& columns, int sites);
    // The coefficients of every site's bonds as the runs read them, flat from
    // run_coef_start_; empty if a site's or a neighbour's material is not the one its site has
    // everywhere on this rank.
    std::vector<double> site_coefficients(const LocalSystem& sys, const InteractionList& list,
                                          int sites) const;
    std::vector<double> energy_coefficients(const LocalSystem& sys, const InteractionList& list,
                                            int sites) const;
    // The material of each site's atoms on this rank, ghosts included (-1: no atom here); empty
    // if some site holds atoms of two materials.
    std::vector<std::int32_t> site_materials(const LocalSystem& sys, int sites) const;
    std::vector<std::int32_t> site_;  // [owned atom] basis site
    // [(shell * materials^2 + a * materials + b) * 3 + c]: the factor of a bond's coupling in the
    // energy (J per unit weight, or 1) and in the field (that over mu_a, 1/T units), per
    // component of the field (row of the tensor).
    std::vector<double> energy_scale_, field_scale_;
    int shells_ = 1;
    const double* energy_scale(int shell, int ab) const {
        return energy_scale_.data() + (std::size_t(shell) * materials_ * materials_ + ab) * 3;
    }
    const double* field_scale(int shell, int ab) const {
        return field_scale_.data() + (std::size_t(shell) * materials_ * materials_ + ab) * 3;
    }
    bool active_ = false;
};

}  // namespace miniasd
