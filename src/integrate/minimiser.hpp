// Energy minimisation on the unit spheres (sim:program = relax, sim:relax-first; docs/physics.md,
// "Relaxation"). Each iteration takes the deterministic field H_i (T) of every atom and its part
// across the sphere, the force F_i = H_i - (S_i . H_i) S_i (|F_i| = |S_i x H_i|, the torque
// field; zero for every atom exactly at a stationary point). Steps are measured in units of
// 1/B, B the largest |H_i| seen so far (a bound on the stiffest mode's curvature, so one step
// size suits any material and unit):
//   damped-llg:           S_i <- norm(S_i + 0.5 F_i / B)   (steepest descent: the LLG equation's
//                         damping term alone, stepped at the stiffest mode's critical damping)
//   velocity-projection:  v_i <- v_i + (h / 2)(F_i' + F_i) / B   (F_i' the previous force)
//                         v_i <- (sum v.f / sum f.f) f_i when sum v.f > 0, else 0   (f = F / B)
//                         S_i <- norm(S_i + h v_i + (h^2 / 2) f_i),  h = 1
// the velocity projection of Bessarab et al. (Spirit's VP): damped molecular dynamics that keeps
// only the velocity along the force, so it coasts down long gentle valleys (a skyrmion's radius)
// that steepest descent crawls along.
//   lbfgs:                a quasi-Newton rotation of every spin (integrate/lbfgs.hpp). Every sum is
//   exact (util/exact_sum.hpp) and the maxima are
// order-free, so the spins are the same bits on any decomposition and thread count.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "integrate/lbfgs.hpp"
#include "integrate/relax_section.hpp"
#include "parallel/comm.hpp"
#include "parallel/halo.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

class Minimiser {
  public:
    Minimiser(RelaxMethod method, const LocalSystem& sys, Hamiltonian& h,
              parallel::HaloExchange& halo, const parallel::Comm& comm);

    // Collective. The forces of the owned spins of `s` (ghosts need not be current; the caller
    // has begun the iteration's non-local stages, Hamiltonian::begin_iteration); returns the
    // largest torque field max |S_i x H_i| over every rank (T), NaN when a field is not finite.
    double measure(Spins& s);
    // Collective (its sums). Moves the owned spins of `s` along the forces measure() found.
    void move(Spins& s);
    // The step scale B (T): the largest field measure() has seen, or the one resume() gave. A
    // relaxation continued from a checkpoint resumes with its saved scale, so that its steps are
    // those of the uninterrupted relaxation even where the fields have since fallen.
    double scale() const { return scale_; }
    void resume(double scale) { scale_ = scale; }

  private:
    RelaxMethod method_;
    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    const parallel::Comm& comm_;
    double scale_ = 0;                  // B, T
    bool have_force_ = false;           // fx_.. hold a previous force (velocity-projection)
    std::vector<double> fx_, fy_, fz_;  // F_i, T, [n_owned]
    std::vector<double> px_, py_, pz_;  // the previous F_i (velocity-projection)
    std::vector<double> vx_, vy_, vz_;  // velocity, dimensionless (velocity-projection)
    std::unique_ptr<Lbfgs> lbfgs_;      // lbfgs: its history (integrate/lbfgs.hpp)
};

}  // namespace miniasd
