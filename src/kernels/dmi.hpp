// Kernel of the Dzyaloshinskii-Moriya interaction built from material[i]:dmi-constant[j]
// (hamiltonian/dmi.hpp, docs/physics.md): E = sum over bonds {i, j} of D_ij . (S_i x S_j), D_ij in
// joules; field on i: (1/mu_i) sum_j D_ij x S_j, tesla. Each owned atom keeps the bonds whose D_ij
// is not zero, in compressed rows.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct DmiBond {
    std::int32_t j;  // local index of the partner
    double d[3];     // D_ij, J
};

struct DmiView {
    const std::int64_t* start;  // [n_owned + 1]: atom i's bonds are [start[i], start[i + 1])
    const DmiBond* bonds;
    const std::int32_t* material;  // [local atom] 0-based material
    const double* inv_mu;          // [material] 1/mu_s, 1/(J/T)
};

// sum_j S_j x D_ij over the bonds of owned atom i: the gradient of i's energy (J).
MINIASD_HD inline void dmi_gradient(std::int64_t i, const DmiView& v, const SpinView& s,
                                    double* g) {
    g[0] = g[1] = g[2] = 0;
    for (std::int64_t b = v.start[i]; b < v.start[i + 1]; ++b) {
        const DmiBond& bond = v.bonds[b];
        const double sx = s.x[bond.j], sy = s.y[bond.j], sz = s.z[bond.j];
        g[0] += sy * bond.d[2] - sz * bond.d[1];
        g[1] += sz * bond.d[0] - sx * bond.d[2];
        g[2] += sx * bond.d[1] - sy * bond.d[0];
    }
}

MINIASD_HD inline void field_at(std::int64_t i, const DmiView& v, const SpinView& s, double& hx,
                                double& hy, double& hz) {
    if (v.start[i] == v.start[i + 1]) return;  // no bond: nothing added, not even a zero
    double g[3];
    dmi_gradient(i, v, s, g);
    const double w = -v.inv_mu[v.material[i]];  // B = -(1/mu) dE/dS
    hx += w * g[0];
    hy += w * g[1];
    hz += w * g[2];
}

// Half of each of i's bonds (J).
MINIASD_HD inline double energy_at(std::int64_t i, const DmiView& v, const SpinView& s) {
    double g[3];
    dmi_gradient(i, v, s, g);
    return 0.5 * (s.x[i] * g[0] + s.y[i] * g[1] + s.z[i] * g[2]);
}

// Linear in S_i (no bond joins an atom to itself): one gradient serves both states.
MINIASD_HD inline double energy_change_at(std::int64_t i, const DmiView& v, const SpinView& s,
                                          const double* from, const double* to) {
    double g[3];
    dmi_gradient(i, v, s, g);
    return (to[0] - from[0]) * g[0] + (to[1] - from[1]) * g[1] + (to[2] - from[2]) * g[2];
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(DmiView& v, const TableExtents& e, F&& f) {
    for_each_row_table(v, e, f);
}

}  // namespace miniasd::kernels
