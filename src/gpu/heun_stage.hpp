// One owned atom's part of each stage of the GPU backend's Heun step, as MINIASD_HD functions
// over plain pointers: the CUDA kernels (device_heun.cu) call them with one thread per atom, and
// the host emulation of the device (device_emulated.cpp, for the tests of a build without CUDA)
// calls them in a loop, so both run exactly this arithmetic. It is the CPU integrator's too:
// the field term by term from zero in the Hamiltonian's order (kernels/local_terms.hpp), the
// thermal field added once (util/random.hpp), Heun's predictor and corrector (kernels/llg.hpp).
#pragma once

#include <cstdint>

#include "kernels/llg.hpp"
#include "kernels/local_terms.hpp"
#include "util/device.hpp"
#include "util/random.hpp"

namespace miniasd::gpu {

// What both stages read (a kernel's argument, by value).
struct StepArgs {
    const kernels::TermView* terms;
    int term_count;
    const std::int32_t* material;         // [n_storage]
    const std::int64_t* gid;              // [n_owned]
    const double *gamma, *alpha, *sigma;  // per material: 1/(T s), -, T
    const ZigguratTables* ziggurat;
    std::uint64_t seed, step;
    double dt;   // s
    bool noise;  // draw the thermal field (T > 0)
    std::int64_t n_owned;
};

// The field (T) of atom i from spins s: the deterministic terms, then the thermal field, drawn
// from (seed, id, step) in both stages alike (the same bits as storing it).
MINIASD_HD inline void stage_field(const StepArgs& a, std::int64_t i, const SpinView& s, double& bx,
                                   double& by, double& bz) {
    double hx = 0, hy = 0, hz = 0;
    for (int t = 0; t < a.term_count; ++t)
        kernels::field_at(i, a.terms[t], s, hx, hy, hz);
    if (a.noise) {
        double tx, ty, tz;
        standard_normals3_at(*a.ziggurat, a.seed, RandomStream::thermal_field, a.step,
                             std::uint64_t(a.gid[i]), a.sigma[a.material[i]], tx, ty, tz);
        hx = hx + tx;
        hy = hy + ty;
        hz = hz + tz;
    }
    bx = hx;
    by = hy;
    bz = hz;
}

// S'_i from S.
MINIASD_HD inline void predict_atom(const StepArgs& a, std::int64_t i, const SpinView& s,
                                    double* px, double* py, double* pz) {
    double bx, by, bz;
    stage_field(a, i, s, bx, by, bz);
    const int m = a.material[i];
    kernels::heun_predict(s.x[i], s.y[i], s.z[i], bx, by, bz, a.gamma[m], a.alpha[m], a.dt, px[i],
                          py[i], pz[i]);
}

// S_i from S and S'.
MINIASD_HD inline void correct_atom(const StepArgs& a, std::int64_t i, const SpinView& p,
                                    double* sx, double* sy, double* sz) {
    double bx, by, bz;
    stage_field(a, i, p, bx, by, bz);
    const int m = a.material[i];
    kernels::heun_correct(sx[i], sy[i], sz[i], p.x[i], p.y[i], p.z[i], bx, by, bz, a.gamma[m],
                          a.alpha[m], 0.5 * a.dt);
}

// The k-th of n halo atoms into out (x of every atom, then y, then z).
MINIASD_HD inline void gather_atom(const std::int32_t* atoms, std::int64_t n, std::int64_t k,
                                   const SpinView& s, double* out) {
    const std::int32_t i = atoms[k];
    out[k] = s.x[i];
    out[n + k] = s.y[i];
    out[2 * n + k] = s.z[i];
}

}  // namespace miniasd::gpu
