// Exchange over any list of bonds (system/interactions.hpp): several shells, a unit-cell file's
// bonds, diagonal (vectorial) or full 3x3 tensor couplings, DMI written as a tensor's
// antisymmetric part. E = -sum over bonds {i, j} of S_i . J_ij . S_j (each bond listed from both
// atoms, so an atom's energy is half its bonds); field on i: (1/mu_i) sum_j J_ij S_j (tesla).
// The nearest-neighbour Exchange (exchange.hpp) computes the lists whose bonds are one isotropic
// weight faster; this is the path for every other list.
#pragma once

#include <array>
#include <vector>

#include "hamiltonian/stencil_runs.hpp"
#include "hamiltonian/term.hpp"
#include "system/interactions.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class TensorExchange final : public Term {
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
    bool active() const override { return active_; }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override;
    double site_energy(const SpinView& s, std::int64_t i, const double* si) const override;
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const override;

  private:
    using Scales = std::vector<std::vector<Vec3>>;  // [shell][a * materials + b]: x, y, z
    // sum_j c_ab J_ij S_j over the bonds of owned atom i, each coupling scaled by `table`
    // (energy_scale_ or field_scale_).
    void bond_sum(const SpinView& s, std::int64_t i, const Scales& table, double* h) const;

    struct LocalBond {
        int column;
        int shell;
        std::array<double, 9> j;
    };
    const LocalSystem& sys_;
    CouplingForm form_;
    int materials_;
    std::vector<std::vector<LocalBond>> bonds_;  // [site]
    // One material: each bond's coupling times its field scale (J / mu, tesla), so the field
    // loop has no material lookups (bonds_[site][k].j scaled; empty with several materials).
    std::vector<std::vector<LocalBond>> folded_;
    template <CouplingForm F>
    void one_material_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                            FieldView h) const;
    // Several materials: per site, the coefficients of its bonds for each pair of materials
    // (a, b) of the atom and its neighbour, each the bond's coupling times the field scale of
    // (a, b), in the form's layout (1, 3 or 9 per bond): [(a * materials + b) * w * C + k * C].
    // The field is sum_k coef_k S_j in list order, as with one material, so the per-atom path
    // (pair_field) and the runs give the same bits. Empty with one material, or with so many
    // that the table would pass 32 MB (then bond_sum forms each product in the field loop).
    std::vector<std::vector<double>> pair_coef_;
    template <CouplingForm F>
    void pair_field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h) const;
    // A lattice with period-1 stencil runs whose atoms are each of one site, and one material or
    // materials that follow the sites (a unit-cell file's material column; no alloy, no layers):
    // the runs (bond_runs.hpp), with each site's coefficients per bond in the form's layout.
    // Empty runs_ (period 0) otherwise.
    StencilRuns runs_;
    std::vector<std::int32_t> run_site_;         // [run] its atoms' basis site
    std::vector<std::vector<double>> run_coef_;  // [site] coefficients, bond by bond
    // The same with the energy's scale (J), for the statistics' atom energies: filled only where
    // its products are the ones bond_sum forms (isotropic couplings, or a list in joules), so an
    // atom's energy has the same bits whether its rank found runs or not.
    std::vector<std::vector<double>> run_energy_coef_;
    template <CouplingForm F>
    void runs_field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h,
                    const std::vector<std::vector<double>>& coef) const;
    template <CouplingForm F>
    void runs_energies(const SpinView& s, std::int64_t begin, std::int64_t end, double* e) const;
    void find_runs(const InteractionList& list, const std::vector<std::vector<int>>& columns,
                   int sites);
    // The coefficients of site s's bonds as the runs read them; empty if a site's or a
    // neighbour's material is not the one its site has everywhere on this rank.
    std::vector<std::vector<double>> site_coefficients(const InteractionList& list,
                                                       int sites) const;
    std::vector<std::vector<double>> energy_coefficients(const InteractionList& list,
                                                         int sites) const;
    // The material of each site's atoms on this rank, ghosts included (-1: no atom here); empty
    // if some site holds atoms of two materials.
    std::vector<std::int32_t> site_materials(int sites) const;
    std::vector<std::int32_t> site_;  // [owned atom] basis site
    // [shell][a * materials + b]: the factor of a bond's coupling in the energy (J per unit
    // weight, or 1) and in the field (that over mu_a, 1/T units), per component of the field
    // (row of the tensor).
    Scales energy_scale_, field_scale_;
    bool active_ = false;
};

}  // namespace miniasd
