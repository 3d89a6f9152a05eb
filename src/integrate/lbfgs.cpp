#include "integrate/lbfgs.hpp"

#include <algorithm>
#include <cmath>

#include "util/exact_sum.hpp"

namespace miniasd {

Lbfgs::Lbfgs(std::int64_t n_owned, const parallel::Comm& comm, std::int64_t blocks)
    : n_owned_(n_owned), n_(n_owned * blocks), comm_(comm) {
    for (Vectors* v : {&last_step_, &last_force_}) {
        v->x.assign(std::size_t(n_), 0.0);
        v->y.assign(std::size_t(n_), 0.0);
        v->z.assign(std::size_t(n_), 0.0);
    }
}

void Lbfgs::scale_by(Vectors& v, double c) const {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n_; ++i) {
        const auto k = static_cast<std::size_t>(i);
        v.x[k] *= c;
        v.y[k] *= c;
        v.z[k] *= c;
    }
}

double Lbfgs::dot(const Vectors& a, const Vectors& b) const {
    ExactSum total;
#pragma omp parallel
    {
        ExactSum mine;
#pragma omp for schedule(static)
        for (std::int64_t i = 0; i < n_; ++i) {
            const auto k = static_cast<std::size_t>(i);
            mine.add(a.x[k] * b.x[k] + a.y[k] * b.y[k] + a.z[k] * b.z[k]);
        }
#pragma omp critical(miniasd_lbfgs_dot)
        total.add(mine);
    }
    std::vector<std::int64_t> packed;
    total.append_to(packed);
    comm_.sum_in_place(packed);
    return ExactSum::from(packed.data()).value();
}

void Lbfgs::project(Vectors& v, const std::vector<Spins*>& blocks) const {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const Spins& s = *blocks[b];
        const std::size_t at = b * std::size_t(n_owned_);
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n_owned_; ++i) {
            const auto j = static_cast<std::size_t>(i), k = at + j;
            const double on = v.x[k] * s.x[j] + v.y[k] * s.y[j] + v.z[k] * s.z[j];
            v.x[k] -= on * s.x[j];
            v.y[k] -= on * s.y[j];
            v.z[k] -= on * s.z[j];
        }
    }
}

void Lbfgs::add_scaled(Vectors& a, double c, const Vectors& b) const {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n_; ++i) {
        const auto k = static_cast<std::size_t>(i);
        a.x[k] += c * b.x[k];
        a.y[k] += c * b.y[k];
        a.z[k] += c * b.z[k];
    }
}

void Lbfgs::step(const std::vector<Spins*>& s, const double* fx, const double* fy, const double* fz,
                 double scale) {
    const auto n = static_cast<std::size_t>(n_);
    Vectors f{{fx, fx + n}, {fy, fy + n}, {fz, fz + n}};
    if (have_step_) {
        // The last step and the gradient's change since, on the present tangent planes.
        Vectors y = last_force_;
        add_scaled(y, -1.0, f);
        Vectors st = last_step_;
        project(y, s);
        project(st, s);
        const double sy = dot(st, y), yy = dot(y, y);
        if (sy > 0 && yy > 0) {
            s_.push_back(std::move(st));
            y_.push_back(std::move(y));
            rho_.push_back(1.0 / sy);
            last_gamma_ = sy / yy;
            if (s_.size() > std::size_t(memory)) {
                s_.pop_front();
                y_.pop_front();
                rho_.pop_front();
            }
        } else {
            s_.clear();
            y_.clear();
            rho_.clear();
        }
        for (std::size_t j = 0; j + 1 < s_.size(); ++j) {  // the newest pair is projected
            project(s_[j], s);
            project(y_[j], s);
        }
    }
    const double descent = 0.5 / scale;  // steepest descent's step per tesla of force
    // The two-loop recursion on q = -F (the gradient), r = H q; the direction is -r.
    Vectors d = f;  // holds -q, then the direction
    if (!s_.empty()) {
        const std::size_t m = s_.size();
        std::vector<double> alpha(m);
        for (std::size_t j = m; j-- > 0;) {
            alpha[j] = -rho_[j] * dot(s_[j], d);  // s . q with q = -d
            add_scaled(d, alpha[j], y_[j]);       // q -= alpha y  <=>  d += alpha y
        }
        scale_by(d, last_gamma_);  // r = gamma q  <=>  d = gamma d (d = -r)
        for (std::size_t j = 0; j < m; ++j) {
            const double beta = -rho_[j] * dot(y_[j], d);  // y . r with r = -d
            add_scaled(d, beta - alpha[j], s_[j]);         // r += (alpha - beta) s
        }
        project(d, s);
        if (!(dot(d, f) > 0)) {  // not downhill: the history misleads, start again
            s_.clear();
            y_.clear();
            rho_.clear();
            d = f;
        }
    }
    if (s_.empty()) {
        d = f;
        scale_by(d, descent);
    }
    // The largest rotation held to max_angle, the whole direction scaled alike.
    double most = 0;
#pragma omp parallel for schedule(static) reduction(max : most)
    for (std::int64_t i = 0; i < n_; ++i) {
        const auto k = static_cast<std::size_t>(i);
        most = std::max(most, d.x[k] * d.x[k] + d.y[k] * d.y[k] + d.z[k] * d.z[k]);
    }
    std::vector<double> largest = {most};
    comm_.max_in_place(largest);
    const double biggest = std::sqrt(largest[0]);
    if (biggest > max_angle) scale_by(d, max_angle / biggest);
    for (std::size_t b = 0; b < s.size(); ++b) {
        Spins& spins = *s[b];
        const std::size_t at = b * std::size_t(n_owned_);
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n_owned_; ++i) {
            const auto j = static_cast<std::size_t>(i), k = at + j;
            const double a = std::sqrt(d.x[k] * d.x[k] + d.y[k] * d.y[k] + d.z[k] * d.z[k]);
            const double c = std::cos(a), sn = a > 0 ? std::sin(a) / a : 1.0;
            const double x = spins.x[j] * c + d.x[k] * sn, y = spins.y[j] * c + d.y[k] * sn,
                         z = spins.z[j] * c + d.z[k] * sn;
            const double r = 1.0 / std::sqrt(x * x + y * y + z * z);
            spins.x[j] = x * r;
            spins.y[j] = y * r;
            spins.z[j] = z * r;
        }
    }
    last_step_ = std::move(d);
    last_force_ = std::move(f);
    have_step_ = true;
}

}  // namespace miniasd
