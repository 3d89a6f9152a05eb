// Kernel of the Zeeman term (docs/physics.md): E_i = -mu_i S_i . B, field B (tesla), the same on
// every atom. MINIASD_HD functions over a trivially copyable view (docs/architecture.md).
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct ZeemanView {
    const std::int32_t* material;  // [local atom] 0-based material
    const double* moment;          // [material] mu_s, J/T
    double b[3];                   // applied field, T
};

MINIASD_HD inline void field_at(std::int64_t, const ZeemanView& v, const SpinView&, double& hx,
                                double& hy, double& hz) {
    hx += v.b[0];
    hy += v.b[1];
    hz += v.b[2];
}

// The energy (J) of atom i with spin si.
MINIASD_HD inline double zeeman_energy(std::int64_t i, const ZeemanView& v, const double* si) {
    return -v.moment[v.material[i]] * (si[0] * v.b[0] + si[1] * v.b[1] + si[2] * v.b[2]);
}

MINIASD_HD inline double energy_at(std::int64_t i, const ZeemanView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return zeeman_energy(i, v, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const ZeemanView& v, const SpinView&,
                                          const double* from, const double* to) {
    return zeeman_energy(i, v, to) - zeeman_energy(i, v, from);
}

// The view's tables (kernels/tables.hpp); the field is a value in the view.
template <typename F>
void for_each_table(ZeemanView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.moment, e.materials);
}

}  // namespace miniasd::kernels
