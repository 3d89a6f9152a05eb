// Kernel of the fourth-order cubic anisotropy, VAMPIRE's convention (docs/physics.md):
// E_i = -(k_c / 2)(Sx^4 + Sy^4 + Sz^4), k_c in joules per atom, cubic axes along the crystal's
// x, y, z; field (2 k_c / mu_i)(Sx^3, Sy^3, Sz^3), tesla.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct CubicAnisotropyView {
    const std::int32_t* material;  // [local atom] 0-based material
    const double* kc;              // [material] J
    const double* two_kc_over_mu;  // [material] 2 k_c / mu_s, T
};

MINIASD_HD inline void field_at(std::int64_t i, const CubicAnisotropyView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const double c = v.two_kc_over_mu[v.material[i]];
    hx += c * s.x[i] * s.x[i] * s.x[i];
    hy += c * s.y[i] * s.y[i] * s.y[i];
    hz += c * s.z[i] * s.z[i] * s.z[i];
}

MINIASD_HD inline double cubic_energy(std::int64_t i, const CubicAnisotropyView& v,
                                      const double* si) {
    const double x2 = si[0] * si[0], y2 = si[1] * si[1], z2 = si[2] * si[2];
    return -0.5 * v.kc[v.material[i]] * (x2 * x2 + y2 * y2 + z2 * z2);
}

MINIASD_HD inline double energy_at(std::int64_t i, const CubicAnisotropyView& v,
                                   const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return cubic_energy(i, v, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const CubicAnisotropyView& v,
                                          const SpinView&, const double* from, const double* to) {
    return cubic_energy(i, v, to) - cubic_energy(i, v, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(CubicAnisotropyView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.kc, e.materials);
    f(v.two_kc_over_mu, e.materials);
}

}  // namespace miniasd::kernels
