// Kernel of VAMPIRE's further anisotropy forms (docs/physics.md, "Further anisotropy forms"): per
// material, any sum of
//   fourth-order uniaxial    E = k4u (u^4 - (6/7) u^2 - 1/7),          u = S . e
//   sixth-order uniaxial     E = -(k6u / 24)(231 u^6 - 315 u^4 + 105 u^2)
//   fourth-order biaxial     E = -(k4b / 2)((S . a)^4 + (S . b)^4),     a, b = [110], [1-10]
//   sixth-order cubic        E = k6c Sx^2 Sy^2 Sz^2
//   fourth-order rotational  E = k4r (1 + Sz^4 - 8 Sx^2 + 8 Sx^2 Sz^2 + 8 Sx^4 - 2 Sz^2)
//   second-order triaxial    E = -sum_n k2_n (S . f_n)^2
//   fourth-order triaxial    E = -sum_n k4_n ((S . g_n)^4 - (6/7)(S . g_n)^2)
//   rotated fourth-order cubic E = -(kc / 2) sum_n (S . c_n)^4
// with e the material's uniaxial axis and f, g, c its bases (unit vectors). Constants in joules
// per atom; the field is the exact -(1/mu_i) dE/dS_i of these polynomials (tesla), so energy,
// field and single-spin change agree (where VAMPIRE's coded fields differ, docs/physics.md says).
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"
#include "util/vec3.hpp"

namespace miniasd::kernels {

// Per material, `anisotropy_forms_stride` numbers in this order.
enum AnisotropyFormsSlot : int {
    af_inv_mu = 0,  // 1 / mu_s, 1/(J/T)
    af_k4u,         // J
    af_k6u,
    af_k4b,
    af_k6c,
    af_k4r,
    af_kc,               // rotated cubic k_c
    af_axis = 7,         // e (3)
    af_k2t = 10,         // k2_1..3 (3)
    af_basis2 = 13,      // f_1, f_2, f_3 (9)
    af_k4t = 22,         // k4_1..3 (3)
    af_basis4 = 25,      // g_1, g_2, g_3 (9)
    af_cubic_axes = 34,  // c_1, c_2, c_3 (9)
    anisotropy_forms_stride = 43,
};

struct AnisotropyFormsView {
    const std::int32_t* material;  // [local atom] 0-based material
    const double* p;               // [material * anisotropy_forms_stride]
};

MINIASD_HD inline double af_dot(const double* s, const double* e) {
    return s[0] * e[0] + s[1] * e[1] + s[2] * e[2];
}

// dE/dS (J) of the material's forms at spin s, added to g.
MINIASD_HD inline void anisotropy_forms_gradient(const double* p, const double* s, double* g) {
    const double* e = p + af_axis;
    const double u = af_dot(s, e), u2 = u * u;
    // d/du of the uniaxial orders
    const double du = p[af_k4u] * (4.0 * u2 * u - (12.0 / 7.0) * u) -
                      p[af_k6u] / 24.0 * (1386.0 * u2 * u2 * u - 1260.0 * u2 * u + 210.0 * u);
    const double r = 0.70710678118654752440;  // [110] / sqrt 2, [1-10] / sqrt 2
    const double a = r * (s[0] + s[1]), b = r * (s[0] - s[1]);
    const double ca = -2.0 * p[af_k4b] * a * a * a, cb = -2.0 * p[af_k4b] * b * b * b;
    const double x = s[0], y = s[1], z = s[2];
    const double k6c = p[af_k6c], k4r = p[af_k4r];
    g[0] += du * e[0] + r * (ca + cb) + 2.0 * k6c * x * y * y * z * z +
            16.0 * k4r * x * (z * z + 2.0 * x * x - 1.0);
    g[1] += du * e[1] + r * (ca - cb) + 2.0 * k6c * y * x * x * z * z;
    g[2] += du * e[2] + 2.0 * k6c * z * x * x * y * y + 4.0 * k4r * z * (z * z + 4.0 * x * x - 1.0);
    for (int n = 0; n < 3; ++n) {
        const double* f = p + af_basis2 + 3 * n;
        const double* h = p + af_basis4 + 3 * n;
        const double* c = p + af_cubic_axes + 3 * n;
        const double q2 = af_dot(s, f), q4 = af_dot(s, h), qc = af_dot(s, c);
        const double d2 = -2.0 * p[af_k2t + n] * q2;
        const double d4 = -p[af_k4t + n] * (4.0 * q4 * q4 * q4 - (12.0 / 7.0) * q4);
        const double dc = -2.0 * p[af_kc] * qc * qc * qc;
        for (int k = 0; k < 3; ++k)
            g[k] += d2 * f[k] + d4 * h[k] + dc * c[k];
    }
}

MINIASD_HD inline double anisotropy_forms_energy(const double* p, const double* s) {
    const double u = af_dot(s, p + af_axis), u2 = u * u;
    double e = p[af_k4u] * (u2 * u2 - (6.0 / 7.0) * u2 - 1.0 / 7.0) -
               p[af_k6u] / 24.0 * (231.0 * u2 * u2 * u2 - 315.0 * u2 * u2 + 105.0 * u2);
    const double r = 0.70710678118654752440;
    const double a = r * (s[0] + s[1]), b = r * (s[0] - s[1]);
    e -= 0.5 * p[af_k4b] * (a * a * a * a + b * b * b * b);
    const double x2 = s[0] * s[0], y2 = s[1] * s[1], z2 = s[2] * s[2];
    e += p[af_k6c] * x2 * y2 * z2;
    e += p[af_k4r] * (1.0 + z2 * z2 - 8.0 * x2 + 8.0 * x2 * z2 + 8.0 * x2 * x2 - 2.0 * z2);
    for (int n = 0; n < 3; ++n) {
        const double q2 = af_dot(s, p + af_basis2 + 3 * n);
        const double q4 = af_dot(s, p + af_basis4 + 3 * n);
        const double qc = af_dot(s, p + af_cubic_axes + 3 * n);
        e -= p[af_k2t + n] * q2 * q2;
        e -= p[af_k4t + n] * (q4 * q4 * q4 * q4 - (6.0 / 7.0) * q4 * q4);
        e -= 0.5 * p[af_kc] * qc * qc * qc * qc;
    }
    return e;
}

MINIASD_HD inline void field_at(std::int64_t i, const AnisotropyFormsView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const double* p = v.p + anisotropy_forms_stride * v.material[i];
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    double g[3] = {0, 0, 0};
    anisotropy_forms_gradient(p, si, g);
    hx -= p[af_inv_mu] * g[0];
    hy -= p[af_inv_mu] * g[1];
    hz -= p[af_inv_mu] * g[2];
}

MINIASD_HD inline double energy_at(std::int64_t i, const AnisotropyFormsView& v,
                                   const SpinView& s) {
    const double si[3] = {s.x[i], s.y[i], s.z[i]};
    return anisotropy_forms_energy(v.p + anisotropy_forms_stride * v.material[i], si);
}

MINIASD_HD inline double energy_change_at(std::int64_t i, const AnisotropyFormsView& v,
                                          const SpinView&, const double* from, const double* to) {
    const double* p = v.p + anisotropy_forms_stride * v.material[i];
    return anisotropy_forms_energy(p, to) - anisotropy_forms_energy(p, from);
}

// The view's tables (kernels/tables.hpp).
template <typename F>
void for_each_table(AnisotropyFormsView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.p, std::int64_t(e.materials) * anisotropy_forms_stride);
}

}  // namespace miniasd::kernels
