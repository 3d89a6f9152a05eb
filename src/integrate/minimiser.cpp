#include "integrate/minimiser.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "integrate/velocity_projection.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

namespace {
constexpr std::int64_t chunk = 512;   // atoms per field buffer, as in the integrators
constexpr double descent_step = 0.5;  // damped-llg: the step, in units of 1/B
constexpr double vp_step = 1.0;       // velocity-projection: h, in units of 1/sqrt(B)
}  // namespace

Minimiser::Minimiser(RelaxMethod method, const LocalSystem& sys, Hamiltonian& h,
                     parallel::HaloExchange& halo, const parallel::Comm& comm)
    : method_(method), sys_(sys), hamiltonian_(h), halo_(halo), comm_(comm) {
    const auto n = static_cast<std::size_t>(sys.n_owned);
    for (auto* f : {&fx_, &fy_, &fz_})
        f->assign(n, 0.0);
    if (method_ == RelaxMethod::velocity_projection)
        for (auto* f : {&px_, &py_, &pz_, &vx_, &vy_, &vz_})
            f->assign(n, 0.0);
    if (method_ == RelaxMethod::lbfgs) lbfgs_ = std::make_unique<Lbfgs>(sys.n_owned, comm);
}

double Minimiser::measure(Spins& s) {
    halo_.start(s.x.data(), s.y.data(), s.z.data());
    halo_.finish(s.x.data(), s.y.data(), s.z.data());
    hamiltonian_.prepare(s.view());
    const SpinView v = s.view();
    const std::int64_t n = sys_.n_owned, chunks = (n + chunk - 1) / chunk;
    double torque2 = 0, field2 = 0, bad = 0;  // this rank's largest |F|^2, |H|^2; non-finite
#pragma omp parallel reduction(max : torque2, field2, bad)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
#pragma omp for schedule(static)
        for (std::int64_t ch = 0; ch < chunks; ++ch) {
            const std::int64_t b = ch * chunk, e = std::min(n, b + chunk);
            hamiltonian_.field(v, b, e, FieldView{hx, hy, hz});
            for (std::int64_t i = b; i < e; ++i) {
                const double x = hx[i - b], y = hy[i - b], z = hz[i - b];
                const double along = v.x[i] * x + v.y[i] * y + v.z[i] * z;
                const double f[3] = {x - along * v.x[i], y - along * v.y[i], z - along * v.z[i]};
                const auto k = static_cast<std::size_t>(i);
                fx_[k] = f[0];
                fy_[k] = f[1];
                fz_[k] = f[2];
                const double t2 = f[0] * f[0] + f[1] * f[1] + f[2] * f[2];
                const double h2 = x * x + y * y + z * z;
                if (!std::isfinite(t2) || !std::isfinite(h2)) bad = 1;
                torque2 = std::max(torque2, t2);
                field2 = std::max(field2, h2);
            }
        }
    }
    std::vector<double> most = {torque2, field2, bad};
    comm_.max_in_place(most);
    if (most[2] > 0) return std::numeric_limits<double>::quiet_NaN();
    scale_ = std::max(scale_, std::sqrt(most[1]));
    return std::sqrt(most[0]);
}

void Minimiser::move(Spins& s) {
    if (!(scale_ > 0)) return;  // no field anywhere: nothing moves
    const std::int64_t n = sys_.n_owned;
    const double inv = 1.0 / scale_;
    auto place = [&](std::int64_t i, double dx, double dy, double dz) {
        const double x = s.x[std::size_t(i)] + dx, y = s.y[std::size_t(i)] + dy,
                     z = s.z[std::size_t(i)] + dz;
        const double r = 1.0 / std::sqrt(x * x + y * y + z * z);
        s.x[std::size_t(i)] = x * r;
        s.y[std::size_t(i)] = y * r;
        s.z[std::size_t(i)] = z * r;
    };
    if (lbfgs_) {
        lbfgs_->step({&s}, fx_.data(), fy_.data(), fz_.data(), scale_);
        return;
    }
    if (method_ == RelaxMethod::damped_llg) {
        const double a = descent_step * inv;
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            place(i, a * fx_[k], a * fy_[k], a * fz_[k]);
        }
        return;
    }
    // Velocity projection: the velocity's half-kick from the previous and present forces, then
    // only its part along the force (none when it points uphill), then the step.
    const double h = vp_step;
    if (!have_force_) {
        px_ = fx_;
        py_ = fy_;
        pz_ = fz_;
    }
    ExactSum along, norm;  // sum v.f, sum f.f over this rank
#pragma omp parallel
    {
        ExactSum my_along, my_norm;
#pragma omp for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            const double f[3] = {fx_[k] * inv, fy_[k] * inv, fz_[k] * inv};
            const double p[3] = {px_[k] * inv, py_[k] * inv, pz_[k] * inv};
            velocity_projection::kick(vx_[k], vy_[k], vz_[k], p, f, h, my_along, my_norm);
        }
#pragma omp critical(miniasd_minimiser_sums)
        {
            along.add(my_along);
            norm.add(my_norm);
        }
    }
    const double keep = velocity_projection::kept_fraction(along, norm, comm_);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const double f[3] = {fx_[k] * inv, fy_[k] * inv, fz_[k] * inv};
        velocity_projection::step(s.x[k], s.y[k], s.z[k], vx_[k], vy_[k], vz_[k], f, keep, h);
        px_[k] = fx_[k];
        py_[k] = fy_[k];
        pz_[k] = fz_[k];
    }
    have_force_ = true;
}

}  // namespace miniasd
