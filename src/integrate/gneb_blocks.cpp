#include "integrate/gneb_blocks.hpp"

#include <algorithm>
#include <limits>

#include "integrate/velocity_projection.hpp"
#include "util/geodesic.hpp"

namespace miniasd::gneb_blocks {

template <bool ToNext>
void tangents(const Spins& s, const Spins& next, const Spins& prev, double up, double down,
              std::int64_t b, std::int64_t e, Gneb::Work& w, BlockTerms out) {
    const double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
    const double *nx = next.x.data(), *ny = next.y.data(), *nz = next.z.data();
    const double *px = prev.x.data(), *py = prev.y.data(), *pz = prev.z.data();
    const double *gx = w.gx.data(), *gy = w.gy.data(), *gz = w.gz.data();
    double *tx = w.tx.data(), *ty = w.ty.data(), *tz = w.tz.data();
#pragma omp simd
    for (std::int64_t i = b; i < e; ++i) {
        double x = up * (nx[i] - sx[i]) + down * (sx[i] - px[i]),
               y = up * (ny[i] - sy[i]) + down * (sy[i] - py[i]),
               z = up * (nz[i] - sz[i]) + down * (sz[i] - pz[i]);
        const double on = x * sx[i] + y * sy[i] + z * sz[i];
        x -= on * sx[i];
        y -= on * sy[i];
        z -= on * sz[i];
        tx[i] = x;
        ty[i] = y;
        tz[i] = z;
        const std::int64_t c = i - b;
        out.norm2[c] = x * x + y * y + z * z;
        out.along[c] = gx[i] * x + gy[i] * y + gz[i] * z;
        const double p = geodesic::angle(sx[i], sy[i], sz[i], px[i], py[i], pz[i]);
        out.prev2[c] = p * p;
        if (ToNext) {
            const double q = geodesic::angle(sx[i], sy[i], sz[i], nx[i], ny[i], nz[i]);
            out.next2[c] = q * q;
        }
    }
}
template void tangents<true>(const Spins&, const Spins&, const Spins&, double, double, std::int64_t,
                             std::int64_t, Gneb::Work&, BlockTerms);
template void tangents<false>(const Spins&, const Spins&, const Spins&, double, double,
                              std::int64_t, std::int64_t, Gneb::Work&, BlockTerms);

double forces(const Spins& s, Gneb::Work& w, double c, const std::int32_t* material,
              const double* inv_moment, std::int64_t b, std::int64_t e) {
    const double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
    const double *tx = w.tx.data(), *ty = w.ty.data(), *tz = w.tz.data();
    double *gx = w.gx.data(), *gy = w.gy.data(), *gz = w.gz.data();
    double most = 0;
#pragma omp simd reduction(max : most)
    for (std::int64_t i = b; i < e; ++i) {
        const double on = gx[i] * sx[i] + gy[i] * sy[i] + gz[i] * sz[i];
        gx[i] += c * tx[i] - on * sx[i];
        gy[i] += c * ty[i] - on * sy[i];
        gz[i] += c * tz[i] - on * sz[i];
        const double r = inv_moment[material[i]];
        most = std::max(most, (gx[i] * gx[i] + gy[i] * gy[i] + gz[i] * gz[i]) * r * r);
    }
    return most;
}

namespace {
// The kick's loop, the first kick of a run (previous force = present one) told at compile time:
// a branch inside would keep the loop from vectorising.
template <bool First>
void kick_loop(Gneb::Work& w, const std::int32_t* material, const double* inv_moment, double inv,
               double h, std::int64_t b, std::int64_t e, double* along, double* norm) {
    double *vx = w.vx.data(), *vy = w.vy.data(), *vz = w.vz.data();
    const double *gx = w.gx.data(), *gy = w.gy.data(), *gz = w.gz.data();
#pragma omp simd
    for (std::int64_t i = b; i < e; ++i) {
        const double r = inv_moment[material[i]] * inv;
        velocity_projection::kick_carried(vx[i], vy[i], vz[i], gx[i] * r, gy[i] * r, gz[i] * r, h,
                                          First, along[i - b], norm[i - b]);
    }
}
}  // namespace

void kick(Gneb::Work& w, const std::int32_t* material, const double* inv_moment, double inv,
          double h, bool first, std::int64_t b, std::int64_t e, double* along, double* norm) {
    if (first)
        kick_loop<true>(w, material, inv_moment, inv, h, b, e, along, norm);
    else
        kick_loop<false>(w, material, inv_moment, inv, h, b, e, along, norm);
}

void step(Gneb::Work& w, Spins& s, const std::int32_t* material, const double* inv_moment,
          double inv, double keep, double h, std::int64_t b, std::int64_t e) {
    double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
    double *vx = w.vx.data(), *vy = w.vy.data(), *vz = w.vz.data();
    const double *gx = w.gx.data(), *gy = w.gy.data(), *gz = w.gz.data();
#pragma omp simd
    for (std::int64_t i = b; i < e; ++i) {
        const double r = inv_moment[material[i]] * inv;
        velocity_projection::step_carried(sx[i], sy[i], sz[i], vx[i], vy[i], vz[i], gx[i] * r,
                                          gy[i] * r, gz[i] * r, keep, h);
    }
}

double gradients(const Spins& s, Gneb::Work& w, const std::int32_t* material, const double* moment,
                 std::int64_t b, std::int64_t e, FieldView h, FieldView q, const double* other,
                 double* energy, double& bad) {
    const double *sx = s.x.data(), *sy = s.y.data(), *sz = s.z.data();
    double *gx = w.gx.data(), *gy = w.gy.data(), *gz = w.gz.data();
    double most = 0, nonfinite = 0;
#pragma omp simd reduction(max : most, nonfinite)
    for (std::int64_t i = b; i < e; ++i) {
        const std::int64_t c = i - b;
        const double x = h.x[c], y = h.y[c], z = h.z[c], mu = moment[material[i]];
        gx[i] = mu * x;
        gy[i] = mu * y;
        gz[i] = mu * z;
        const double q2 = x * x + y * y + z * z;
        nonfinite = std::max(nonfinite, q2 <= std::numeric_limits<double>::max() ? 0.0 : 1.0);
        most = std::max(most, q2);
        energy[c] = -0.5 * (sx[i] * gx[i] + sy[i] * gy[i] + sz[i] * gz[i]);
    }
    if (other)
        for (std::int64_t i = b; i < e; ++i) {
            const std::int64_t c = i - b;
            energy[c] +=
                0.5 * moment[material[i]] * (sx[i] * q.x[c] + sy[i] * q.y[c] + sz[i] * q.z[c]) +
                other[c];
        }
    bad = std::max(bad, nonfinite);
    return most;
}

}  // namespace miniasd::gneb_blocks
