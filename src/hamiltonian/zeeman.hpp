// Zeeman energy of the applied field: E = -sum_i mu_i S_i . B. Field: B (tesla), the same for all.
#pragma once

#include <vector>

#include "hamiltonian/term.hpp"
#include "input/config.hpp"

namespace miniasd {

class Zeeman final : public Term {
  public:
    Zeeman(const std::int32_t* material, std::vector<double> moments, Vec3 field);
    const char* name() const override { return "applied-field"; }
    TermKind kind() const override { return TermKind::applied_field; }
    bool active() const override { return field_ != Vec3{0, 0, 0}; }
    const Vec3& field() const { return field_; }
    void set_field(const Vec3& b) { field_ = b; }  // T
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override;
    double site_energy(const SpinView& s, std::int64_t i, const double* si) const override;

  private:
    const std::int32_t* material_;
    std::vector<double> moments_;  // J/T
    Vec3 field_;                   // T
};

}  // namespace miniasd
