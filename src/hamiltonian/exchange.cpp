#include "hamiltonian/exchange.hpp"

#include <cmath>

namespace miniasd {

Exchange::Exchange(const LocalSystem& sys, std::vector<double> j_matrix,
                   std::vector<double> moments)
    : sys_(sys),
      materials_(static_cast<int>(moments.size())),
      j_(std::move(j_matrix)),
      j_over_mu_(j_.size()) {
    for (int a = 0; a < materials_; ++a)
        for (int b = 0; b < materials_; ++b)
            j_over_mu_[a * materials_ + b] = j_[a * materials_ + b] / moments[a];
}

void Exchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                         FieldView h) const {
    const std::int64_t* start = sys_.nbr_start.data();
    const std::int32_t* nbr = sys_.nbr.data();
    if (materials_ == 1) {
        // One material: a single coupling, no per-neighbour material lookups.
        const double c = j_over_mu_[0];
        for (std::int64_t i = begin; i < end; ++i) {
            double hx = 0, hy = 0, hz = 0;
            for (std::int64_t k = start[i]; k < start[i + 1]; ++k) {
                const std::int32_t j = nbr[k];
                hx += s.x[j];
                hy += s.y[j];
                hz += s.z[j];
            }
            h.x[i] += c * hx;
            h.y[i] += c * hy;
            h.z[i] += c * hz;
        }
        return;
    }
    const std::int32_t* mat = sys_.material.data();
    for (std::int64_t i = begin; i < end; ++i) {
        const double* row = &j_over_mu_[mat[i] * materials_];
        double hx = 0, hy = 0, hz = 0;
        for (std::int64_t k = start[i]; k < start[i + 1]; ++k) {
            const std::int32_t j = nbr[k];
            const double c = row[mat[j]];
            hx += c * s.x[j];
            hy += c * s.y[j];
            hz += c * s.z[j];
        }
        h.x[i] += hx;
        h.y[i] += hy;
        h.z[i] += hz;
    }
}

double Exchange::energy(const SpinView& s, std::int64_t begin, std::int64_t end) const {
    double e = 0;
    for (std::int64_t i = begin; i < end; ++i) {
        const double* row = &j_[sys_.material[i] * materials_];
        for (std::int64_t k = sys_.nbr_start[i]; k < sys_.nbr_start[i + 1]; ++k) {
            const std::int32_t j = sys_.nbr[k];
            e -=
                0.5 * row[sys_.material[j]] * (s.x[i] * s.x[j] + s.y[i] * s.y[j] + s.z[i] * s.z[j]);
        }
    }
    return e;
}

}  // namespace miniasd
