#include "hamiltonian/anisotropy.hpp"

namespace miniasd {

UniaxialAnisotropy::UniaxialAnisotropy(const std::int32_t* material, std::vector<double> ku,
                                       const std::vector<Vec3>& axis,
                                       const std::vector<double>& moments)
    : material_(material), ku_(std::move(ku)), two_ku_over_mu_(ku_.size()) {
    for (std::size_t m = 0; m < ku_.size(); ++m) {
        two_ku_over_mu_[m] = 2.0 * ku_[m] / moments[m];
        ex_.push_back(axis[m][0]);
        ey_.push_back(axis[m][1]);
        ez_.push_back(axis[m][2]);
    }
}

void UniaxialAnisotropy::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   FieldView h) const {
    if (ku_.size() == 1) {
        // One material: constants in registers, no per-atom table lookups.
        const double k = two_ku_over_mu_[0], ex = ex_[0], ey = ey_[0], ez = ez_[0];
#pragma omp simd
        for (std::int64_t i = begin; i < end; ++i) {
            const double c = k * (s.x[i] * ex + s.y[i] * ey + s.z[i] * ez);
            h.x[i - begin] += c * ex;
            h.y[i - begin] += c * ey;
            h.z[i - begin] += c * ez;
        }
        return;
    }
    const double *ex = ex_.data(), *ey = ey_.data(), *ez = ez_.data();
    const double* k = two_ku_over_mu_.data();
    const std::int32_t* mat = material_;
#pragma omp simd
    for (std::int64_t i = begin; i < end; ++i) {
        const int m = mat[i];
        const double c = k[m] * (s.x[i] * ex[m] + s.y[i] * ey[m] + s.z[i] * ez[m]);
        h.x[i - begin] += c * ex[m];
        h.y[i - begin] += c * ey[m];
        h.z[i - begin] += c * ez[m];
    }
}

void UniaxialAnisotropy::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                       double* e) const {
    for (std::int64_t i = begin; i < end; ++i) {
        const int m = material_[i];
        const double p = s.x[i] * ex_[m] + s.y[i] * ey_[m] + s.z[i] * ez_[m];
        e[i - begin] = -ku_[m] * p * p;
    }
}

double UniaxialAnisotropy::site_energy(const SpinView&, std::int64_t i, const double* si) const {
    const int m = material_[i];
    const double p = si[0] * ex_[m] + si[1] * ey_[m] + si[2] * ez_[m];
    return -ku_[m] * p * p;
}

}  // namespace miniasd
