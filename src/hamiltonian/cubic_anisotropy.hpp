// Fourth-order cubic anisotropy, VAMPIRE's convention: E = -sum_i (k_c / 2)(Sx^4 + Sy^4 + Sz^4),
// k_c in joules per atom, cubic axes along the crystal's x, y, z. k_c > 0 makes <100> easy and
// <111> hard; k_c < 0 the reverse. Field: (2 k_c / mu_i)(Sx^3, Sy^3, Sz^3).
#pragma once

#include <vector>

#include "hamiltonian/term.hpp"

namespace miniasd {

class CubicAnisotropy final : public Term {
  public:
    // Per material: k_c (J), mu_s (J/T). `material` maps local atoms to them.
    CubicAnisotropy(const std::int32_t* material, std::vector<double> kc,
                    const std::vector<double>& moments);
    const char* name() const override { return "cubic-anisotropy"; }
    TermKind kind() const override { return TermKind::anisotropy; }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override;
    double site_energy(const SpinView& s, std::int64_t i, const double* si) const override;

  private:
    const std::int32_t* material_;
    std::vector<double> kc_;              // J
    std::vector<double> two_kc_over_mu_;  // T
};

}  // namespace miniasd
