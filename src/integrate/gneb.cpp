#include "integrate/gneb.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "integrate/gneb_blocks.hpp"
#include "integrate/velocity_projection.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

namespace {
// Atoms per field buffer (the integrators take 512); at most 256, Hamiltonian's limit for the
// parts of the energy that do not follow from the field.
constexpr std::int64_t chunk = 256;
constexpr double vp_step = 1.0;  // velocity projection's h, in units of 1/B

double unpacked(const std::vector<std::int64_t>& packed, std::size_t k) {
    return ExactSum::from(packed.data() + k * ExactSum::packed_size).value();
}
}  // namespace

const char* word_of(ImageType t) {
    switch (t) {
        case ImageType::end_point:
            return "end-point";
        case ImageType::climbing:
            return "climbing";
        case ImageType::falling:
            return "falling";
        case ImageType::normal:
            break;
    }
    return "normal";
}

Gneb::Gneb(const GnebSection& settings, const std::vector<double>& moments, const LocalSystem& sys,
           Hamiltonian& h, parallel::HaloExchange& halo, const parallel::Comm& comm,
           std::vector<Spins> images, std::int64_t evaluations)
    : settings_(settings),
      sys_(sys),
      hamiltonian_(h),
      halo_(halo),
      comm_(comm),
      images_(std::move(images)),
      evaluations_(evaluations) {
    double smallest = 0;
    for (double mu : moments) {
        inv_moment_.push_back(mu > 0 ? 1.0 / mu : 0.0);
        moment_.push_back(mu > 0 ? mu : 0.0);
        if (mu > 0 && (smallest == 0 || mu < smallest)) smallest = mu;
    }
    if (smallest > 0) spring_stiffness_ = 2 * settings_.spring_constant / smallest;
    const std::size_t m = images_.size(), n = static_cast<std::size_t>(sys.n_owned);
    work_.resize(m);
    for (std::size_t k = 0; k < m; ++k) {
        Work& w = work_[k];
        for (auto* f : {&w.gx, &w.gy, &w.gz, &w.tx, &w.ty, &w.tz})
            f->assign(n, 0.0);
        if (k > 0 && k + 1 < m)
            for (auto* f : {&w.vx, &w.vy, &w.vz})
                f->assign(n, 0.0);
    }
    energy_.assign(m, 0.0);
    slope_.assign(m, 0.0);
    along_.assign(m, 0.0);
    distance_.assign(m - 1, 0.0);
    inv_norm_.assign(m, 0.0);
    type_.assign(m, ImageType::normal);
    type_.front() = type_.back() = ImageType::end_point;
}

std::vector<double> Gneb::reaction_coordinates() const {
    std::vector<double> s(images_.size(), 0.0);
    for (std::size_t k = 1; k < s.size(); ++k)
        s[k] = s[k - 1] + distance_[k - 1];
    return s;
}

void Gneb::evaluate(std::size_t k, std::vector<std::int64_t>& energy, double& field2, double& bad) {
    Spins& s = images_[k];
    Work& w = work_[k];
    halo_.start(s.x.data(), s.y.data(), s.z.data());
    halo_.finish(s.x.data(), s.y.data(), s.z.data());
    // A count of its own, so that a stage held through a step (the dipolar field) is computed
    // afresh for every image.
    hamiltonian_.begin_iteration(evaluations_++);
    hamiltonian_.prepare(s.view());
    const SpinView v = s.view();
    const std::int64_t n = sys_.n_owned, chunks = (n + chunk - 1) / chunk;
    ExactSum total;
    double h2 = 0, nonfinite = 0;
#pragma omp parallel reduction(max : h2, nonfinite)
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
        alignas(64) double qx[chunk], qy[chunk], qz[chunk], other[chunk], energy_of[chunk];
        ExactSum mine;
#pragma omp for schedule(static)
        for (std::int64_t ch = 0; ch < chunks; ++ch) {
            const std::int64_t b = ch * chunk, e = std::min(n, b + chunk);
            hamiltonian_.field(v, b, e, FieldView{hx, hy, hz});
            // The energy from the field: -(1/2) mu S . H for the quadratic terms (all of them in
            // most inputs), the others' own energies added.
            const bool rest =
                hamiltonian_.non_quadratic_parts(v, b, e, FieldView{qx, qy, qz}, other);
            h2 =
                std::max(h2, gneb_blocks::gradients(s, w, sys_.material.data(), moment_.data(), b,
                                                    e, FieldView{hx, hy, hz}, FieldView{qx, qy, qz},
                                                    rest ? other : nullptr, energy_of, nonfinite));
            mine.add(energy_of, e - b);
        }
#pragma omp critical(miniasd_gneb_energy)
        total.add(mine);
    }
    total.append_to(energy);
    field2 = std::max(field2, h2);
    bad = std::max(bad, nonfinite);
}

