#include "hamiltonian/cubic_anisotropy.hpp"

namespace miniasd {

CubicAnisotropy::CubicAnisotropy(const std::int32_t* material, std::vector<double> kc,
                                 const std::vector<double>& moments)
    : kc_(std::move(kc)), two_kc_over_mu_(kc_.size()) {
    for (std::size_t m = 0; m < kc_.size(); ++m)
        two_kc_over_mu_[m] = 2.0 * kc_[m] / moments[m];
    view_ = {material, kc_.data(), two_kc_over_mu_.data()};
}

}  // namespace miniasd
