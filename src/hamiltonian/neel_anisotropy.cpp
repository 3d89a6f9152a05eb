#include "hamiltonian/neel_anisotropy.hpp"

#include <algorithm>
#include <cmath>

#include "system/crystals.hpp"

namespace miniasd {

namespace {

// VAMPIRE's default threshold: the crystal's coordination (its nearest-neighbour count), none
// (0) with a unit-cell file.
int default_threshold(const SystemSettings& c, const Lattice& l) {
    if (c.unit_cell_file.given()) return 0;
    int most = 0;
    for (const std::vector<Bond>& site : l.exchange.sites)
        most = std::max<int>(most, int(std::count_if(site.begin(), site.end(),
                                                     [](const Bond& b) { return b.shell == 0; })));
    return most;
}

// Owned atom i's tensor T = sum_j k_ij e_ij e_ij^T (J, added to t: xx, yy, zz, xy, xz, yz) over
// the exchange's bonds it has (its partner exists) within the range; returns their count.
int surface_tensor(const LocalSystem& sys, const Lattice& lattice, const NeelSettings& c,
                   const std::vector<std::vector<int>>& columns, std::int64_t i, double* t) {
    const NeelSection& s = c.neel;
    const int site = static_cast<int>(sys.gid[i] % lattice.sites());
    const std::vector<Bond>& bonds = lattice.exchange.sites[std::size_t(site)];
    const Vec3 here = lattice.position(0, 0, 0, site);
    int count = 0;
    const std::size_t mi = std::size_t(sys.material[i]);
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const std::int32_t j = sys.neighbour(i, columns[std::size_t(site)][k]);
        if (j == sys.null_atom) continue;
        const NeighbourOffset& o = bonds[k].to;
        const Vec3 there = lattice.position(o.dx, o.dy, o.dz, o.site);
        Vec3 e{there[0] - here[0], there[1] - here[1], there[2] - here[2]};
        const double r = std::sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
        if (r > s.range) continue;
        ++count;
        double kij = c.materials[mi].neel[std::size_t(sys.material[j])];
        if (s.range_dependent)
            kij *=
                std::exp(-s.exponential_factor * (r - s.exponential_range) / s.exponential_range);
        for (double& x : e)
            x /= r;
        t[0] += kij * e[0] * e[0];
        t[1] += kij * e[1] * e[1];
        t[2] += kij * e[2] * e[2];
        t[3] += kij * e[0] * e[1];
        t[4] += kij * e[0] * e[2];
        t[5] += kij * e[1] * e[2];
    }
    return count;
}

}  // namespace

NeelAnisotropy::NeelAnisotropy(const LocalSystem& sys, const Lattice& lattice,
                               const NeelSettings& c, const std::vector<std::vector<int>>& columns,
                               const std::vector<double>& moments) {
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    const NeelSection& s = c.neel;
    const int threshold = s.bulk             ? 1 << 30
                          : s.threshold >= 0 ? s.threshold
                                             : default_threshold(c, lattice);
    tensor_.assign(static_cast<std::size_t>(sys.n_owned), -1);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        double t[6] = {0, 0, 0, 0, 0, 0};
        if (surface_tensor(sys, lattice, c, columns, i, t) >= threshold) continue;
        tensor_[std::size_t(i)] = static_cast<std::int32_t>(t_.size() / 6);
        t_.insert(t_.end(), t, t + 6);
    }
    view_ = {tensor_.data(), t_.data(), sys.material.data(), inv_mu_.data()};
}

}  // namespace miniasd
