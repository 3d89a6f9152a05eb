#include "hamiltonian/four_spin.hpp"

#include <algorithm>

namespace miniasd {

FourSpin::FourSpin(const LocalSystem& sys, int sites, const SystemSettings& c,
                   const std::vector<std::vector<Quartet>>& quartets,
                   const std::vector<std::vector<int>>& columns,
                   const std::vector<double>& moments) {
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    const SiteOffsets offsets = quartet_offsets(quartets);
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[std::size_t(i)] = static_cast<std::int64_t>(bonds_.size());
        const int site = static_cast<int>(sys.gid[i] % sites);
        const std::vector<NeighbourOffset>& mine = offsets[std::size_t(site)];
        for (const Quartet& q : quartets[std::size_t(site)]) {
            std::int32_t member[4];
            bool whole = true;
            for (int k = 0; k < 4; ++k) {
                const NeighbourOffset& o = q.m[std::size_t(k)];
                if (o == NeighbourOffset{0, 0, 0, site}) {
                    member[k] = static_cast<std::int32_t>(i);
                    continue;
                }
                const auto at = std::find(mine.begin(), mine.end(), o) - mine.begin();
                member[k] = sys.neighbour(i, columns[std::size_t(site)][std::size_t(at)]);
                whole = whole && member[k] != sys.null_atom;  // a surface cuts the quartet
            }
            if (!whole) continue;
            const double k = c.materials[std::size_t(sys.material[member[0]])]
                                 .four_spin[std::size_t(sys.material[member[1]])];
            if (k == 0) continue;
            kernels::FourSpinQuartet out{{0, 0, 0}, k};
            int n = 0;
            for (int m = 0; m < 4; ++m)
                if (member[m] != static_cast<std::int32_t>(i)) out.j[n++] = member[m];
            bonds_.push_back(out);
        }
    }
    start_[std::size_t(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
    view_ = {start_.data(), bonds_.data(), sys.material.data(), inv_mu_.data()};
}

}  // namespace miniasd
