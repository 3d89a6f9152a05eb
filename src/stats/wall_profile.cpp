#include "stats/wall_profile.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd {

WallProfile::WallProfile(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                         const parallel::Comm& comm) {
    const int axis = c.initial.domain_wall_axis;
    for (const MaterialConfig& m : c.materials)
        if (!m.non_magnetic) {
            easy_ = m.anisotropy_axis;
            break;
        }
    // The basis' distinct fractions along the axis, ascending; each site's index among them.
    const SitePlanes planes = site_planes(l.basis, axis);
    const std::vector<double>& fractions = planes.planes;
    const std::vector<int>& of_site = planes.of_site;
    const auto per_cell = static_cast<std::int64_t>(fractions.size());
    periodic_ = l.periodic[std::size_t(axis)];
    length_ = double(l.cells[axis]) * l.cell_size[std::size_t(axis)];
    for (std::int64_t cell = 0; cell < l.cells[axis]; ++cell)
        for (const double f : fractions)
            position_.push_back((double(cell) + f) * l.cell_size[std::size_t(axis)]);
    atoms_.assign(position_.size(), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        std::int64_t cell[3];
        int site;
        l.decode(sys.gid[std::size_t(i)], cell[0], cell[1], cell[2], site);
        if (c.materials[std::size_t(sys.material[std::size_t(i)])].non_magnetic) {
            slice_.push_back(-1);
            continue;
        }
        const std::int64_t k = cell[axis] * per_cell + of_site[std::size_t(site)];
        slice_.push_back(static_cast<std::int32_t>(k));
        ++atoms_[std::size_t(k)];
    }
    comm.sum_in_place(atoms_);
}

std::vector<ExactSum> WallProfile::local_sums(const SpinView& s) const {
    std::vector<ExactSum> sums(position_.size());
    for (std::size_t i = 0; i < slice_.size(); ++i)
        if (slice_[i] >= 0)
            sums[std::size_t(slice_[i])].add(s.x[i] * easy_[0] + s.y[i] * easy_[1] +
                                             s.z[i] * easy_[2]);
    return sums;
}

void WallProfile::finish(const std::vector<double>& sums, Observables& o) const {
    std::vector<double> x, m;  // the slices with atoms
    for (std::size_t k = 0; k < position_.size(); ++k)
        if (atoms_[k] > 0) {
            x.push_back(position_[k]);
            m.push_back(sums[k] / double(atoms_[k]));
        }
    o.domain_wall_centre = o.domain_wall_width = std::nan("");
    std::vector<double> crossings;  // where m changes sign, interpolated
    for (std::size_t k = 0; k + 1 < m.size(); ++k)
        if (m[k] == 0 || (m[k] > 0) != (m[k + 1] > 0))
            crossings.push_back(m[k] == 0 ? x[k]
                                          : x[k] + (x[k + 1] - x[k]) * m[k] / (m[k] - m[k + 1]));
    if (crossings.empty() || m.size() < 2) return;
    o.domain_wall_centre = crossings[0];
    // The first wall's width: (1/2) sum (1 - m^2) dx over its own stretch of the axis, from
    // halfway to the wall before it (the last one, across a periodic boundary) to halfway to the
    // next, each slice's share of the axis half the distance to each neighbour. (Over the whole
    // axis it summed every wall: two 12 A walls gave 24 A.)
    const double before = crossings.size() > 1 && periodic_
                              ? 0.5 * (crossings.back() - length_ + crossings[0])
                              : -1e300;
    const double after = crossings.size() > 1 ? 0.5 * (crossings[0] + crossings[1]) : 1e300;
    double width = 0;
    for (std::size_t k = 0; k < m.size(); ++k) {
        const bool mine = (x[k] >= before && x[k] < after) || x[k] >= before + length_;
        if (!mine) continue;
        const double lo = k > 0 ? x[k] - x[k - 1] : x[1] - x[0],
                     hi = k + 1 < m.size() ? x[k + 1] - x[k] : x[k] - x[k - 1];
        width += 0.5 * (1 - m[k] * m[k]) * 0.5 * (lo + hi);
    }
    o.domain_wall_width = width;
}

}  // namespace miniasd
