// Kernel of a field that a non-local stage computed and holds (hamiltonian/non_local_stage.hpp):
// the dipolar field between two evaluations, a mean field. Its local face is on-site: atom i's
// field is the held value (tesla), its energy -(1/2) mu_i S_i . F_i with the stage's energy field F
// (each pair once, half to each atom; the dipolar field itself, or VAMPIRE's mu0 H for the
// macro-cell solvers), and a single-spin move changes the energy by
//     -mu_i dS_i . B_i - (1/2) mu_i^2 dS_i . T dS_i
// against the held field (the stored-field approximation of Monte Carlo), T the field of an atom's
// own periodic images per unit of its moment (the same for every atom; zero in an open sample):
// the atom's own share of B_i moves with it.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct HeldFieldView {
    const double* field;  // T: x of every owned atom, then y, then z, n_owned apart
    std::int64_t n_owned;
    const double* energy_field;    // T: 3 per owned atom, atom by atom
    const std::int32_t* material;  // [local atom] 0-based material
    const double* moment;          // [material] mu_s, J/T
    const double* self;            // T per J/T: T as xx xy xz yy yz zz
};

MINIASD_HD inline void field_at(std::int64_t i, const HeldFieldView& v, const SpinView&, double& hx,
                                double& hy, double& hz) {
    hx += v.field[i];
    hy += v.field[v.n_owned + i];
    hz += v.field[2 * v.n_owned + i];
}

MINIASD_HD inline double energy_at(std::int64_t i, const HeldFieldView& v, const SpinView& s) {
    const double mu = v.moment[v.material[i]];
    const double* f = v.energy_field + 3 * i;
    return -0.5 * mu * (s.x[i] * f[0] + s.y[i] * f[1] + s.z[i] * f[2]);
}

// Every pair of atom i with its spin set to si, against the held field (J).
MINIASD_HD inline double held_energy(std::int64_t i, const HeldFieldView& v, const double* si) {
    const double mu = v.moment[v.material[i]];
    const std::int64_t n = v.n_owned;
    return -mu * (si[0] * v.field[i] + si[1] * v.field[n + i] + si[2] * v.field[2 * n + i]);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const HeldFieldView& v, const SpinView&,
                                          const double* from, const double* to) {
    const double d[3] = {to[0] - from[0], to[1] - from[1], to[2] - from[2]};
    const double* t = v.self;
    const double own = d[0] * (t[0] * d[0] + t[1] * d[1] + t[2] * d[2]) +
                       d[1] * (t[1] * d[0] + t[3] * d[1] + t[4] * d[2]) +
                       d[2] * (t[2] * d[0] + t[4] * d[1] + t[5] * d[2]);
    const double mu = v.moment[v.material[i]];
    return held_energy(i, v, to) - held_energy(i, v, from) - 0.5 * mu * mu * own;
}

// The view's tables (kernels/tables.hpp). The held values change whenever the stage computes
// them again: a copy is current only until then.
template <typename F>
void for_each_table(HeldFieldView& v, const TableExtents& e, F&& f) {
    f(v.field, 3 * e.n_owned);
    f(v.energy_field, 3 * e.n_owned);
    f(v.material, e.n_storage);
    f(v.moment, e.materials);
    f(v.self, std::int64_t(6));
}

}  // namespace miniasd::kernels
