#include "hamiltonian/cubic_anisotropy.hpp"

namespace miniasd {

CubicAnisotropy::CubicAnisotropy(const std::int32_t* material, std::vector<double> kc,
                                 const std::vector<double>& moments)
    : material_(material), kc_(std::move(kc)), two_kc_over_mu_(kc_.size()) {
    for (std::size_t m = 0; m < kc_.size(); ++m)
        two_kc_over_mu_[m] = 2.0 * kc_[m] / moments[m];
}

void CubicAnisotropy::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                FieldView h) const {
    const double* k = two_kc_over_mu_.data();
    const std::int32_t* mat = material_;
#pragma omp simd
    for (std::int64_t i = begin; i < end; ++i) {
        const double c = k[mat[i]];
        h.x[i - begin] += c * s.x[i] * s.x[i] * s.x[i];
        h.y[i - begin] += c * s.y[i] * s.y[i] * s.y[i];
        h.z[i - begin] += c * s.z[i] * s.z[i] * s.z[i];
    }
}

namespace {
inline double quartic(double x, double y, double z) {
    const double x2 = x * x, y2 = y * y, z2 = z * z;
    return x2 * x2 + y2 * y2 + z2 * z2;
}
}  // namespace

void CubicAnisotropy::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                    double* e) const {
    for (std::int64_t i = begin; i < end; ++i)
        e[i - begin] = -0.5 * kc_[material_[i]] * quartic(s.x[i], s.y[i], s.z[i]);
}

double CubicAnisotropy::site_energy(const SpinView&, std::int64_t i, const double* si) const {
    return -0.5 * kc_[material_[i]] * quartic(si[0], si[1], si[2]);
}

}  // namespace miniasd
