#include "hamiltonian/biquadratic.hpp"

namespace miniasd {

Biquadratic::Biquadratic(const LocalSystem& sys, int sites, const InteractionList& list,
                         const std::vector<std::vector<int>>& columns,
                         const std::vector<std::vector<double>>& shell_matrix,
                         const std::vector<double>& moments) {
    const std::size_t nm = moments.size();
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(bonds_.size());
        const std::size_t site = static_cast<std::size_t>(sys.gid[i] % sites);
        const std::size_t a = static_cast<std::size_t>(sys.material[i]);
        for (std::size_t k = 0; k < list.sites[site].size(); ++k) {
            const std::int32_t j = sys.neighbour(i, columns[site][k]);
            if (j == sys.null_atom) continue;  // no atom there: a surface or a particle's edge
            const Bond& bond = list.sites[site][k];
            const double w = bond.j[0];
            const std::size_t b = static_cast<std::size_t>(sys.material[j]);
            const auto shell = static_cast<std::size_t>(bond.shell);
            const double value = !list.normalised              ? w
                                 : shell < shell_matrix.size() ? w * shell_matrix[shell][a * nm + b]
                                                               : 0.0;
            if (value != 0) bonds_.push_back({j, value});
        }
    }
    start_[static_cast<std::size_t>(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
    view_ = {start_.data(), bonds_.data(), sys.material.data(), inv_mu_.data()};
}

}  // namespace miniasd
