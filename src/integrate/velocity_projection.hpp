// The velocity projection's arithmetic per atom (Bessarab, Uzdin and Jonsson; Spirit's VP), shared
// by the relaxation (integrate/minimiser.hpp) and the chain of images (integrate/gneb.hpp), each
// force f already in units of 1/B (dimensionless):
//   kick:  v <- v + (h/2)(p + f)   (p the previous force), adding v.f and f.f to the sums
//   keep:  Sum v.f / Sum f.f over every moving atom of every rank, 0 when it is not positive
//   step:  v <- keep f;  S <- norm(S + h v + (h^2/2) f)
// The sums are exact (util/exact_sum.hpp): the same bits on any decomposition.
#pragma once

#include <cmath>

#include "parallel/comm.hpp"
#include "util/exact_sum.hpp"

namespace miniasd::velocity_projection {

// One atom's kick, its two terms returned (a loop of it vectorises; the sums come after).
inline void kick(double& vx, double& vy, double& vz, double px, double py, double pz, double fx,
                 double fy, double fz, double h, double& along, double& norm) {
    vx += 0.5 * h * (px + fx);
    vy += 0.5 * h * (py + fy);
    vz += 0.5 * h * (pz + fz);
    along = vx * fx + vy * fy + vz * fz;
    norm = fx * fx + fy * fy + fz * fz;
}

inline void kick(double& vx, double& vy, double& vz, const double (&p)[3], const double (&f)[3],
                 double h, ExactSum& along, ExactSum& norm) {
    double a, b;
    kick(vx, vy, vz, p[0], p[1], p[2], f[0], f[1], f[2], h, a, b);
    along.add(a);
    norm.add(b);
}

// The same steps with the velocity carried between them as w = v + (h/2) f, the next kick's first
// half applied at the step, so that no previous force need be kept (the chain of images, whose
// per-atom arrays are many): kick_carried is w <- w + (h/2) f, step_carried ends with that w.
// The first kick of a run starts from w = (h/2) f (the previous force taken as the present one).
// When the step scale B grows, that half kick keeps the scale it was made with, as v does.
inline void kick_carried(double& wx, double& wy, double& wz, double fx, double fy, double fz,
                         double h, bool first, double& along, double& norm) {
    wx = first ? 0.5 * h * fx : wx;
    wy = first ? 0.5 * h * fy : wy;
    wz = first ? 0.5 * h * fz : wz;
    wx += 0.5 * h * fx;
    wy += 0.5 * h * fy;
    wz += 0.5 * h * fz;
    along = wx * fx + wy * fy + wz * fz;
    norm = fx * fx + fy * fy + fz * fz;
}

// Collective: the fraction of the force the velocity keeps, from this rank's sums.
double kept_fraction(const ExactSum& along, const ExactSum& norm, const parallel::Comm& comm);

inline void step(double& sx, double& sy, double& sz, double& vx, double& vy, double& vz, double fx,
                 double fy, double fz, double keep, double h) {
    vx = keep * fx;
    vy = keep * fy;
    vz = keep * fz;
    const double x = sx + (h * vx + 0.5 * h * h * fx), y = sy + (h * vy + 0.5 * h * h * fy),
                 z = sz + (h * vz + 0.5 * h * h * fz);
    const double r = 1.0 / std::sqrt(x * x + y * y + z * z);
    sx = x * r;
    sy = y * r;
    sz = z * r;
}

inline void step_carried(double& sx, double& sy, double& sz, double& wx, double& wy, double& wz,
                         double fx, double fy, double fz, double keep, double h) {
    step(sx, sy, sz, wx, wy, wz, fx, fy, fz, keep, h);
    wx += 0.5 * h * fx;
    wy += 0.5 * h * fy;
    wz += 0.5 * h * fz;
}

inline void step(double& sx, double& sy, double& sz, double& vx, double& vy, double& vz,
                 const double (&f)[3], double keep, double h) {
    step(sx, sy, sz, vx, vy, vz, f[0], f[1], f[2], keep, h);
}

}  // namespace miniasd::velocity_projection
