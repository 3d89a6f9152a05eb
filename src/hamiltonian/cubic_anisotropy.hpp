// Fourth-order cubic anisotropy, VAMPIRE's convention: E = -sum_i (k_c / 2)(Sx^4 + Sy^4 + Sz^4),
// k_c in joules per atom, cubic axes along the crystal's x, y, z. k_c > 0 makes <100> easy and
// <111> hard; k_c < 0 the reverse. Field: (2 k_c / mu_i)(Sx^3, Sy^3, Sz^3). Kernel:
// kernels/cubic_anisotropy.hpp.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/cubic_anisotropy.hpp"

namespace miniasd {

class CubicAnisotropy final : public KernelTerm<kernels::CubicAnisotropyView, true> {
  public:
    // Per material: k_c (J), mu_s (J/T). `material` maps local atoms to them.
    CubicAnisotropy(const std::int32_t* material, std::vector<double> kc,
                    const std::vector<double>& moments);
    const char* name() const override { return "cubic-anisotropy"; }
    TermKind kind() const override { return TermKind::anisotropy; }

  private:
    std::vector<double> kc_;              // J
    std::vector<double> two_kc_over_mu_;  // T
};

}  // namespace miniasd
