#include "hamiltonian/anisotropy.hpp"

namespace miniasd {

UniaxialAnisotropy::UniaxialAnisotropy(const std::int32_t* material, std::vector<double> ku,
                                       const std::vector<Vec3>& axis,
                                       const std::vector<double>& moments)
    : ku_(std::move(ku)), two_ku_over_mu_(ku_.size()) {
    for (std::size_t m = 0; m < ku_.size(); ++m) {
        two_ku_over_mu_[m] = 2.0 * ku_[m] / moments[m];
        ex_.push_back(axis[m][0]);
        ey_.push_back(axis[m][1]);
        ez_.push_back(axis[m][2]);
    }
    view_ = {material, ku_.data(), two_ku_over_mu_.data(), ex_.data(), ey_.data(), ez_.data()};
}

void UniaxialAnisotropy::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   FieldView h) const {
    if (ku_.size() != 1) return KernelTerm::add_field(s, begin, end, h);
    const double k = two_ku_over_mu_[0], ex = ex_[0], ey = ey_[0], ez = ez_[0];
    double *hx = h.x, *hy = h.y, *hz = h.z;
#pragma omp simd
    for (std::int64_t i = begin; i < end; ++i)
        kernels::uniaxial_field(s.x[i], s.y[i], s.z[i], k, ex, ey, ez, hx[i - begin], hy[i - begin],
                                hz[i - begin]);
}

}  // namespace miniasd
