#include "hamiltonian/anisotropy.hpp"

namespace miniasd {

UniaxialAnisotropy::UniaxialAnisotropy(const std::int32_t* material, std::vector<double> ku,
                                       std::vector<Vec3> axis, const std::vector<double>& moments)
    : material_(material), ku_(std::move(ku)), axis_(std::move(axis)), two_ku_over_mu_(ku_.size()) {
    for (std::size_t m = 0; m < ku_.size(); ++m)
        two_ku_over_mu_[m] = 2.0 * ku_[m] / moments[m];
}

void UniaxialAnisotropy::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   FieldView h) const {
    for (std::int64_t i = begin; i < end; ++i) {
        const int m = material_[i];
        const Vec3& e = axis_[m];
        const double c = two_ku_over_mu_[m] * (s.x[i] * e[0] + s.y[i] * e[1] + s.z[i] * e[2]);
        h.x[i] += c * e[0];
        h.y[i] += c * e[1];
        h.z[i] += c * e[2];
    }
}

double UniaxialAnisotropy::energy(const SpinView& s, std::int64_t begin, std::int64_t end) const {
    double en = 0;
    for (std::int64_t i = begin; i < end; ++i) {
        const int m = material_[i];
        const Vec3& e = axis_[m];
        const double p = s.x[i] * e[0] + s.y[i] * e[1] + s.z[i] * e[2];
        en -= ku_[m] * p * p;
    }
    return en;
}

}  // namespace miniasd
