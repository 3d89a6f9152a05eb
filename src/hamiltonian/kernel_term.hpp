// A local term whose CPU loops are its kernel called atom by atom (kernels/local_terms.hpp): the
// term class only builds its tables and the view into them. Simd: the field loop is one the
// compiler vectorises whole (on-site terms, whose kernels read the atom's own data); pair terms
// with per-atom bond lists leave it scalar.
#pragma once

#include "hamiltonian/local_term.hpp"

namespace miniasd {

template <typename View, bool Simd = false>
class KernelTerm : public LocalTerm {
  public:
    std::optional<kernels::TermView> view() const override { return kernels::TermView(view_); }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override {
        const View v = view_;
        double *hx = h.x, *hy = h.y, *hz = h.z;
        if constexpr (Simd) {
#pragma omp simd
            for (std::int64_t i = begin; i < end; ++i)
                kernels::field_at(i, v, s, hx[i - begin], hy[i - begin], hz[i - begin]);
        } else {
            for (std::int64_t i = begin; i < end; ++i)
                kernels::field_at(i, v, s, hx[i - begin], hy[i - begin], hz[i - begin]);
        }
    }
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override {
        for (std::int64_t i = begin; i < end; ++i)
            e[i - begin] = kernels::energy_at(i, view_, s);
    }
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const override {
        return kernels::energy_change_at(i, view_, s, from, to);
    }
    const View& kernel_view() const {
        return view_;
    }

  protected:
    View view_{};
};

}  // namespace miniasd
