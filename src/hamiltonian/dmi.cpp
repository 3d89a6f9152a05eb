#include "hamiltonian/dmi.hpp"

namespace miniasd {

Dmi::Dmi(const LocalSystem& sys, int sites, const DmiVectors& vectors,
         const std::vector<std::vector<int>>& columns, const std::vector<double>& moments) {
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(bonds_.size());
        const int site = static_cast<int>(sys.gid[i] % sites);
        const std::vector<int>& col = columns[static_cast<std::size_t>(site)];
        for (int a = 0; a < vectors.bonds(site); ++a) {
            const std::int32_t j = sys.neighbour(i, col[static_cast<std::size_t>(a)]);
            if (j == sys.null_atom) continue;  // no atom there: a surface or a particle's edge
            const Vec3 d = vectors.of(sys.gid[i], a);
            if (d[0] != 0 || d[1] != 0 || d[2] != 0) bonds_.push_back({j, {d[0], d[1], d[2]}});
        }
    }
    start_[static_cast<std::size_t>(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
    view_ = {start_.data(), bonds_.data(), sys.material.data(), inv_mu_.data()};
}

}  // namespace miniasd
