// Kernel of VAMPIRE's Kitaev (bond-directional) exchange (hamiltonian/kitaev.hpp,
// docs/physics.md): E = sum over bonds {i, j} of K_ij (S_i . e_ij)(S_j . e_ij), e_ij the bond's
// unit vector, K_ij in joules per link; field on i: -(1/mu_i) sum_j K_ij e_ij (e_ij . S_j), tesla.
// Each owned atom keeps its bonds with a nonzero K, in compressed rows.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct KitaevBond {
    std::int32_t j;  // local index of the partner
    double k;        // K_ij, J per link
    double e[3];     // the bond's unit vector (its sign does not matter)
};

struct KitaevView {
    const std::int64_t* start;  // [n_owned + 1]: atom i's bonds are [start[i], start[i + 1])
    const KitaevBond* bonds;
    const std::int32_t* material;  // [local atom] 0-based material
    const double* inv_mu;          // [material] 1/mu_s, 1/(J/T)
};

MINIASD_HD inline void field_at(std::int64_t i, const KitaevView& v, const SpinView& s, double& hx,
                                double& hy, double& hz) {
    const std::int64_t first = v.start[i], last = v.start[i + 1];
    if (first == last) return;  // no bond: nothing added
    double fx = 0, fy = 0, fz = 0;
    for (std::int64_t k = first; k < last; ++k) {
        const KitaevBond& b = v.bonds[k];
        const double c = b.k * (b.e[0] * s.x[b.j] + b.e[1] * s.y[b.j] + b.e[2] * s.z[b.j]);
        fx += c * b.e[0];
        fy += c * b.e[1];
        fz += c * b.e[2];
    }
    const double w = v.inv_mu[v.material[i]];  // B = -(1/mu) dE/dS
    hx -= w * fx;
    hy -= w * fy;
    hz -= w * fz;
}

// Every bond of atom i whole, with its spin set to si (J).
MINIASD_HD inline double kitaev_energy(std::int64_t i, const KitaevView& v, const SpinView& s,
                                       const double* si) {
    double e = 0;
    for (std::int64_t k = v.start[i]; k < v.start[i + 1]; ++k) {
        const KitaevBond& b = v.bonds[k];
        e += b.k * (si[0] * b.e[0] + si[1] * b.e[1] + si[2] * b.e[2]) *
             (s.x[b.j] * b.e[0] + s.y[b.j] * b.e[1] + s.z[b.j] * b.e[2]);
    }
    return e;
}

// Half of each of i's bonds (J).
MINIASD_HD inline double energy_at(std::int64_t i, const KitaevView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return 0.5 * kitaev_energy(i, v, s, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const KitaevView& v, const SpinView& s,
                                          const double* from, const double* to) {
    return kitaev_energy(i, v, s, to) - kitaev_energy(i, v, s, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(KitaevView& v, const TableExtents& e, F&& f) {
    for_each_row_table(v, e, f);
}

}  // namespace miniasd::kernels
