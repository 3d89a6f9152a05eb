#include "hamiltonian/kitaev.hpp"

#include <cmath>

namespace miniasd {

Kitaev::Kitaev(const LocalSystem& sys, const Lattice& lattice, const SystemSettings& c,
               const std::vector<std::vector<int>>& columns, const std::vector<double>& moments) {
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    const int sites = lattice.sites();
    const double cutoff = c.exchange.kitaev_cutoff;
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[std::size_t(i)] = static_cast<std::int64_t>(bonds_.size());
        const int site = static_cast<int>(sys.gid[i] % sites);
        const std::vector<Bond>& list = lattice.exchange.sites[std::size_t(site)];
        const Vec3 here = lattice.position(0, 0, 0, site);
        const std::size_t a = std::size_t(sys.material[i]);
        for (std::size_t k = 0; k < list.size(); ++k) {
            const std::int32_t j = sys.neighbour(i, columns[std::size_t(site)][k]);
            if (j == sys.null_atom) continue;  // no atom there: a surface or a particle's edge
            const NeighbourOffset& o = list[k].to;
            const Vec3 there = lattice.position(o.dx, o.dy, o.dz, o.site);
            const double d[3] = {there[0] - here[0], there[1] - here[1], there[2] - here[2]};
            const double r = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            const double value = c.materials[a].kitaev[std::size_t(sys.material[j])];
            if (r > cutoff || value == 0) continue;
            bonds_.push_back({j, value, {d[0] / r, d[1] / r, d[2] / r}});
        }
    }
    start_[std::size_t(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
    view_ = {start_.data(), bonds_.data(), sys.material.data(), inv_mu_.data()};
}

}  // namespace miniasd
