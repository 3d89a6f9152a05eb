// Kernel of the biquadratic exchange, VAMPIRE's (hamiltonian/biquadratic.hpp, docs/physics.md):
// E = -sum over bonds {i, j} of B_ij (S_i . S_j)^2, B_ij in joules per link; field on i:
// (2/mu_i) sum_j B_ij (S_i . S_j) S_j, tesla. Each owned atom keeps its bonds with a nonzero B, in
// compressed rows.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct BiquadraticBond {
    std::int32_t j;  // local index of the partner
    double b;        // B_ij, J per link
};

struct BiquadraticView {
    const std::int64_t* start;  // [n_owned + 1]: atom i's bonds are [start[i], start[i + 1])
    const BiquadraticBond* bonds;
    const std::int32_t* material;  // [local atom] 0-based material
    const double* inv_mu;          // [material] 1/mu_s, 1/(J/T)
};

MINIASD_HD inline void field_at(std::int64_t i, const BiquadraticView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const std::int64_t first = v.start[i], last = v.start[i + 1];
    if (first == last) return;  // no bond: nothing added, not even a zero
    const double six = s.x[i], siy = s.y[i], siz = s.z[i];
    double fx = 0, fy = 0, fz = 0;
    for (std::int64_t k = first; k < last; ++k) {
        const BiquadraticBond& bond = v.bonds[k];
        const double sx = s.x[bond.j], sy = s.y[bond.j], sz = s.z[bond.j];
        const double c = bond.b * (six * sx + siy * sy + siz * sz);
        fx += c * sx;
        fy += c * sy;
        fz += c * sz;
    }
    const double w = 2 * v.inv_mu[v.material[i]];  // B = -(1/mu) dE/dS
    hx += w * fx;
    hy += w * fy;
    hz += w * fz;
}

// Every bond of atom i whole, with its spin set to si (J).
MINIASD_HD inline double biquadratic_energy(std::int64_t i, const BiquadraticView& v,
                                            const SpinView& s, const double* si) {
    double e = 0;
    for (std::int64_t k = v.start[i]; k < v.start[i + 1]; ++k) {
        const BiquadraticBond& bond = v.bonds[k];
        const double d = si[0] * s.x[bond.j] + si[1] * s.y[bond.j] + si[2] * s.z[bond.j];
        e -= bond.b * d * d;
    }
    return e;
}

// Half of each of i's bonds (J).
MINIASD_HD inline double energy_at(std::int64_t i, const BiquadraticView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return 0.5 * biquadratic_energy(i, v, s, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const BiquadraticView& v,
                                          const SpinView& s, const double* from, const double* to) {
    return biquadratic_energy(i, v, s, to) - biquadratic_energy(i, v, s, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(BiquadraticView& v, const TableExtents& e, F&& f) {
    for_each_row_table(v, e, f);
}

}  // namespace miniasd::kernels
