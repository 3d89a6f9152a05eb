#include "integrate/llg_heun.hpp"

#include <cstdio>

#include <omp.h>
#include <algorithm>

#include <chrono>
#include <cmath>
#include <cstdlib>

#include "util/random.hpp"
#include "util/units.hpp"

namespace miniasd {

double thermal_field_sigma(double alpha, double moment, double temperature, double dt) {
    return std::sqrt(2.0 * alpha * constants::boltzmann * temperature /
                     (constants::gyromagnetic_ratio * moment * dt));
}

namespace {

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

}  // namespace

LlgHeun::LlgHeun(const Config& c, const LocalSystem& sys, Hamiltonian& h,
                 parallel::HaloExchange& halo, Timers& timers)
    : sys_(sys),
      hamiltonian_(h),
      halo_(halo),
      timers_(timers),
      t_field_(timers.add("field")),
      t_halo_(timers.add("halo")),
      t_integrate_(timers.add("integrate")),
      dt_(c.time_step),
      seed_(c.seed) {
    for (const MaterialConfig& m : c.materials) {
        moment_.push_back(m.moment);
        alpha_.push_back(m.damping);
        gamma_eff_.push_back(constants::gyromagnetic_ratio / (1.0 + m.damping * m.damping));
    }
    sigma_.assign(c.materials.size(), 0.0);
    // Planned before the arrays below exist: its scratch (4 B per atom) then adds to no peak.
    if (!std::getenv("MINIASD_NO_FUSED_HEUN")) fusion_ = plan_heun_fusion(sys, h);
    predicted_.resize(sys.n_storage());
}

void LlgHeun::step(Spins& s, RunState& state) {
    if (state.temperature != temperature_) set_temperature(state.temperature);
    // One material: its constants are loop invariants, where per-atom lookups would be gathers.
    // T = 0: no thermal field is drawn, stored or read.
    const auto step = static_cast<std::uint64_t>(state.step);
    const bool one = moment_.size() == 1, thermal = temperature_ > 0;
    if (one && thermal)
        advance<true, true>(s, step);
    else if (one)
        advance<true, false>(s, step);
    else if (thermal)
        advance<false, true>(s, step);
    else
        advance<false, false>(s, step);
    ++steps_;
}

std::string LlgHeun::summary() const {
    if (steps_ == 0) return "";
    std::int64_t fused = 0;
    fusion_.fusable_in(0, sys_.n_core, [&](std::int64_t b, std::int64_t e) { fused += e - b; });
    char line[320];
    const int n = std::snprintf(
        line, sizeof line,
        "LLG-Heun: %.3g OpenMP parallel regions (thread barriers) per step on rank 0; ",
        double(regions_) / double(steps_));
    if (fusion_.window > 0)
        std::snprintf(line + n, sizeof line - std::size_t(n),
                      "stages fused for %.1f%% of its atoms (corrector %lld atoms behind the "
                      "predictor)",
                      100.0 * double(fused) / double(std::max<std::int64_t>(1, sys_.n_owned)),
                      static_cast<long long>(fusion_.window));
    else
        std::snprintf(line + n, sizeof line - std::size_t(n), "stages in two passes");
    return line;
}

void LlgHeun::set_temperature(double kelvin) {
    temperature_ = kelvin;
    // The thermal field's arrays exist from the first step above 0 K. Steps at 0 K never read
    // them, so a field drawn at an earlier temperature cannot linger as a frozen random field.
    if (kelvin > 0 && tx_.empty())
        for (auto* v : {&tx_, &ty_, &tz_})
            v->assign(static_cast<std::size_t>(sys_.n_owned), 0.0);
    for (std::size_t m = 0; m < sigma_.size(); ++m)
        sigma_[m] = thermal_field_sigma(alpha_[m], moment_[m], kelvin, dt_);
}

template <typename Update>
void LlgHeun::sweep(const SpinView& view, const Update& update, std::int64_t b, std::int64_t e,
                    double* hx, double* hy, double* hz, double& field_s, double& update_s) const {
    for (std::int64_t cb = b; cb < e; cb += chunk) {
        const std::int64_t ce = std::min(e, cb + chunk);
        const auto t0 = Timers::Clock::now();
        hamiltonian_.field(view, cb, ce, FieldView{hx, hy, hz});
        const auto t1 = Timers::Clock::now();
        update(cb, ce, hx, hy, hz);
        const auto t2 = Timers::Clock::now();
        field_s += std::chrono::duration<double>(t1 - t0).count();
        update_s += std::chrono::duration<double>(t2 - t1).count();
    }
}

// The fusable atoms of [lo, hi): one field call per chunk over the span of its fusable atoms,
// updates of those atoms only. Where boundary atoms break every row (a split along x), a call
// per fusable range would cost more than the few unused fields of the atoms between ranges
// (computed from spins not predicted yet, and dropped).
template <typename Update>
void LlgHeun::sweep_fusable(const SpinView& view, const Update& update, std::int64_t lo,
                            std::int64_t hi, double* hx, double* hy, double* hz, double& field_s,
                            double& update_s) const {
    for (std::int64_t cb = lo; cb < hi; cb += chunk) {
        const std::int64_t ce = std::min(hi, cb + chunk);
        std::int64_t first = -1, last = -1;
        fusion_.fusable_in(cb, ce, [&](std::int64_t b, std::int64_t e) {
            if (first < 0) first = b;
            last = e;
        });
        if (first < 0) continue;
        const auto t0 = Timers::Clock::now();
        hamiltonian_.field(view, first, last, FieldView{hx, hy, hz});
        const auto t1 = Timers::Clock::now();
        fusion_.fusable_in(first, last, [&](std::int64_t b, std::int64_t e) {
            update(b, e, hx + (b - first), hy + (b - first), hz + (b - first));
        });
        const auto t2 = Timers::Clock::now();
        field_s += std::chrono::duration<double>(t1 - t0).count();
        update_s += std::chrono::duration<double>(t2 - t1).count();
    }
}

// Atoms [begin, end) in chunks shared among the threads; no parallel region when empty (no
// boundary atoms on one rank).
template <typename Update>
void LlgHeun::parallel_sweep(const SpinView& view, const Update& update, std::int64_t begin,
                             std::int64_t end, double& field_s, double& update_s) {
    if (begin >= end) return;
    ++regions_;
    double f = 0, u = 0;
#pragma omp parallel reduction(+ : f, u)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
#pragma omp for schedule(static)
        for (std::int64_t b = begin; b < end; b += chunk)
            sweep(view, update, b, std::min(end, b + chunk), hx, hy, hz, f, u);
    }
    field_s += f;
    update_s += u;
}

