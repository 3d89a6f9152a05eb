// One owned atom's part of each stage the GPU backend runs, as MINIASD_HD functions over plain
// pointers: the CUDA kernels (device_system.cu) call them with one thread per atom, and the host
// emulation of the device (device_emulated.cpp, for the tests of a build without CUDA) calls them
// in a loop, so both run exactly this arithmetic. It is the CPU integrators' too: the field term
// by term from zero in the Hamiltonian's order (kernels/local_terms.hpp), the thermal field added
// once (util/random.hpp), Heun's predictor and corrector (kernels/llg.hpp); a Metropolis trial's
// move, its energy change term by term from zero, its acceptance (kernels/monte_carlo.hpp).
#pragma once

#include <cstdint>

#include "kernels/llg.hpp"
#include "kernels/local_terms.hpp"
#include "kernels/monte_carlo.hpp"
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
    // A field held through the step (T; x of every owned atom, then y, then z), added with the
    // thermal field; nullptr for none (LLG: a non-local stage's, not among the terms then).
    const double* held;
};

// The field (T) of atom i from spins s: the deterministic terms, then the per-step field, the
// thermal field drawn from (seed, id, step) in both stages alike (the same bits as storing it)
// plus a held field, in the CPU's order (integrate/heun_kernels.hpp).
MINIASD_HD inline void stage_field(const StepArgs& a, std::int64_t i, const SpinView& s, double& bx,
                                   double& by, double& bz) {
    double hx = 0, hy = 0, hz = 0;
    for (int t = 0; t < a.term_count; ++t)
        kernels::field_at(i, a.terms[t], s, hx, hy, hz);
    if (a.noise || a.held) {
        double tx = 0, ty = 0, tz = 0;
        if (a.noise)
            standard_normals3_at(*a.ziggurat, a.seed, RandomStream::thermal_field, a.step,
                                 std::uint64_t(a.gid[i]), a.sigma[a.material[i]], tx, ty, tz);
        if (a.held) {
            const double gx = a.held[i], gy = a.held[a.n_owned + i], gz = a.held[2 * a.n_owned + i];
            tx = a.noise ? tx + gx : gx;
            ty = a.noise ? ty + gy : gy;
            tz = a.noise ? tz + gz : gz;
        }
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

// montecarlo:algorithm's moves: adaptive and angle are the Gaussian move (with their widths).
enum class TrialMove : int { gaussian, flip, uniform };

// One Metropolis trial of owned atom i in sweep a.step (a colour's atom: none of its neighbours
// moves meanwhile), beta = 1 / (k_B T) (1/J; 0: downhill moves only). Returns 1 when taken.
MINIASD_HD inline int trial_atom(const StepArgs& a, TrialMove move, double width, double beta,
                                 std::int32_t i, double* sx, double* sy, double* sz) {
    const auto id = std::uint64_t(a.gid[i]);
    const double old[3] = {sx[i], sy[i], sz[i]};
    double trial[3];
    if (move == TrialMove::flip) {
        kernels::flip_move(old, trial);
    } else if (move == TrialMove::uniform) {
        kernels::uniform_move(a.seed, id, a.step, trial);
    } else {
        double gx, gy, gz;
        standard_normals3_at(*a.ziggurat, a.seed, RandomStream::monte_carlo, a.step, id, 1.0, gx,
                             gy, gz);
        kernels::gaussian_move(old, width, gx, gy, gz, trial);
    }
    const SpinView s{sx, sy, sz};
    double de = 0;
    for (int t = 0; t < a.term_count; ++t)
        de += kernels::energy_change_at(i, a.terms[t], s, old, trial);
    if (!kernels::metropolis_accept(de, beta, a.seed, id, a.step)) return 0;
    sx[i] = trial[0];
    sy[i] = trial[1];
    sz[i] = trial[2];
    return 1;
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
