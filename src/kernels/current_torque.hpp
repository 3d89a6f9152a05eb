// Kernel of the Zhang-Li current torques (docs/physics.md, "Current torques"): a current density
// j flowing in the magnet moves its texture with the spin-drift velocity u = -P g mu_B j /
// (2 |e| M_s) (along the electrons' flow). In Gilbert's form the LLG equation gains
//   -(u . grad) S + beta S x (u . grad) S,
// the adiabatic and non-adiabatic torques; in miniASD's Landau-Lifshitz form
// (kernels/llg.hpp) that is exactly the effective field
//   H_i = -(c / gamma) (beta D_i + S_i x D_i),  D_i = (u . grad) S at atom i,
// c the current's fraction of the full one (an electrical pulse's ramp). The gradient is the
// central difference over the same basis site one cell ahead and one behind along each axis the
// current has a component on (second order in the cell size); where one of the two is missing
// (an open surface, a particle's edge, a removed site) the one-sided difference to the atom
// itself (first order), and neither: no gradient along that axis.
// Not the gradient of an energy: no energy, no Monte Carlo move (the input refuses both).
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"

namespace miniasd::kernels {

struct CurrentTorqueView {
    const std::int32_t* material;  // [local atom] 0-based material
    std::int64_t n_owned;
    int axes;  // the axes (of x, y, z in order) with a current component: 0 to 3
    // [a * n_owned + i]: the atom of i's site one cell ahead along the a-th axis, and one behind
    // (i itself where there is none); how many of the two there are (0, 1, 2).
    const std::int32_t* ahead;
    const std::int32_t* behind;
    const std::uint8_t* span;
    const double* drift;  // [material * 3 + a]: u along the a-th axis over the cell's edge, 1/s
    const double* beta;   // [material] non-adiabaticity
    double scale;         // -c / gamma, T s
};

// The field at atom i with A axes (A = 0: v.axes, read at run time; the CPU's traversal fixes it
// at compile time so the loop over atoms vectorises). The same operations in the same order
// either way: the same bits.
template <int A>
MINIASD_HD inline void current_torque_field(std::int64_t i, const CurrentTorqueView& v,
                                            const SpinView& s, double& hx, double& hy, double& hz) {
    const int m = v.material[i];
    const int axes = A > 0 ? A : v.axes;
    double dx = 0, dy = 0, dz = 0;  // D = (u . grad) S, 1/s
    for (int a = 0; a < axes; ++a) {
        const std::int64_t k = a * v.n_owned + i;
        const std::int32_t p = v.ahead[k], q = v.behind[k];
        // 1 / (cells spanned) for n = 2 atoms, 1 for n = 1, 0 for none; without a branch, exactly.
        const int n = v.span[k];
        const double w = v.drift[m * 3 + a] * (double(n) - 1.5 * double(n >> 1));
        dx += w * (s.x[p] - s.x[q]);
        dy += w * (s.y[p] - s.y[q]);
        dz += w * (s.z[p] - s.z[q]);
    }
    const double sx = s.x[i], sy = s.y[i], sz = s.z[i], b = v.beta[m];
    hx += v.scale * (b * dx + (sy * dz - sz * dy));
    hy += v.scale * (b * dy + (sz * dx - sx * dz));
    hz += v.scale * (b * dz + (sx * dy - sy * dx));
}

MINIASD_HD inline void field_at(std::int64_t i, const CurrentTorqueView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    current_torque_field<0>(i, v, s, hx, hy, hz);
}

MINIASD_HD inline double energy_at(std::int64_t, const CurrentTorqueView&, const SpinView&) {
    return 0;
}

MINIASD_HD inline double energy_change_at(std::int64_t, const CurrentTorqueView&, const SpinView&,
                                          const double*, const double*) {
    return 0;
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(CurrentTorqueView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.ahead, v.axes * e.n_owned);
    f(v.behind, v.axes * e.n_owned);
    f(v.span, v.axes * e.n_owned);
    f(v.drift, 3 * e.materials);
    f(v.beta, e.materials);
}

}  // namespace miniasd::kernels
