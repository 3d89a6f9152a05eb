// The physics of one stochastic LLG-Heun step as two kernels over a range of owned atoms
// [b, e), given the deterministic field h (T) of those atoms (h[k] for atom b + k). They read and
// write the atoms' own data only, so the traversal (integrate/sweep.hpp) decides nothing about
// the result: every atom gets the same bits whichever thread, chunk or device computes it.
//
// Every operation is a single IEEE operation on the atom's own data (the build disables FMA
// contraction), so an atom gets the same bits whether a vector lane or the scalar remainder
// computes it.
#pragma once

#include <cmath>
#include <cstdint>

#include "util/random.hpp"

namespace miniasd {

// Right-hand side of the LLG equation for one spin: ds = -g [S x H + alpha S x (S x H)].
inline void llg_rhs(double sx, double sy, double sz, double hx, double hy, double hz, double g,
                    double alpha, double& dx, double& dy, double& dz) {
    const double cx = sy * hz - sz * hy;  // S x H
    const double cy = sz * hx - sx * hz;
    const double cz = sx * hy - sy * hx;
    const double ddx = sy * cz - sz * cy;  // S x (S x H)
    const double ddy = sz * cx - sx * cz;
    const double ddz = sx * cy - sy * cx;
    dx = -g * (cx + alpha * ddx);
    dy = -g * (cy + alpha * ddy);
    dz = -g * (cz + alpha * ddz);
}

inline void normalise(double& x, double& y, double& z) {
    const double inv = 1.0 / std::sqrt(x * x + y * y + z * z);
    x *= inv;
    y *= inv;
    z *= inv;
}

// What both kernels read: the step's arrays and constants. Per-material constants are indexed by
// mat[i], or [0] when OneMaterial (loop invariants, where per-atom lookups would be gathers).
struct HeunData {
    const std::int32_t* mat;
    const double *gamma, *alpha, *sigma;  // per material: gamma/(1+alpha^2) (1/(T s)), -, T
    double dt;                            // s
    double *tx, *ty, *tz;                 // thermal field (T), [n_owned]
    double *sx, *sy, *sz;                 // S, updated by the corrector
    double *px, *py, *pz;                 // S', written by the predictor
    const std::int64_t* gid;
    std::uint64_t seed, step;  // the thermal field's random numbers: (seed, gid, step)
    bool noise;                // T > 0: draw the thermal field
    // A field held through the step (T; x of every owned atom, then y, then z, n_owned apart),
    // added to the per-step field once per step; nullptr for none.
    const double* held;
    std::int64_t n_owned;
};

// Predictor: the per-step field (the thermal field, plus a held field), S' = norm(S + dt f(S)).
// Thermal: a per-step field exists (T > 0, or a held field); the stage fields exclude held ones.
template <bool OneMaterial, bool Thermal>
struct HeunPredict {
    HeunData d;
    void operator()(std::int64_t b, std::int64_t e, const double* hx, const double* hy,
                    const double* hz) const {
        double *tx = d.tx, *ty = d.ty, *tz = d.tz;
        const double *sx = d.sx, *sy = d.sy, *sz = d.sz;
        double *px = d.px, *py = d.py, *pz = d.pz;
        if (Thermal && d.noise)  // N(0, 1) x sigma of the atom's material (T)
            standard_normals3(d.seed, RandomStream::thermal_field, d.step, d.gid + b, e - b, tx + b,
                              ty + b, tz + b, d.sigma, OneMaterial ? nullptr : d.mat + b);
        if (Thermal && d.held) {  // read once per step, not at each stage
            const double *gx = d.held, *gy = gx + d.n_owned, *gz = gy + d.n_owned;
            if (d.noise) {
#pragma omp simd
                for (std::int64_t i = b; i < e; ++i) {
                    tx[i] += gx[i];
                    ty[i] += gy[i];
                    tz[i] += gz[i];
                }
            } else {
#pragma omp simd
                for (std::int64_t i = b; i < e; ++i) {
                    tx[i] = gx[i];
                    ty[i] = gy[i];
                    tz[i] = gz[i];
                }
            }
        }
        const double dt = d.dt;
#pragma omp simd
        for (std::int64_t i = b; i < e; ++i) {
            const int m = OneMaterial ? 0 : d.mat[i];
            double dx, dy, dz;
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            llg_rhs(sx[i], sy[i], sz[i], bx, by, bz, d.gamma[m], d.alpha[m], dx, dy, dz);
            double x = sx[i] + dt * dx, y = sy[i] + dt * dy, z = sz[i] + dt * dz;
            normalise(x, y, z);
            px[i] = x;
            py[i] = y;
            pz[i] = z;
        }
    }
};

// Corrector: S = norm(S + dt/2 [f(S) + f(S')]), same thermal field. f(S) is not stored: it is
// perpendicular to S (both LLG terms are cross products with S), so the unnormalised predictor
// U = S + dt f(S) has U.S = S.S, and U = S' (S.S) / (S'.S) follows from the stored unit S'. Then
// S + dt/2 f(S) = (S + U) / 2, and a whole array (24 B per atom, 48 B of traffic per step) is
// saved.
template <bool OneMaterial, bool Thermal>
struct HeunCorrect {
    HeunData d;
    void operator()(std::int64_t b, std::int64_t e, const double* hx, const double* hy,
                    const double* hz) const {
        const double *tx = d.tx, *ty = d.ty, *tz = d.tz;
        double *sx = d.sx, *sy = d.sy, *sz = d.sz;
        const double *px = d.px, *py = d.py, *pz = d.pz;
        const double half_dt = 0.5 * d.dt;
#pragma omp simd
        for (std::int64_t i = b; i < e; ++i) {
            const int m = OneMaterial ? 0 : d.mat[i];
            double dx, dy, dz;
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            llg_rhs(px[i], py[i], pz[i], bx, by, bz, d.gamma[m], d.alpha[m], dx, dy, dz);
            const double ss = sx[i] * sx[i] + sy[i] * sy[i] + sz[i] * sz[i];
            const double ps = px[i] * sx[i] + py[i] * sy[i] + pz[i] * sz[i];
            const double u = ss / ps;  // |U|
            double x = 0.5 * (sx[i] + u * px[i]) + half_dt * dx;
            double y = 0.5 * (sy[i] + u * py[i]) + half_dt * dy;
            double z = 0.5 * (sz[i] + u * pz[i]) + half_dt * dz;
            normalise(x, y, z);
            sx[i] = x;
            sy[i] = y;
            sz[i] = z;
        }
    }
};

}  // namespace miniasd