double Gneb::measure() {
    const std::size_t m = images_.size();
    std::vector<std::int64_t> sums;
    double field2 = 0, bad = 0;
    for (std::size_t k = 0; k < m; ++k) {
        const bool moving = k > 0 && k + 1 < m;
        if (moving || !ends_measured_)
            evaluate(k, sums, field2, bad);
        else
            ExactSum().append_to(sums);  // the end point's energy is known
    }
    comm_.sum_in_place(sums);
    for (std::size_t k = 0; k < m; ++k)
        if ((k > 0 && k + 1 < m) || !ends_measured_) energy_[k] = unpacked(sums, k);
    ends_measured_ = true;
    choose_types();
    tangents(sums, false);
    std::vector<double> most = {field2, bad, forces()};
    comm_.max_in_place(most);
    bool finite = true;
    for (double e : energy_)
        finite = finite && std::isfinite(e);
    if (most[1] > 0 || !finite || !std::isfinite(most[2]))
        return std::numeric_limits<double>::quiet_NaN();
    scale_ = std::max({scale_, std::sqrt(most[0]), spring_stiffness_});
    return std::sqrt(most[2]);
}

void Gneb::choose_types() {
    const std::size_t m = images_.size();
    std::size_t top = 0;  // the highest interior image (the first of equals)
    for (std::size_t k = 1; k + 1 < m; ++k) {
        type_[k] = ImageType::normal;
        if (top == 0 || energy_[k] > energy_[top]) top = k;
    }
    if (climbing_allowed_) type_[top] = ImageType::climbing;
    if (!settings_.falling) return;
    for (std::size_t k = 1; k + 1 < m; ++k)
        if (type_[k] == ImageType::normal && energy_[k] < energy_[k - 1] &&
            energy_[k] < energy_[k + 1])
            type_[k] = ImageType::falling;
}

void Gneb::tangents(std::vector<std::int64_t>& sums, bool ends) {
    const std::size_t m = images_.size();
    const std::int64_t n = sys_.n_owned;
    // Per image: |tau|^2, G . tau, and the sum of theta^2 to the next image.
    std::vector<ExactSum> norm2(m), along(m), between(m);
    for (std::size_t k = ends ? 0 : 1; k < (ends ? m : m - 1); ++k) {
        // Weights of the differences toward the next image and from the previous one.
        double up = 1, down = 0;
        if (k + 1 == m) {
            up = 0;
            down = 1;
        } else if (k > 0) {
            const double ep = energy_[k - 1], e = energy_[k], en = energy_[k + 1];
            if (en > e && e > ep) {
                up = 1;
                down = 0;
            } else if (en < e && e < ep) {
                up = 0;
                down = 1;
            } else {
                const double big = std::max(std::abs(en - e), std::abs(ep - e)),
                             small = std::min(std::abs(en - e), std::abs(ep - e));
                up = en > ep ? big : small;
                down = en > ep ? small : big;
                if (!(up + down > 0)) up = down = 1;  // a flat stretch: the central difference
            }
        }
        const Spins& s = images_[k];
        const Spins& next = images_[std::min(k + 1, m - 1)];
        const Spins& prev = images_[k > 0 ? k - 1 : 0];
        // The distances: from each moving image to the one before, and the last to the end.
        const bool to_prev = !ends && k > 0, to_next = !ends && k + 2 == m;
        Work& w = work_[k];
#pragma omp parallel
        {
            ExactSum my_norm, my_along, my_prev, my_next;
            // A block's terms first, in a loop that vectorises (no calls), then their exact sums.
            double norm_of[chunk], along_of[chunk], prev_of[chunk], next_of[chunk];
            const std::int64_t blocks = (n + chunk - 1) / chunk;
#pragma omp for schedule(static)
            for (std::int64_t block = 0; block < blocks; ++block) {
                const std::int64_t b = block * chunk, e = std::min(n, b + chunk);
                const gneb_blocks::BlockTerms terms{norm_of, along_of, prev_of, next_of};
                if (to_next)
                    gneb_blocks::tangents<true>(s, next, prev, up, down, b, e, w, terms);
                else
                    gneb_blocks::tangents<false>(s, next, prev, up, down, b, e, w, terms);
                my_norm.add(norm_of, e - b);
                my_along.add(along_of, e - b);
                if (to_prev) my_prev.add(prev_of, e - b);
                if (to_next) my_next.add(next_of, e - b);
            }
#pragma omp critical(miniasd_gneb_tangent)
            {
                norm2[k].add(my_norm);
                along[k].add(my_along);
                if (to_prev) between[k - 1].add(my_prev);
                if (to_next) between[k].add(my_next);
            }
        }
    }
    sums.clear();
    for (std::size_t k = 0; k < m; ++k) {
        norm2[k].append_to(sums);
        along[k].append_to(sums);
        between[k].append_to(sums);
    }
    comm_.sum_in_place(sums);
    for (std::size_t k = 0; k < m; ++k) {
        const bool moving = k > 0 && k + 1 < m;
        if (moving == ends) continue;  // this call's images only
        const double norm = std::sqrt(unpacked(sums, 3 * k));
        inv_norm_[k] = norm > 0 ? 1.0 / norm : 0.0;
        along_[k] = unpacked(sums, 3 * k + 1) * inv_norm_[k];
        slope_[k] = -along_[k];  // dE/ds = -G . tau
    }
    if (!ends)
        for (std::size_t k = 0; k + 1 < m; ++k)
            distance_[k] = std::sqrt(unpacked(sums, 3 * k + 2));
}

