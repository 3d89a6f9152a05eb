// Zeeman energy of the applied field: E = -sum_i mu_i S_i . B. Field: B (tesla), the same for all.
// Kernel: kernels/zeeman.hpp.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/material_field.hpp"
#include "kernels/zeeman.hpp"

namespace miniasd {

class Zeeman final : public KernelTerm<kernels::ZeemanView, true> {
  public:
    Zeeman(const std::int32_t* material, std::vector<double> moments, Vec3 field);
    const char* name() const override { return "applied-field"; }
    TermKind kind() const override { return TermKind::applied_field; }
    bool active() const override { return field_ != Vec3{0, 0, 0}; }
    const Vec3& field() const { return field_; }
    void set_field(const Vec3& b);  // T

  private:
    std::vector<double> moments_;  // J/T
    Vec3 field_;                   // T
};

// The materials' own applied fields (VAMPIRE's material[i]:applied-field-strength and
// -unit-vector): constant through the run, added to the run's field (which programs sweep); and
// the fmr program's per-material oscillating fields (material[i]:fmr-field-*), set before every
// step (set_oscillating; CPU only: a device's copy of the table is made once).
// Kernel: kernels/material_field.hpp. Built only when some material has one.
class MaterialField final : public KernelTerm<kernels::MaterialFieldView> {
  public:
    // `fields` the constant ones, `directions` the oscillating ones' unit vectors (both
    // [material * 3]).
    MaterialField(const std::int32_t* material, std::vector<double> moments,
                  std::vector<double> fields, std::vector<double> directions);
    const char* name() const override { return "material-applied-field"; }
    TermKind kind() const override { return TermKind::applied_field; }
    // Each material's field = its constant one + strength[m] (T) along its direction.
    void set_oscillating(const std::vector<double>& strength);
    const std::vector<double>& oscillating() const { return strength_; }

  private:
    std::vector<double> moments_, constant_, directions_, fields_, strength_;
};

}  // namespace miniasd