void LlgHeun::halo_start(const Spins& s) {
    timers_.start(t_halo_);
    halo_.start(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
}

void LlgHeun::halo_finish(Spins& s) {
    timers_.start(t_halo_);
    halo_.finish(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
}

// Field and update seconds summed over threads, counted as their average per thread.
void LlgHeun::add_times(double field_s, double update_s) {
    const int threads = omp_get_max_threads();
    timers_.add_seconds(t_field_, field_s / threads);
    timers_.add_seconds(t_integrate_, update_s / threads);
}

// One Heun stage: fields of core atoms while the halo messages travel, then boundary atoms.
// Atoms go in chunks: the chunk's field is computed into a small buffer that stays in L1 and
// consumed at once by `update`, so no field array makes a round trip through memory. Field and
// update times are measured per chunk on each thread.
template <typename Update>
void LlgHeun::stage(Spins& in, const Update& update) {
    double field_s = 0, update_s = 0;
    if (hamiltonian_.non_local()) {  // collective: the non-local terms' view of all of `in`
        timers_.start(t_field_);
        hamiltonian_.prepare(in.view());
        timers_.stop(t_field_);
    }
    halo_start(in);
    parallel_sweep(in.view(), update, 0, sys_.n_core, field_s, update_s);
    halo_finish(in);
    parallel_sweep(in.view(), update, sys_.n_core, sys_.n_owned, field_s, update_s);
    add_times(field_s, update_s);
}

// Each thread sweeps its block of core atoms with the predictor, the corrector trailing the
// fusion window behind for the fusable atoms at least a window inside the block (atoms nearer
// the block's edges have neighbours in other threads' blocks). Then, as in two stages: the
// boundary atoms' predictor once the halo of S is in; the remaining core atoms' corrector while
// the halo of S' travels; the boundary atoms' corrector.
template <typename Predict, typename Correct>
void LlgHeun::fused_stages(Spins& s, const Predict& predict, const Correct& correct) {
    const SpinView sv = s.view(), pv = predicted_.view();
    const std::int64_t n_core = sys_.n_core, n_owned = sys_.n_owned, w = fusion_.window;
    double field_s = 0, update_s = 0;
    int blocks = 1;  // the sweep's thread count, so the second core pass uses the same blocks
    halo_start(s);
    ++regions_;
#pragma omp parallel reduction(+ : field_s, update_s)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
        const int nt = omp_get_num_threads();
#pragma omp single nowait
        blocks = nt;
        const auto [lo, hi] = thread_block(n_core, omp_get_thread_num(), nt);
        std::int64_t done = lo + w;  // fusable atoms of [lo + w, done) are corrected
        for (std::int64_t b = lo; b < hi; b += chunk) {
            const std::int64_t e = std::min(hi, b + chunk);
            sweep(sv, predict, b, e, hx, hy, hz, field_s, update_s);
            const std::int64_t upto = e - w;  // every neighbour of an atom below is predicted
            if (upto <= done) continue;
            sweep_fusable(pv, correct, done, upto, hx, hy, hz, field_s, update_s);
            done = upto;
        }
    }
    halo_finish(s);
    parallel_sweep(sv, predict, n_core, n_owned, field_s, update_s);
    halo_start(predicted_);
    ++regions_;
#pragma omp parallel reduction(+ : field_s, update_s)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
#pragma omp for schedule(static)
        for (int t = 0; t < blocks; ++t) {
            const auto [lo, hi] = thread_block(n_core, t, blocks);
            fusion_.others_in(lo, hi, lo + w, hi - w, [&](std::int64_t b, std::int64_t e) {
                sweep(pv, correct, b, e, hx, hy, hz, field_s, update_s);
            });
        }
    }
    halo_finish(predicted_);
    parallel_sweep(pv, correct, n_core, n_owned, field_s, update_s);
    add_times(field_s, update_s);
}

