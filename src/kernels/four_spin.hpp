// Kernel of the four-spin exchange (hamiltonian/four_spin.hpp, docs/physics.md): per quartet
// {i, a, b, c}, E = -(K/3) [(S_i.S_a)(S_b.S_c) + (S_i.S_b)(S_a.S_c) + (S_i.S_c)(S_a.S_b)],
// K in joules per quartet; field on i: (K / (3 mu_i)) [S_a (S_b.S_c) + S_b (S_a.S_c) +
// S_c (S_a.S_b)], tesla. Each owned atom keeps every quartet it belongs to, in compressed rows.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct FourSpinQuartet {
    std::int32_t j[3];  // local indices of the other three members
    double k;           // K, J per quartet
};

struct FourSpinView {
    const std::int64_t* start;  // [n_owned + 1]: atom i's quartets are [start[i], start[i + 1])
    const FourSpinQuartet* bonds;
    const std::int32_t* material;  // [local atom] 0-based material
    const double* inv_mu;          // [material] 1/mu_s, 1/(J/T)
};

MINIASD_HD inline double four_spin_dot(const SpinView& s, std::int32_t p, std::int32_t q) {
    return s.x[p] * s.x[q] + s.y[p] * s.y[q] + s.z[p] * s.z[q];
}

MINIASD_HD inline void field_at(std::int64_t i, const FourSpinView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const std::int64_t first = v.start[i], last = v.start[i + 1];
    if (first == last) return;  // in no quartet: nothing added
    double fx = 0, fy = 0, fz = 0;
    for (std::int64_t k = first; k < last; ++k) {
        const FourSpinQuartet& q = v.bonds[k];
        const std::int32_t a = q.j[0], b = q.j[1], c = q.j[2];
        const double bc = q.k * four_spin_dot(s, b, c), ac = q.k * four_spin_dot(s, a, c),
                     ab = q.k * four_spin_dot(s, a, b);
        fx += s.x[a] * bc + s.x[b] * ac + s.x[c] * ab;
        fy += s.y[a] * bc + s.y[b] * ac + s.y[c] * ab;
        fz += s.z[a] * bc + s.z[b] * ac + s.z[c] * ab;
    }
    const double w = v.inv_mu[v.material[i]] / 3.0;  // B = -(1/mu) dE/dS
    hx += w * fx;
    hy += w * fy;
    hz += w * fz;
}

// Every quartet of atom i whole, with its spin set to si (J).
MINIASD_HD inline double four_spin_energy(std::int64_t i, const FourSpinView& v, const SpinView& s,
                                          const double* si) {
    double e = 0;
    for (std::int64_t k = v.start[i]; k < v.start[i + 1]; ++k) {
        const FourSpinQuartet& q = v.bonds[k];
        const std::int32_t a = q.j[0], b = q.j[1], c = q.j[2];
        const double ia = si[0] * s.x[a] + si[1] * s.y[a] + si[2] * s.z[a];
        const double ib = si[0] * s.x[b] + si[1] * s.y[b] + si[2] * s.z[b];
        const double ic = si[0] * s.x[c] + si[1] * s.y[c] + si[2] * s.z[c];
        e -= q.k / 3.0 *
             (ia * four_spin_dot(s, b, c) + ib * four_spin_dot(s, a, c) +
              ic * four_spin_dot(s, a, b));
    }
    return e;
}

// A quarter of each of i's quartets (J): the four members share it.
MINIASD_HD inline double energy_at(std::int64_t i, const FourSpinView& v, const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return 0.25 * four_spin_energy(i, v, s, si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const FourSpinView& v, const SpinView& s,
                                          const double* from, const double* to) {
    return four_spin_energy(i, v, s, to) - four_spin_energy(i, v, s, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(FourSpinView& v, const TableExtents& e, F&& f) {
    for_each_row_table(v, e, f);
}

}  // namespace miniasd::kernels
