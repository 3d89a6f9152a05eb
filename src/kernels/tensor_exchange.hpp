// Kernel of the exchange over any list of bonds (system/interactions.hpp, docs/physics.md):
// several shells, a unit-cell file's bonds, diagonal (vectorial) or full 3x3 tensor couplings,
// DMI written as a tensor's antisymmetric part. E = -sum over bonds {i, j} of S_i . J_ij . S_j
// (each bond listed from both atoms, so an atom's energy is half its bonds); field on i:
// (1/mu_i) sum_j J_ij S_j (tesla). Bonds are summed in the list's order for every atom, so a
// field does not depend on how atoms are split among ranks, threads, chunks or devices; the CPU's
// vectorised stencil runs (hamiltonian/bond_runs.hpp) form the same sums.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/coupling_form.hpp"
#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

// Bond k of a basis site: its neighbour-table column, its shell (which materials' scale applies)
// and its coupling (row major; weights when the list is normalised, else joules).
struct TensorBond {
    std::int32_t column;
    std::int32_t shell;
    double j[9];
};

struct TensorExchangeView {
    CouplingForm form;
    const std::int32_t* nbr;  // the system's table: neighbour of column c is nbr[c * n_owned + i]
    std::int64_t n_owned;
    const std::int32_t* site;        // [owned atom] basis site
    const std::int64_t* bond_start;  // [sites + 1]: site s's bonds are [bond_start[s], [s + 1])
    const TensorBond* bonds;
    const std::int32_t* material;  // [local atom] 0-based material
    int materials;
    // The field's coefficients per site, each bond's coupling times its field scale in the form's
    // layout (1, 3 or 9 numbers): site s's block starts at coef_start[s] and holds, for atom
    // material a and neighbour material b, bond k at (a * materials + b) * w * C + k * C (one
    // material: the couplings folded as (w J) / mu). Null when the table would be too large
    // (dozens of materials): the field then forms each product from field_scale.
    const std::int64_t* coef_start;
    const double* coef;
    // [(shell * materials^2 + a * materials + b) * 3 + c]: the factor of a bond's coupling in the
    // energy (J per unit weight, or 1 for joules) and in the field (that over mu_a), per component
    // of the field (row of the tensor).
    const double* energy_scale;
    const double* field_scale;
};

// h += c J S_j for one bond, in the form's few multiplications. c per component of h: the
// isotropic and tensor forms have three equal factors and read c[0], the diagonal form reads each
// (VAMPIRE's vectorial exchange-matrix).
template <CouplingForm F>
MINIASD_HD inline void add_bond(const double* J, const double* c, double sx, double sy, double sz,
                                double* h) {
    if constexpr (F == CouplingForm::isotropic) {
        const double w = c[0] * J[0];
        h[0] += w * sx;
        h[1] += w * sy;
        h[2] += w * sz;
    } else if constexpr (F == CouplingForm::diagonal) {
        h[0] += c[0] * (J[0] * sx);
        h[1] += c[1] * (J[4] * sy);
        h[2] += c[2] * (J[8] * sz);
    } else {
        h[0] += c[0] * (J[0] * sx + J[1] * sy + J[2] * sz);
        h[1] += c[0] * (J[3] * sx + J[4] * sy + J[5] * sz);
        h[2] += c[0] * (J[6] * sx + J[7] * sy + J[8] * sz);
    }
}

// h += coef S_j for one bond's coefficients in the form's layout (1, 3 or 9): the operations of
// every coefficient path (the per-atom kernel and each lane of the CPU's runs).
template <CouplingForm F>
MINIASD_HD inline void add_bond_coefficients(const double* ck, double x, double y, double z,
                                             double* h) {
    if constexpr (F == CouplingForm::isotropic) {
        h[0] += ck[0] * x;
        h[1] += ck[0] * y;
        h[2] += ck[0] * z;
    } else if constexpr (F == CouplingForm::diagonal) {
        h[0] += ck[0] * x;
        h[1] += ck[1] * y;
        h[2] += ck[2] * z;
    } else {
        h[0] += ck[0] * x + ck[1] * y + ck[2] * z;
        h[1] += ck[3] * x + ck[4] * y + ck[5] * z;
        h[2] += ck[6] * x + ck[7] * y + ck[8] * z;
    }
}

// Calls f with the form as a compile-time constant, so each form gets a loop of its own.
template <typename F>
MINIASD_HD inline void with_form(CouplingForm form, F&& f) {
    switch (form) {
        case CouplingForm::isotropic:
            return f(std::integral_constant<CouplingForm, CouplingForm::isotropic>{});
        case CouplingForm::diagonal:
            return f(std::integral_constant<CouplingForm, CouplingForm::diagonal>{});
        case CouplingForm::tensor:
            return f(std::integral_constant<CouplingForm, CouplingForm::tensor>{});
    }
}

// sum_j c_ab J_ij S_j over the bonds of owned atom i, each coupling scaled by `scale`
// (energy_scale or field_scale).
template <CouplingForm F>
MINIASD_HD inline void tensor_bond_sum(std::int64_t i, const TensorExchangeView& v,
                                       const SpinView& s, const double* scale, double* h) {
    h[0] = h[1] = h[2] = 0;
    const int nm = v.materials;
    const int row = v.material[i] * nm;
    const std::int32_t st = v.site[i];
    for (std::int64_t b = v.bond_start[st]; b < v.bond_start[st + 1]; ++b) {
        const TensorBond& bond = v.bonds[b];
        const std::int32_t j = v.nbr[std::int64_t(bond.column) * v.n_owned + i];
        const double* c = scale + (std::int64_t(bond.shell) * nm * nm + row + v.material[j]) * 3;
        add_bond<F>(bond.j, c, s.x[j], s.y[j], s.z[j], h);
    }
}

