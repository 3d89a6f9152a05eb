// Limited-memory BFGS on the unit spheres (sim:relax-method = lbfgs; docs/physics.md,
// "Relaxation"), after Spirit's LBFGS-OSO (Rybakov et al.; Ivanov, Uzdin and Jonsson,
// Comput. Phys. Commun. 260, 107749 (2021)): each spin turns by a rotation vector d_i in its
// tangent plane, S_i <- S_i cos|d_i| + (d_i / |d_i|) sin|d_i| (the sphere's exponential map, so
// no renormalisation moves it off the path), and d is the two-loop recursion's quasi-Newton
// direction from the last `memory` steps s_k = d_k and force changes y_k = F_k - F_k+1 (the
// gradient's change), each projected on the present tangent planes. The step's largest rotation
// is held to max_angle; a direction that is not downhill, or a pair with s.y <= 0 (no positive
// curvature), starts the history again from the steepest descent. Every dot product is an exact
// sum reduced over the ranks, and the largest rotation a maximum: the same bits on any
// decomposition and thread count.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "parallel/comm.hpp"
#include "system/spins.hpp"

namespace miniasd {

class Lbfgs {
  public:
    static constexpr int memory = 5;  // (s, y) pairs kept
    static constexpr double max_angle =
        3.141592653589793 / 200;  // rad: the largest rotation of a spin in one step

    // Over `blocks` spin configurations of n_owned atoms each, moved as one (a relaxation's: one).
    Lbfgs(std::int64_t n_owned, const parallel::Comm& comm, std::int64_t blocks = 1);

    // Collective. Turns the owned spins of every block along the quasi-Newton direction of the
    // forces f (T, each across its sphere: F_i = H_i - (S_i . H_i) S_i; block b's atom i at
    // b n_owned + i) of the present spins; `scale` (T, the largest field seen) sets the first
    // step, 0.5 / scale per tesla of force, as steepest descent's.
    void step(const std::vector<Spins*>& blocks, const double* fx, const double* fy,
              const double* fz, double scale);

  private:
    struct Vectors {
        std::vector<double> x, y, z;  // [n_owned]
    };
    double dot(const Vectors& a, const Vectors& b) const;  // collective, exact
    // Each atom's part across its sphere.
    void project(Vectors& v, const std::vector<Spins*>& blocks) const;
    void scale_by(Vectors& v, double c) const;                      // v *= c
    void add_scaled(Vectors& a, double c, const Vectors& b) const;  // a += c b

    std::int64_t n_owned_, n_;  // atoms per block; the vectors' length (blocks x n_owned)
    const parallel::Comm& comm_;
    std::deque<Vectors> s_, y_;  // the history, oldest first
    std::deque<double> rho_;     // 1 / (s . y) of each pair
    Vectors last_step_, last_force_;
    double last_gamma_ = 0;  // s.y / y.y of the newest pair: the initial inverse Hessian's scale
    bool have_step_ = false;
};

}  // namespace miniasd
