// Second-order uniaxial anisotropy: E = -sum_i k_u (S_i . e)^2, k_u in joules per atom
// (> 0: e is an easy axis). Field: (2 k_u / mu_i) (S_i . e) e. Kernel: kernels/uniaxial_anisotropy.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/uniaxial_anisotropy.hpp"

namespace miniasd {

class UniaxialAnisotropy final : public KernelTerm<kernels::UniaxialAnisotropyView, true> {
  public:
    // Per material: k_u (J), easy axis (unit), mu_s (J/T). `material` maps local atoms to them.
    UniaxialAnisotropy(const std::int32_t* material, std::vector<double> ku,
                       const std::vector<Vec3>& axis, const std::vector<double>& moments);
    const char* name() const override { return "anisotropy"; }
    TermKind kind() const override { return TermKind::anisotropy; }
    bool quadratic() const override { return true; }
    bool active() const override {
        for (const double k : ku_)
            if (k != 0) return true;
        return false;
    }
    // One material: the kernel's arithmetic with the constants in registers, no per-atom table
    // lookups (which a vector loop would make gathers).
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;

  private:
    std::vector<double> ku_;              // J
    std::vector<double> ex_, ey_, ez_;    // easy axis per material, as arrays so loops vectorise
    std::vector<double> two_ku_over_mu_;  // T
};

}  // namespace miniasd
