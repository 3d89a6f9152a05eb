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

inline void kick(double& vx, double& vy, double& vz, const double (&p)[3], const double (&f)[3],
                 double h, ExactSum& along, ExactSum& norm) {
    vx += 0.5 * h * (p[0] + f[0]);
    vy += 0.5 * h * (p[1] + f[1]);
    vz += 0.5 * h * (p[2] + f[2]);
    along.add(vx * f[0] + vy * f[1] + vz * f[2]);
    norm.add(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
}

// Collective: the fraction of the force the velocity keeps, from this rank's sums.
double kept_fraction(const ExactSum& along, const ExactSum& norm, const parallel::Comm& comm);

inline void step(double& sx, double& sy, double& sz, double& vx, double& vy, double& vz,
                 const double (&f)[3], double keep, double h) {
    vx = keep * f[0];
    vy = keep * f[1];
    vz = keep * f[2];
    const double x = sx + (h * vx + 0.5 * h * h * f[0]), y = sy + (h * vy + 0.5 * h * h * f[1]),
                 z = sz + (h * vz + 0.5 * h * h * f[2]);
    const double r = 1.0 / std::sqrt(x * x + y * y + z * z);
    sx = x * r;
    sy = y * r;
    sz = z * r;
}

}  // namespace miniasd::velocity_projection
