// Kernel of the Slonczewski-type spin torques (docs/physics.md, "Spin torques"): spin-transfer
// through a fixed polariser p (STT) and spin-orbit from a heavy-metal current (SOT), each with a
// damping-like part a_j and a field-like part b_j (tesla) and an asymmetry lambda. They enter the
// LLG equation (kernels/llg.hpp) as the effective field, VAMPIRE's form,
//   H_i = f [(a_j - alpha b_j) (S_i x p) + (b_j + alpha a_j) p],  f = c / (1 + lambda S_i . p),
// which gives dS/dt = -gamma f [a_j S x (S x p) + b_j S x p] exactly, whatever the damping alpha;
// c is the current's fraction of the full one (1, or an electrical pulse's ramp).
// Not the gradient of an energy: no energy, and no Monte Carlo move (the input refuses both).
#pragma once

#include <cstdint>

#include "kernels/tables.hpp"
#include "util/device.hpp"

namespace miniasd::kernels {

// One torque: per material, A = a_j - alpha b_j, B = b_j + alpha a_j (T) and lambda; the
// polariser p (unit vector).
struct TorqueTable {
    const double* a;       // [material] a_j - alpha b_j, T
    const double* b;       // [material] b_j + alpha a_j, T
    const double* lambda;  // [material] asymmetry
    double p[3];
    // Some material has a nonzero a or b. A table without adds only zeros to a field sum that
    // started at +0, so leaving it out keeps the bits (and a division per atom).
    bool acts;
};

struct SpinTorqueView {
    const std::int32_t* material;  // [local atom] 0-based material
    TorqueTable stt, sot;
    double current;  // the current's fraction of the full one (an electrical pulse's), 0..1
};

MINIASD_HD inline void torque_field(const TorqueTable& t, double current, int m, double sx,
                                    double sy, double sz, double& hx, double& hy, double& hz) {
    const double px = t.p[0], py = t.p[1], pz = t.p[2];
    const double f = current / (1.0 + t.lambda[m] * (sx * px + sy * py + sz * pz));
    const double a = t.a[m], b = t.b[m];
    hx += f * (a * (sy * pz - sz * py) + b * px);
    hy += f * (a * (sz * px - sx * pz) + b * py);
    hz += f * (a * (sx * py - sy * px) + b * pz);
}

MINIASD_HD inline void field_at(std::int64_t i, const SpinTorqueView& v, const SpinView& s,
                                double& hx, double& hy, double& hz) {
    const int m = v.material[i];
    const double sx = s.x[i], sy = s.y[i], sz = s.z[i];
    if (v.stt.acts) torque_field(v.stt, v.current, m, sx, sy, sz, hx, hy, hz);
    if (v.sot.acts) torque_field(v.sot, v.current, m, sx, sy, sz, hx, hy, hz);
}

MINIASD_HD inline double energy_at(std::int64_t, const SpinTorqueView&, const SpinView&) {
    return 0;
}

MINIASD_HD inline double energy_change_at(std::int64_t, const SpinTorqueView&, const SpinView&,
                                          const double*, const double*) {
    return 0;
}

// The view's tables (kernels/tables.hpp); the polarisers are values in the view.
template <typename F>
void for_each_table(SpinTorqueView& v, const TableExtents& e, F&& f) {
    f(v.material, e.n_storage);
    f(v.stt.a, e.materials);
    f(v.stt.b, e.materials);
    f(v.stt.lambda, e.materials);
    f(v.sot.a, e.materials);
    f(v.sot.b, e.materials);
    f(v.sot.lambda, e.materials);
}

}  // namespace miniasd::kernels
