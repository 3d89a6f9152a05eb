// Kernel of the second-order uniaxial anisotropy (docs/physics.md): E_i = -k_u (S_i . e)^2, k_u in
// joules per atom (> 0: e is an easy axis); field (2 k_u / mu_i)(S_i . e) e, tesla.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct UniaxialAnisotropyView {
    const std::int32_t* material;  // [local atom] 0-based material
    const double* ku;              // [material] J
    const double* two_ku_over_mu;  // [material] 2 k_u / mu_s, T
    const double* ex;              // [material] easy axis (unit), as three arrays
    const double* ey;
    const double* ez;
};

// The field of spin (sx, sy, sz) for constants k = 2 k_u / mu and axis e, added to h: the one
// expression of every path (the CPU's one-material loop holds the constants in registers).
MINIASD_HD inline void uniaxial_field(double sx, double sy, double sz, double k, double ex,
                                      double ey, double ez, double& hx, double& hy, double& hz) {
    const double c = k * (sx * ex + sy * ey + sz * ez);
    hx += c * ex;
    hy += c * ey;
    hz += c * ez;
}

MINIASD_HD inline void field_at(std::int64_t i, const UniaxialAnisotropyView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const int m = v.material[i];
    uniaxial_field(s.x[i], s.y[i], s.z[i], v.two_ku_over_mu[m], v.ex[m], v.ey[m], v.ez[m], hx, hy,
                   hz);
}

MINIASD_HD inline double uniaxial_energy(std::int64_t i, const UniaxialAnisotropyView& v,
                                         const double* si) {
    const int m = v.material[i];
    const double p = si[0] * v.ex[m] + si[1] * v.ey[m] + si[2] * v.ez[m];
    return -v.ku[m] * p * p;
}

MINIASD_HD inline double energy_at(std::int64_t i, const UniaxialAnisotropyView& v,
                                   const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return uniaxial_energy(i, v, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const UniaxialAnisotropyView& v,
                                          const SpinView&, const double* from, const double* to) {
    return uniaxial_energy(i, v, to) - uniaxial_energy(i, v, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(UniaxialAnisotropyView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    for (const double** p : {&v.ku, &v.two_ku_over_mu, &v.ex, &v.ey, &v.ez})
        f(*p, e.materials);
}

}  // namespace miniasd::kernels
