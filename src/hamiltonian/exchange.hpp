// Isotropic nearest-neighbour exchange: E = -sum_{i<j} J_ij S_i . S_j, J_ij in joules per link
// chosen by the materials of i and j. Field on i: (1/mu_i) sum_j J_ij S_j. Its reach is the
// lattice's first shell; being the first neighbour term, it reads the leading `width` columns of
// the system's neighbour table (hamiltonian/reach.hpp). Kernel: kernels/exchange.hpp; the field
// loops here are the CPU's traversals of it, the stencil runs vectorised with the kernel's bits.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "hamiltonian/stencil_runs.hpp"
#include "kernels/exchange.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class Exchange final : public KernelTerm<kernels::ExchangeView> {
  public:
    // j_matrix[a * materials + b]: J between materials a and b (J); moments[a]: mu_s (J/T);
    // width: the neighbour-table columns [0, width) this term reads.
    Exchange(const LocalSystem& sys, std::vector<double> j_matrix, std::vector<double> moments,
             int width);
    const char* name() const override { return "exchange"; }
    // False when this term reads its own compact neighbour form only: the owner may then release
    // the system's table (LocalSystem::release_neighbour_table).
    bool needs_neighbour_table() const { return !use_runs_; }
    TermKind kind() const override { return TermKind::exchange; }
    bool quadratic() const override { return true; }
    bool active() const override {
        for (const double j : j_)
            if (j != 0) return true;
        return false;
    }
    int width() const { return width_; }
    // Neighbour k < width of owned atom i (local index; the null atom pads short rows), from
    // whichever form of the table this term keeps.
    std::int32_t neighbour(std::int64_t i, int k) const { return kernels::neighbour(view_, i, k); }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    // Monte Carlo's energy change of one atom: with the runs, the kernel's sum (the same bits)
    // with its width fixed and without the per-neighbour material lookups of one material.
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const override;

  private:
    int width_;  // table columns read
    int materials_;
    std::vector<double> j_;          // J per link (J), [a * materials + b]
    std::vector<double> j_over_mu_;  // J_ab / mu_a (T), [a * materials + b]
    // The lattice's constant-offset stretches and the other atoms' rows: with one material and
    // a table width of 6, 8 or 12, the whole neighbour table in compact form, and the only form
    // this term reads. MINIASD_NO_STENCIL_RUNS in the environment turns them off, to compare.
    bool use_runs_;
    StencilRuns runs_;
};

}  // namespace miniasd