template <CouplingForm F>
MINIASD_HD inline void tensor_field(std::int64_t i, const TensorExchangeView& v, const SpinView& s,
                                    double& hx, double& hy, double& hz) {
    double f[3] = {0, 0, 0};
    if (v.coef) {
        constexpr int C = static_cast<int>(F);
        const std::int32_t st = v.site[i];
        const std::int64_t first = v.bond_start[st], w = v.bond_start[st + 1] - first;
        const double* block = v.coef + v.coef_start[st] + v.material[i] * v.materials * w * C;
        for (std::int64_t k = 0; k < w; ++k) {
            const std::int32_t j = v.nbr[std::int64_t(v.bonds[first + k].column) * v.n_owned + i];
            add_bond_coefficients<F>(block + (v.material[j] * w + k) * C, s.x[j], s.y[j], s.z[j],
                                     f);
        }
    } else {
        tensor_bond_sum<F>(i, v, s, v.field_scale, f);
    }
    hx += f[0];
    hy += f[1];
    hz += f[2];
}

MINIASD_HD inline void field_at(std::int64_t i, const TensorExchangeView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    with_form(v.form, [&](auto form) { tensor_field<decltype(form)::value>(i, v, s, hx, hy, hz); });
}

// The gradient of atom i's energy (J), -dE/dS_i.
MINIASD_HD inline void tensor_energy_sum(std::int64_t i, const TensorExchangeView& v,
                                         const SpinView& s, double* f) {
    with_form(v.form, [&](auto form) {
        tensor_bond_sum<decltype(form)::value>(i, v, s, v.energy_scale, f);
    });
}

// The antisymmetric part of half of each of i's bonds (J), a tensor list's DMI:
// -(1/2) S_i . sum_j c (J - J^T)/2 S_j, for the dmi-energy column (0 for the other forms).
MINIASD_HD inline double antisymmetric_energy_at(std::int64_t i, const TensorExchangeView& v,
                                                 const SpinView& s) {
    if (v.form != CouplingForm::tensor) return 0;
    const int nm = v.materials;
    const int row = v.material[i] * nm;
    const std::int32_t st = v.site[i];
    double h[3] = {0, 0, 0};
    for (std::int64_t b = v.bond_start[st]; b < v.bond_start[st + 1]; ++b) {
        const TensorBond& bond = v.bonds[b];
        const std::int32_t j = v.nbr[std::int64_t(bond.column) * v.n_owned + i];
        const double c =
            v.energy_scale[(std::int64_t(bond.shell) * nm * nm + row + v.material[j]) * 3];
        const double* J = bond.j;
        const double a[3] = {0.5 * (J[1] - J[3]), 0.5 * (J[2] - J[6]), 0.5 * (J[5] - J[7])};
        // (J - J^T)/2 S = [0 a0 a1; -a0 0 a2; -a1 -a2 0] S
        h[0] += c * (a[0] * s.y[j] + a[1] * s.z[j]);
        h[1] += c * (-a[0] * s.x[j] + a[2] * s.z[j]);
        h[2] += c * (-a[1] * s.x[j] - a[2] * s.y[j]);
    }
    return -0.5 * (s.x[i] * h[0] + s.y[i] * h[1] + s.z[i] * h[2]);
}

// Half of each of i's bonds (J).
MINIASD_HD inline double energy_at(std::int64_t i, const TensorExchangeView& v, const SpinView& s) {
    double f[3] = {0, 0, 0};
    tensor_energy_sum(i, v, s, f);
    return -0.5 * (s.x[i] * f[0] + s.y[i] * f[1] + s.z[i] * f[2]);
}

// Linear in S_i (no bond joins an atom to itself, system/lattice.cpp): one bond sum serves both.
MINIASD_HD inline double energy_change_at(std::int64_t i, const TensorExchangeView& v,
                                          const SpinView& s, const double* from, const double* to) {
    double f[3] = {0, 0, 0};
    tensor_energy_sum(i, v, s, f);
    return -((to[0] - from[0]) * f[0] + (to[1] - from[1]) * f[1] + (to[2] - from[2]) * f[2]);
}

// The view's tables (kernels/tables.hpp). Sites and shells are the largest ones the owned atoms
// and the bonds name; the coefficients end with the last site's block.
template <typename F>
void for_each_table(TensorExchangeView& v, const TableExtents& e, F&& f) {
    std::int64_t sites = 0, shells = 0;
    for (std::int64_t i = 0; i < e.n_owned; ++i)
        if (v.site[i] + 1 > sites) sites = v.site[i] + 1;
    const std::int64_t bonds = sites > 0 ? v.bond_start[sites] : 0;
    for (std::int64_t b = 0; b < bonds; ++b)
        if (v.bonds[b].shell + 1 > shells) shells = v.bonds[b].shell + 1;
    const std::int64_t m2 = std::int64_t(v.materials) * v.materials;
    // Every length from the host's tables before any is handed to f: f may return a device
    // pointer, which the host cannot read (a segfault on a GPU, found by its first run).
    const std::int64_t last = sites > 0 ? v.bond_start[sites] - v.bond_start[sites - 1] : 0;
    const std::int64_t coefs =
        v.coef && sites > 0 ? v.coef_start[sites - 1] + m2 * last * std::int64_t(v.form) : 0;
    f(v.nbr, std::int64_t(e.width) * e.n_owned);
    f(v.site, e.n_owned);
    f(v.bond_start, sites + 1);
    f(v.bonds, bonds);
    f(v.material, e.n_storage);
    if (v.coef) {
        f(v.coef_start, sites);
        f(v.coef, coefs);
    }
    f(v.energy_scale, shells * m2 * 3);
    f(v.field_scale, shells * m2 * 3);
}

}  // namespace miniasd::kernels
