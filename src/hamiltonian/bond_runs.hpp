// The general exchange's field over stencil runs (stencil_runs.hpp): inside a run every atom is
// of one basis site and has neighbour k at i + o[k], so the coupling of bond k is the same for
// all of them and no neighbour table is read. Four atoms are summed side by side in one vector
// register per component, two such groups at a time (the four neighbours' spins at i + o[k] ... i +
// 3 + o[k] are contiguous), so the additions of four atoms overlap instead of one atom's bonds
// making a chain of dependent additions. Each atom still sums its bonds in list order from zero
// with the scalar operations, so the field has the bits of the per-atom kernel
// (kernels::tensor_field).
#pragma once

#include <cstdint>

#include "kernels/tensor_exchange.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// Coefficients per bond k: isotropic c[k]; diagonal c[3k .. 3k+2]; tensor c[9k .. 9k+8] (row
// major). h.x[i - a] += the sum for atoms a <= i < z.
namespace bond_runs_detail {

// Four doubles in one register (GCC and Clang vector extensions: AVX where the target has it,
// else pairs of SSE registers). Lane by lane its * and + are the scalar operations, so every atom
// gets the bits the scalar loop gives it.
typedef double Lanes __attribute__((vector_size(32)));
inline Lanes load(const double* p) {
    Lanes v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
inline void add_to(double* p, Lanes v) {
    for (int l = 0; l < 4; ++l)
        p[l] += v[l];
}

}  // namespace bond_runs_detail

// Coefficients per bond k: isotropic c[k]; diagonal c[3k .. 3k+2]; tensor c[9k .. 9k+8] (row
// major). h.x[i - a] += the sum for atoms a <= i < z.
template <CouplingForm F>
void bond_run_field(const SpinView& s, const std::int32_t* o, const double* c, int w,
                    std::int64_t a, std::int64_t z, FieldView h) {
    using bond_runs_detail::Lanes;
    using bond_runs_detail::load;
    constexpr int C = F == CouplingForm::isotropic ? 1 : F == CouplingForm::diagonal ? 3 : 9;
    // Lane group g of a block holds atoms i + 4g ... i + 4g + 3.
    auto block = [&](std::int64_t i, auto groups) {
        constexpr int G = decltype(groups)::value;
        Lanes hx[G], hy[G], hz[G];
        for (int g = 0; g < G; ++g)
            hx[g] = hy[g] = hz[g] = Lanes{0, 0, 0, 0};
        for (int k = 0; k < w; ++k) {
            const double* ck = c + C * k;
            for (int g = 0; g < G; ++g) {
                const std::int64_t j = i + 4 * g + o[k];
                const Lanes x = load(s.x + j), y = load(s.y + j), zz = load(s.z + j);
                if constexpr (F == CouplingForm::isotropic) {
                    hx[g] += ck[0] * x;
                    hy[g] += ck[0] * y;
                    hz[g] += ck[0] * zz;
                } else if constexpr (F == CouplingForm::diagonal) {
                    hx[g] += ck[0] * x;
                    hy[g] += ck[1] * y;
                    hz[g] += ck[2] * zz;
                } else {
                    hx[g] += ck[0] * x + ck[1] * y + ck[2] * zz;
                    hy[g] += ck[3] * x + ck[4] * y + ck[5] * zz;
                    hz[g] += ck[6] * x + ck[7] * y + ck[8] * zz;
                }
            }
        }
        for (int g = 0; g < G; ++g) {
            bond_runs_detail::add_to(h.x + (i - a) + 4 * g, hx[g]);
            bond_runs_detail::add_to(h.y + (i - a) + 4 * g, hy[g]);
            bond_runs_detail::add_to(h.z + (i - a) + 4 * g, hz[g]);
        }
    };
    std::int64_t i = a;
    for (; i + 12 <= z; i += 12)
        block(i, std::integral_constant<int, 3>{});
    for (; i + 8 <= z; i += 8)  // six independent sums in flight
        block(i, std::integral_constant<int, 2>{});
    for (; i + 4 <= z; i += 4)
        block(i, std::integral_constant<int, 1>{});
    for (; i < z; ++i) {  // the last one to three atoms
        double f[3] = {0, 0, 0};
        for (int k = 0; k < w; ++k) {
            const std::int64_t j = i + o[k];
            kernels::add_bond_coefficients<F>(c + C * k, s.x[j], s.y[j], s.z[j], f);
        }
        h.x[i - a] += f[0];
        h.y[i - a] += f[1];
        h.z[i - a] += f[2];
    }
}

}  // namespace miniasd
