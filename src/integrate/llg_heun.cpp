#include "integrate/llg_heun.hpp"

#include <cmath>

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
    predicted_.resize(sys.n_local);
    for (auto* v : {&hx_, &hy_, &hz_, &tx_, &ty_, &tz_, &fx_, &fy_, &fz_})
        v->resize(sys.n_owned);
    set_temperature(c.temperature);
}

void LlgHeun::set_temperature(double kelvin) {
    temperature_ = kelvin;
    for (std::size_t m = 0; m < sigma_.size(); ++m)
        sigma_[m] = thermal_field_sigma(alpha_[m], moment_[m], kelvin, dt_);
}

void LlgHeun::compute_field(Spins& s) {
    const FieldView h{hx_.data(), hy_.data(), hz_.data()};
    timers_.start(t_halo_);
    halo_.start(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
    timers_.start(t_field_);
    hamiltonian_.field(s.view(), 0, sys_.n_core, h);  // overlaps the messages in flight
    timers_.stop(t_field_);
    timers_.start(t_halo_);
    halo_.finish(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
    timers_.start(t_field_);
    hamiltonian_.field(s.view(), sys_.n_core, sys_.n_owned, h);
    timers_.stop(t_field_);
}

void LlgHeun::step(Spins& s, std::uint64_t step) {
    const std::int64_t n = sys_.n_owned;
    const std::int32_t* mat = sys_.material.data();
    const bool thermal = temperature_ > 0;

    compute_field(s);
    {
        ScopedTimer t(timers_, t_integrate_);
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) {
            const int m = mat[i];
            double bx = 0, by = 0, bz = 0;
            if (thermal) {
                gaussian3(seed_, RandomStream::thermal_field,
                          static_cast<std::uint64_t>(sys_.gid[i]), step, bx, by, bz);
                bx *= sigma_[m];
                by *= sigma_[m];
                bz *= sigma_[m];
            }
            tx_[i] = bx;
            ty_[i] = by;
            tz_[i] = bz;
            double dx, dy, dz;
            llg_rhs(s.x[i], s.y[i], s.z[i], hx_[i] + bx, hy_[i] + by, hz_[i] + bz, gamma_eff_[m],
                    alpha_[m], dx, dy, dz);
            fx_[i] = dx;
            fy_[i] = dy;
            fz_[i] = dz;
            double px = s.x[i] + dt_ * dx, py = s.y[i] + dt_ * dy, pz = s.z[i] + dt_ * dz;
            normalise(px, py, pz);
            predicted_.x[i] = px;
            predicted_.y[i] = py;
            predicted_.z[i] = pz;
        }
    }

    compute_field(predicted_);
    {
        ScopedTimer t(timers_, t_integrate_);
        const double half_dt = 0.5 * dt_;
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) {
            const int m = mat[i];
            double dx, dy, dz;
            llg_rhs(predicted_.x[i], predicted_.y[i], predicted_.z[i], hx_[i] + tx_[i],
                    hy_[i] + ty_[i], hz_[i] + tz_[i], gamma_eff_[m], alpha_[m], dx, dy, dz);
            double x = s.x[i] + half_dt * (fx_[i] + dx);
            double y = s.y[i] + half_dt * (fy_[i] + dy);
            double z = s.z[i] + half_dt * (fz_[i] + dz);
            normalise(x, y, z);
            s.x[i] = x;
            s.y[i] = y;
            s.z[i] = z;
        }
    }
}

}  // namespace miniasd