// The update loops are written for omp simd: every operation is a single IEEE operation on the
// atom's own data (the build disables FMA contraction), so an atom gets the same bits whether a
// vector lane or the scalar remainder computes it, and so on any decomposition.
template <bool OneMaterial, bool Thermal>
void LlgHeun::advance(Spins& s, std::uint64_t step) {
    const std::int32_t* mat = sys_.material.data();
    const double* gamma = gamma_eff_.data();
    const double* alpha = alpha_.data();
    const double* sigma = sigma_.data();
    const double dt = dt_, half_dt = 0.5 * dt_;
    double *tx = tx_.data(), *ty = ty_.data(), *tz = tz_.data();
    double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
    double *px = predicted_.x.data(), *py = predicted_.y.data(), *pz = predicted_.z.data();
    const std::int64_t* gid = sys_.gid.data();
    const std::uint64_t seed = seed_;

    // Predictor: draw the thermal field, S' = norm(S + dt f(S)).
    auto predict = [&](std::int64_t b, std::int64_t e, const double* hx, const double* hy,
                       const double* hz) {
        if (Thermal) {
            standard_normals3(seed, RandomStream::thermal_field, step, gid + b, e - b, tx + b,
                              ty + b, tz + b);
#pragma omp simd
            for (std::int64_t i = b; i < e; ++i) {
                const double sd = sigma[OneMaterial ? 0 : mat[i]];  // T
                tx[i] *= sd;
                ty[i] *= sd;
                tz[i] *= sd;
            }
        }
#pragma omp simd
        for (std::int64_t i = b; i < e; ++i) {
            const int m = OneMaterial ? 0 : mat[i];
            double dx, dy, dz;
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            llg_rhs(sx[i], sy[i], sz[i], bx, by, bz, gamma[m], alpha[m], dx, dy, dz);
            double x = sx[i] + dt * dx, y = sy[i] + dt * dy, z = sz[i] + dt * dz;
            normalise(x, y, z);
            px[i] = x;
            py[i] = y;
            pz[i] = z;
        }
    };
    // Corrector: S = norm(S + dt/2 [f(S) + f(S')]), same thermal field. f(S) is not stored: it is
    // perpendicular to S (both LLG terms are cross products with S), so the unnormalised
    // predictor U = S + dt f(S) has U.S = S.S, and U = S' (S.S) / (S'.S) follows from the stored
    // unit S'. Then S + dt/2 f(S) = (S + U) / 2, and a whole array (24 B per atom, 48 B of
    // traffic per step) is saved.
    auto correct = [&](std::int64_t b, std::int64_t e, const double* hx, const double* hy,
                       const double* hz) {
#pragma omp simd
        for (std::int64_t i = b; i < e; ++i) {
            const int m = OneMaterial ? 0 : mat[i];
            double dx, dy, dz;
            const double bx = Thermal ? hx[i - b] + tx[i] : hx[i - b];
            const double by = Thermal ? hy[i - b] + ty[i] : hy[i - b];
            const double bz = Thermal ? hz[i - b] + tz[i] : hz[i - b];
            llg_rhs(px[i], py[i], pz[i], bx, by, bz, gamma[m], alpha[m], dx, dy, dz);
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
    };
    if (fusion_.window > 0) {
        fused_stages(s, predict, correct);
    } else {
        stage(s, predict);
        stage(predicted_, correct);
    }
}

}  // namespace miniasd