void Gneb::measure_end_slopes() {
    std::vector<std::int64_t> sums;
    tangents(sums, true);
}

double Gneb::forces() {
    const std::size_t m = images_.size();
    const std::int64_t n = sys_.n_owned, blocks = (n + chunk - 1) / chunk;
    const std::int32_t* material = sys_.material.data();
    double most = 0;  // the largest (|F_i| / mu_i)^2 on this rank
    for (std::size_t k = 1; k + 1 < m; ++k) {
        double c = 0;  // F = G_perp + c tau
        if (type_[k] == ImageType::normal)
            c = -along_[k] + settings_.spring_constant * (distance_[k] - distance_[k - 1]);
        else if (type_[k] == ImageType::climbing)
            c = -2 * along_[k];
        c *= inv_norm_[k];  // the tangent arrays are not normalised
        const Spins& s = images_[k];
        Work& w = work_[k];
#pragma omp parallel for schedule(static) reduction(max : most)
        for (std::int64_t block = 0; block < blocks; ++block)
            most = std::max(
                most, gneb_blocks::forces(s, w, c, material, inv_moment_.data(), block * chunk,
                                          std::min(n, block * chunk + chunk)));
    }
    return most;
}

void Gneb::move() {
    if (!(scale_ > 0)) return;  // no field anywhere: nothing moves
    const std::size_t m = images_.size();
    const std::int64_t n = sys_.n_owned, blocks = (n + chunk - 1) / chunk;
    const double inv = 1.0 / scale_, h = vp_step;
    const std::int32_t* material = sys_.material.data();
    const double* inv_moment = inv_moment_.data();
    ExactSum along, norm;  // sum v.f, sum f.f over this rank's atoms of every moving image
    for (std::size_t k = 1; k + 1 < m; ++k) {
        Work& w = work_[k];
#pragma omp parallel
        {
            ExactSum my_along, my_norm;
            double along_of[chunk], norm_of[chunk];
#pragma omp for schedule(static)
            for (std::int64_t block = 0; block < blocks; ++block) {
                const std::int64_t b = block * chunk, e = std::min(n, b + chunk);
                gneb_blocks::kick(w, material, inv_moment, inv, h, !have_force_, b, e, along_of,
                                  norm_of);
                my_along.add(along_of, e - b);
                my_norm.add(norm_of, e - b);
            }
#pragma omp critical(miniasd_gneb_sums)
            {
                along.add(my_along);
                norm.add(my_norm);
            }
        }
    }
    const double keep = velocity_projection::kept_fraction(along, norm, comm_);
    for (std::size_t k = 1; k + 1 < m; ++k) {
        Work& w = work_[k];
        Spins& s = images_[k];
#pragma omp parallel for schedule(static)
        for (std::int64_t block = 0; block < blocks; ++block)
            gneb_blocks::step(w, s, material, inv_moment, inv, keep, h, block * chunk,
                              std::min(n, block * chunk + chunk));
    }
    have_force_ = true;
}

}  // namespace miniasd
