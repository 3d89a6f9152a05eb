// Kernel of VAMPIRE's Néel surface anisotropy (hamiltonian/neel_anisotropy.hpp, docs/physics.md):
// E_i = -S_i . T_i . S_i with T_i = sum_j k_ij e_ij e_ij^T over surface atom i's neighbours
// (J, built once from the lattice); field (2/mu_i) T_i S_i, tesla. Only surface atoms have a T.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct NeelAnisotropyView {
    const std::int32_t* tensor;    // [owned atom] index of its T in `t`, -1: not a surface atom
    const double* t;               // [surface atom * 6] xx, yy, zz, xy, xz, yz (J)
    const std::int32_t* material;  // [local atom] 0-based material
    const double* inv_mu;          // [material] 1/mu_s, 1/(J/T)
};

MINIASD_HD inline void field_at(std::int64_t i, const NeelAnisotropyView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const std::int32_t k = v.tensor[i];
    if (k < 0) return;  // not a surface atom: nothing added
    const double* t = v.t + 6 * std::int64_t(k);
    const double x = s.x[i], y = s.y[i], z = s.z[i];
    const double w = 2.0 * v.inv_mu[v.material[i]];
    hx += w * (t[0] * x + t[3] * y + t[4] * z);
    hy += w * (t[3] * x + t[1] * y + t[5] * z);
    hz += w * (t[4] * x + t[5] * y + t[2] * z);
}

MINIASD_HD inline double neel_energy(std::int64_t i, const NeelAnisotropyView& v,
                                     const double* si) {
    const std::int32_t k = v.tensor[i];
    if (k < 0) return 0.0;
    const double* t = v.t + 6 * std::int64_t(k);
    const double x = si[0], y = si[1], z = si[2];
    return -(t[0] * x * x + t[1] * y * y + t[2] * z * z +
             2.0 * (t[3] * x * y + t[4] * x * z + t[5] * y * z));
}

MINIASD_HD inline double energy_at(std::int64_t i, const NeelAnisotropyView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return neel_energy(i, v, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const NeelAnisotropyView& v,
                                          const SpinView&, const double* from, const double* to) {
    return neel_energy(i, v, to) - neel_energy(i, v, from);
}

// The view's tables (kernels/tables.hpp): the tensors' count is one past the largest index.
template <typename F>
void for_each_table(NeelAnisotropyView& v, const TableExtents& e, F&& f) {
    std::int64_t n = 0;
    for (std::int64_t i = 0; i < e.n_owned; ++i)
        if (v.tensor[i] >= 0) n = v.tensor[i] + 1;
    f(v.tensor, e.n_owned);
    f(v.t, 6 * n);
    f(v.material, e.n_storage);
    f(v.inv_mu, e.materials);
}

}  // namespace miniasd::kernels
