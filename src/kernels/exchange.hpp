// Kernel of the isotropic exchange over one shell of equal bonds (docs/physics.md):
// E = -sum_{i<j} J_ij S_i . S_j, J_ij in joules per link chosen by the materials of i and j;
// field on i: (1/mu_i) sum_j J_ij S_j, tesla. Neighbour k < width of owned atom i comes either
// from the system's column-major table or from the stencil runs' compact form
// (hamiltonian/stencil_runs.hpp), whichever the term keeps; the sums run over k in the table's
// order either way, so every path, the CPU's vectorised runs included, gives the same bits.
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

struct ExchangeView {
    int width;  // neighbours per atom (the null atom pads short rows)
    // The table: neighbour k of owned atom i is nbr[k * n_owned + i] (null when runs are kept).
    const std::int32_t* nbr;
    std::int64_t n_owned;
    // The runs' form (null when the table is kept): row_of[i] >= 0 is a row of delta (neighbour
    // k at i + delta[row * width + k]), row_of[i] < 0 the row -row_of[i] - 1 of odd_nbr.
    const std::int32_t* row_of;
    const std::int32_t* delta;
    const std::int32_t* odd_nbr;
    const std::int32_t* material;  // [local atom] 0-based material
    int materials;
    const double* j;          // [a * materials + b] J per link
    const double* j_over_mu;  // [a * materials + b] J_ab / mu_a, T
};

MINIASD_HD inline std::int32_t neighbour(const ExchangeView& v, std::int64_t i, int k) {
    if (!v.row_of) return v.nbr[k * v.n_owned + i];
    const std::int32_t row = v.row_of[i];
    return row >= 0 ? static_cast<std::int32_t>(i + v.delta[std::int64_t(row) * v.width + k])
                    : v.odd_nbr[std::int64_t(-row - 1) * v.width + k];
}

// One material: c times the sum of the W neighbours' spins from nb(k), added to h. The sum of
// every one-material path (this kernel, the CPU's odd atoms and, vectorised, its stencil runs).
template <int W, typename Neighbour>
MINIASD_HD inline void uniform_exchange_field(int width, const SpinView& s, Neighbour nb, double c,
                                              double& hx, double& hy, double& hz) {
    const int w = W > 0 ? W : width;
    double sx = 0, sy = 0, sz = 0;
    for (int k = 0; k < w; ++k) {
        const std::int64_t j = nb(k);
        sx += s.x[j];
        sy += s.y[j];
        sz += s.z[j];
    }
    hx += c * sx;
    hy += c * sy;
    hz += c * sz;
}

// The field of atom i with its neighbours from nb(k), added to h. One material: one coupling
// times the sum of the neighbours' spins; several: each neighbour's coupling times its spin. W > 0
// fixes the width at compile time (6, 8, 12: the loop unrolls).
template <int W, typename Neighbour>
MINIASD_HD inline void exchange_field(std::int64_t i, const ExchangeView& v, const SpinView& s,
                                      Neighbour nb, double& hx, double& hy, double& hz) {
    if (v.materials == 1)
        return uniform_exchange_field<W>(v.width, s, nb, v.j_over_mu[0], hx, hy, hz);
    const int w = W > 0 ? W : v.width;
    double sx = 0, sy = 0, sz = 0;
    const int row = v.material[i] * v.materials;
    for (int k = 0; k < w; ++k) {
        const std::int32_t j = nb(k);
        const double c = v.j_over_mu[row + v.material[j]];
        sx += c * s.x[j];
        sy += c * s.y[j];
        sz += c * s.z[j];
    }
    hx += sx;
    hy += sy;
    hz += sz;
}

template <int W = 0>
MINIASD_HD inline void field_at(std::int64_t i, const ExchangeView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    exchange_field<W>(
        i, v, s, [&](int k) { return neighbour(v, i, k); }, hx, hy, hz);
}

// sum_j J_ij S_j (J) over the neighbours of owned atom i: the gradient of its energy, -dE/dS_i.
MINIASD_HD inline void exchange_sum(std::int64_t i, const ExchangeView& v, const SpinView& s,
                                    double* h) {
    const double* row = v.j + v.material[i] * v.materials;
    double hx = 0, hy = 0, hz = 0;
    for (int k = 0; k < v.width; ++k) {
        const std::int32_t j = neighbour(v, i, k);
        const double c = row[v.material[j]];
        hx += c * s.x[j];
        hy += c * s.y[j];
        hz += c * s.z[j];
    }
    h[0] = hx;
    h[1] = hy;
    h[2] = hz;
}

// Half of each of i's links (J).
MINIASD_HD inline double energy_at(std::int64_t i, const ExchangeView& v, const SpinView& s) {
    double h[3];
    exchange_sum(i, v, s, h);
    return -0.5 * (s.x[i] * h[0] + s.y[i] * h[1] + s.z[i] * h[2]);
}

// Linear in S_i: one neighbour sum serves both spins.
MINIASD_HD inline double energy_change_at(std::int64_t i, const ExchangeView& v, const SpinView& s,
                                          const double* from, const double* to) {
    double h[3];
    exchange_sum(i, v, s, h);
    return -((to[0] - from[0]) * h[0] + (to[1] - from[1]) * h[1] + (to[2] - from[2]) * h[2]);
}

// The view's tables (kernels/tables.hpp): the table, or the runs' rows and the odd atoms' rows.
template <typename F>
void for_each_table(ExchangeView& v, const TableExtents& e, F&& f) {
    if (v.row_of) {
        std::int64_t rows = 0, odd = 0;  // one past the largest row of each kind
        for (std::int64_t i = 0; i < e.n_owned; ++i) {
            const std::int64_t r = v.row_of[i];
            if (r >= 0 && r + 1 > rows) rows = r + 1;
            if (r < 0 && -r > odd) odd = -r;
        }
        f(v.row_of, e.n_owned);
        f(v.delta, rows * v.width);
        f(v.odd_nbr, odd * v.width);
    } else {
        f(v.nbr, std::int64_t(v.width) * e.n_owned);
    }
    f(v.material, e.n_storage);
    f(v.j, std::int64_t(v.materials) * v.materials);
    f(v.j_over_mu, std::int64_t(v.materials) * v.materials);
}

}  // namespace miniasd::kernels
