// Stochastic Landau-Lifshitz-Gilbert equation integrated with Heun's scheme (docs/physics.md):
//   dS/dt = -gamma/(1+alpha^2) [S x H + alpha S x (S x H)],  H = H_det(S) + H_th
//   predictor  S' = norm(S + dt f(S, H(S)))
//   corrector  S  = norm(S + dt/2 [f(S, H(S)) + f(S', H(S'))])
// The thermal field is drawn once per atom per step from (seed, global id, step) and shared by
// predictor and corrector. Every atom's update depends only on its own and its neighbours'
// spins, so the result is bitwise the same for any decomposition and thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "integrate/heun_fusion.hpp"
#include "integrate/integrator.hpp"

namespace miniasd {

// Standard deviation (T) of each Cartesian component of the Langevin field for one atom:
// sqrt(2 alpha k_B T / (gamma mu_s dt)).
double thermal_field_sigma(double alpha, double moment, double temperature, double dt);

class LlgHeun final : public Integrator {
  public:
    LlgHeun(const Config& c, const LocalSystem& sys, Hamiltonian& h, parallel::HaloExchange& halo,
            Timers& timers);

    const char* name() const override { return "llg-heun"; }
    // One time step at state.temperature, state.step being the random-number counter.
    void step(Spins& s, RunState& state) override;
    // OpenMP parallel regions per step: each ends in a barrier of the rank's threads, where a
    // thread that was descheduled holds up the others.
    std::string summary() const override;

  private:
    void set_temperature(double kelvin);
    // Advances owned spins by one time step; `step` is the global step number (the RNG counter).
    template <bool OneMaterial, bool Thermal>
    void advance(Spins& s, std::uint64_t step);

    static constexpr std::int64_t chunk = 512;  // atoms per field buffer (3 x 4 KiB)
    std::int64_t regions_ = 0;  // OpenMP parallel regions entered (each ends in a barrier)
    std::int64_t steps_ = 0;    // steps taken by this object
    template <typename Update>
    void stage(Spins& in, const Update& update);
    template <typename Update>
    void parallel_sweep(const SpinView& view, const Update& update, std::int64_t begin,
                        std::int64_t end, double& field_s, double& update_s);
    void halo_start(const Spins& s);  // the halo calls, timed as "halo"
    void halo_finish(Spins& s);
    void add_times(double field_s, double update_s);
    // As sweep, for the fusable atoms of [lo, hi) only (llg_heun.cpp).
    template <typename Update>
    void sweep_fusable(const SpinView& view, const Update& update, std::int64_t lo, std::int64_t hi,
                       double* hx, double* hy, double* hz, double& field_s, double& update_s) const;
    // Both stages in one sweep over the core atoms (heun_fusion.hpp), then the rest.
    template <typename Predict, typename Correct>
    void fused_stages(Spins& s, const Predict& predict, const Correct& correct);
    // The field of `view` for atoms [b, e) in chunks into the buffer h, each chunk consumed by
    // `update`; adds the seconds spent to field_s and update_s.
    template <typename Update>
    void sweep(const SpinView& view, const Update& update, std::int64_t b, std::int64_t e,
               double* hx, double* hy, double* hz, double& field_s, double& update_s) const;

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    Timers& timers_;
    int t_field_, t_halo_, t_integrate_;

    double dt_;  // s
    std::uint64_t seed_;
    double temperature_ = -1;                                 // K; < 0: not set yet
    std::vector<double> moment_, alpha_, gamma_eff_, sigma_;  // per material

    HeunFusion fusion_;  // empty when MINIASD_NO_FUSED_HEUN is set (to compare) or nothing fuses
    Spins predicted_;    // S', [n_local]
    std::vector<double> tx_, ty_, tz_;  // thermal field, T, [n_owned]; empty until T > 0
};

}  // namespace miniasd
