// Kernel of the materials' own applied fields (VAMPIRE's material[i]:applied-field-strength and
// -unit-vector, added to the run's applied field): E_i = -mu_i S_i . B_m, field B_m (tesla) of
// atom i's material m.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct MaterialFieldView {
    const std::int32_t* material;  // [local atom] 0-based material
    const double* moment;          // [material] mu_s, J/T
    const double* b;               // [material * 3] field, T
};

MINIASD_HD inline void field_at(std::int64_t i, const MaterialFieldView& v, const SpinView&,
                                double& hx, double& hy, double& hz) {
    const double* b = v.b + 3 * v.material[i];
    hx += b[0];
    hy += b[1];
    hz += b[2];
}

MINIASD_HD inline double material_field_energy(std::int64_t i, const MaterialFieldView& v,
                                               const double* si) {
    const double* b = v.b + 3 * v.material[i];
    return -v.moment[v.material[i]] * (si[0] * b[0] + si[1] * b[1] + si[2] * b[2]);
}

MINIASD_HD inline double energy_at(std::int64_t i, const MaterialFieldView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return material_field_energy(i, v, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const MaterialFieldView& v,
                                          const SpinView&, const double* from, const double* to) {
    return material_field_energy(i, v, to) - material_field_energy(i, v, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(MaterialFieldView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.moment, e.materials);
    f(v.b, std::int64_t(e.materials) * 3);
}

}  // namespace miniasd::kernels
