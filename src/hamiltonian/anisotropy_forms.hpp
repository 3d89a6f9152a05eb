// VAMPIRE's further anisotropy forms (fourth- and sixth-order uniaxial, fourth-order biaxial,
// sixth-order cubic, fourth-order rotational, second- and fourth-order triaxial, and the
// fourth-order cubic on rotated axes): one on-site term whose kernel sums each material's forms
// (kernels/anisotropy_forms.hpp, docs/physics.md). Built only when some material has one.
#pragma once

#include <vector>

#include "hamiltonian/kernel_term.hpp"
#include "kernels/anisotropy_forms.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

class AnisotropyFormsTerm final : public KernelTerm<kernels::AnisotropyFormsView> {
  public:
    // `material` maps local atoms to c.materials; moments in J/T.
    AnisotropyFormsTerm(const std::int32_t* material, const SystemSettings& c,
                        const std::vector<double>& moments);
    const char* name() const override { return "anisotropy-forms"; }
    TermKind kind() const override { return TermKind::anisotropy; }

  private:
    std::vector<double> table_;  // [material * anisotropy_forms_stride]
};

// Whether some material has a further form, or its fourth-order cubic on rotated axes.
bool has_anisotropy_forms(const SystemSettings& c);

SectionOf<SystemSettings> anisotropy_forms_section();  // anisotropy_forms_keywords.cpp

}  // namespace miniasd
