// One stochastic LLG-Heun step as two CPU stage loops over a range of owned atoms [b, e), given
// the deterministic field h (T) of those atoms (h[k] for atom b + k): the thermal field drawn
// for the block (util/random.hpp's vectorised form of standard_normals3_at), then each atom's
// predictor or corrector (kernels/llg.hpp, the per-atom functions a device calls too). They read
// and write the atoms' own data only, so the traversal (integrate/sweep.hpp) decides nothing
// about the result: every atom gets the same bits whichever thread, chunk or device computes it.
#pragma once

#include <cstdint>

#include "kernels/llg.hpp"
#include "util/random.hpp"

namespace miniasd {

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
    const ZigguratTables* ziggurat;  // the Gaussian tables of the thermal field
    std::uint64_t seed, step;        // the thermal field's random numbers: (seed, gid, step)
    bool noise;                      // T > 0: draw the thermal field
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
            standard_normals3(*d.ziggurat, d.seed, RandomStream::thermal_field, d.step, d.gid + b,
                              e - b, tx + b, ty + b, tz + b, d.sigma,
                              OneMaterial ? nullptr : d.mat + b);
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
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            kernels::heun_predict(sx[i], sy[i], sz[i], bx, by, bz, d.gamma[m], d.alpha[m], dt,
                                  px[i], py[i], pz[i]);
        }
    }
};

// Corrector: S = norm(S + dt/2 [f(S) + f(S')]), same thermal field (kernels::heun_correct).
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
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            kernels::heun_correct(sx[i], sy[i], sz[i], px[i], py[i], pz[i], bx, by, bz, d.gamma[m],
                                  d.alpha[m], half_dt);
        }
    }
};

}  // namespace miniasd
