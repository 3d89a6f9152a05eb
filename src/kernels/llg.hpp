// The stochastic LLG equation and one Heun step of one spin (docs/physics.md), as MINIASD_HD
// functions of the spin's own values: the CPU's vectorised stage loops
// (integrate/heun_kernels.hpp) and a device thread call the same arithmetic. Every operation is a
// single IEEE operation (no fused multiply-adds on either side, util/device.hpp), so an atom gets
// the same bits whether a vector lane, the scalar remainder or a GPU thread computes it.
#pragma once

#include <cmath>

#include "util/device.hpp"

namespace miniasd::kernels {

// Right-hand side of the LLG equation for one spin: ds = -g [S x H + alpha S x (S x H)], g the
// reduced gyromagnetic ratio gamma / (1 + alpha^2) (1/(T s)), H in tesla.
MINIASD_HD inline void llg_rhs(double sx, double sy, double sz, double hx, double hy, double hz,
                               double g, double alpha, double& dx, double& dy, double& dz) {
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

MINIASD_HD inline void normalise(double& x, double& y, double& z) {
    const double inv = 1.0 / std::sqrt(x * x + y * y + z * z);
    x *= inv;
    y *= inv;
    z *= inv;
}

// Heun's predictor: S' = norm(S + dt f(S, B)), B the whole field of the stage (T), dt in s.
MINIASD_HD inline void heun_predict(double sx, double sy, double sz, double bx, double by,
                                    double bz, double g, double alpha, double dt, double& px,
                                    double& py, double& pz) {
    double dx, dy, dz;
    llg_rhs(sx, sy, sz, bx, by, bz, g, alpha, dx, dy, dz);
    double x = sx + dt * dx, y = sy + dt * dy, z = sz + dt * dz;
    normalise(x, y, z);
    px = x;
    py = y;
    pz = z;
}

// Heun's corrector: S = norm(S + dt/2 [f(S) + f(S')]), B the field of the predicted spins with the
// same per-step field. f(S) is not stored: it is perpendicular to S (both LLG terms are cross
// products with S), so the unnormalised predictor U = S + dt f(S) has U.S = S.S, and
// U = S' (S.S) / (S'.S) follows from the stored unit S'. Then S + dt/2 f(S) = (S + U) / 2, and a
// whole array (24 B per atom, 48 B of traffic per step) is saved.
MINIASD_HD inline void heun_correct(double& sx, double& sy, double& sz, double px, double py,
                                    double pz, double bx, double by, double bz, double g,
                                    double alpha, double half_dt) {
    double dx, dy, dz;
    llg_rhs(px, py, pz, bx, by, bz, g, alpha, dx, dy, dz);
    const double ss = sx * sx + sy * sy + sz * sz;
    const double ps = px * sx + py * sy + pz * sz;
    const double u = ss / ps;  // |U|
    double x = 0.5 * (sx + u * px) + half_dt * dx;
    double y = 0.5 * (sy + u * py) + half_dt * dy;
    double z = 0.5 * (sz + u * pz) + half_dt * dz;
    normalise(x, y, z);
    sx = x;
    sy = y;
    sz = z;
}

}  // namespace miniasd::kernels
