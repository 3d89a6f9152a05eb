#include "stats/height_profile.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "system/crystals.hpp"
#include "util/units.hpp"

namespace miniasd {

CellHeights cell_heights(const SystemSettings& c) {
    CellHeights h;
    if (c.structure.single_spin) {
        h.of_site = {0};
        return h;
    }
    if (c.unit_cell_file.given()) {
        for (const UnitCellFile::Atom& a : c.unit_cell_file.atoms)
            h.of_site.push_back(a.height_category);
        h.per_cell = 1 + *std::max_element(h.of_site.begin(), h.of_site.end());
        return h;
    }
    // VAMPIRE's unit-cell tables (src/unitcell/*.cpp, atom[k].hc) in miniASD's site order.
    // Mostly the index of the site's z among the cell's distinct z; three differ: Heusler's
    // tetrahedral layers come after the octahedral ones, and Mn2Au's and Nd2Fe14B's count the
    // non-magnetic Au and B layers that miniASD leaves out.
    const CrystalCell& cell = crystal_cell(c.structure.crystal);
    const std::string name = cell.name;
    if (name == "heusler") {
        h.of_site = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
        h.per_cell = 4;
    } else if (name == "mn2au") {
        h.of_site = {0, 1, 3, 4};
        h.per_cell = 6;
    } else if (name == "ndfeb") {
        h.of_site = {0, 0, 3, 3, 0, 0, 3, 3, 1, 1, 4, 4, 2, 2, 5, 5, 5, 5, 2, 2, 4, 4,
                     1, 1, 1, 1, 4, 4, 2, 2, 5, 5, 5, 5, 2, 2, 4, 4, 1, 1, 1, 1, 4, 4,
                     2, 2, 5, 5, 1, 1, 4, 4, 2, 2, 5, 5, 4, 1, 5, 2, 0, 3, 3, 0};
        h.per_cell = 6;
    } else {
        SitePlanes z = site_planes(cell.basis, 2);
        h.of_site = std::move(z.of_site);
        h.per_cell = static_cast<int>(z.planes.size());
    }
    return h;
}

HeightProfile::HeightProfile(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                             const parallel::Comm& comm)
    : materials_(c.materials.size()) {
    const CellHeights cell = cell_heights(c);
    const std::int64_t blocks = c.structure.multilayers;
    std::vector<std::int64_t> height(std::size_t(sys.n_owned), 0);
    double highest = 0;
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        std::int64_t cx, cy, cz;
        int s;
        l.decode(sys.gid[std::size_t(i)], cx, cy, cz, s);
        std::int64_t k = cell.of_site[std::size_t(s)] + cz * cell.per_cell;
        if (c.structure.height_by_multilayer) {
            // The block holding the site's fraction h of the system height (as materials.cpp
            // takes it): the block k of (min + k) / N <= h < (max + k) / N.
            const double h = l.height_fraction(cz, s);
            k = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(h * double(blocks))),
                                         0, blocks - 1);
        }
        height[std::size_t(i)] = k;
        highest = std::max(highest, double(k));  // VAMPIRE's: over every atom, kept ones too
    }
    std::vector<double> top{highest};
    comm.max_in_place(top);
    heights_ = static_cast<int>(top[0]) + 1;
    for (const MaterialConfig& m : c.materials)
        moment_.push_back(m.moment);
    atoms_.assign(std::size_t(heights_) * materials_, 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const std::size_t m = static_cast<std::size_t>(sys.material[std::size_t(i)]);
        if (c.materials[m].non_magnetic) {
            group_.push_back(-1);
            continue;
        }
        const std::int64_t g = height[std::size_t(i)] * std::int64_t(materials_) + std::int64_t(m);
        group_.push_back(static_cast<std::int32_t>(g));
        ++atoms_[std::size_t(g)];
    }
    comm.sum_in_place(atoms_);
}

std::vector<ExactSum> HeightProfile::local_sums(const SpinView& s) const {
    std::vector<ExactSum> sums(3 * atoms_.size());
    for (std::size_t i = 0; i < group_.size(); ++i) {
        if (group_[i] < 0) continue;
        const std::size_t g = static_cast<std::size_t>(group_[i]);
        const double mu = moment_[g % materials_];
        sums[3 * g].add(mu * s.x[i]);
        sums[3 * g + 1].add(mu * s.y[i]);
        sums[3 * g + 2].add(mu * s.z[i]);
    }
    return sums;
}

void HeightProfile::finish(const std::vector<double>& sums, Observables& o) const {
    // Each group's unit vector and |m| = |sum mu S| / sum mu (0 for an empty group, or one whose
    // moments cancel exactly: VAMPIRE divides by zero there), and its saturation sum mu (muB).
    auto profile = [](const double* v, double saturation) -> std::array<double, 4> {
        const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        if (!(length > 0) || !(saturation > 0)) return {0, 0, 0, 0};
        return {v[0] / length, v[1] / length, v[2] / length, length / saturation};
    };
    const std::size_t n = materials_;
    o.height_m.clear();
    o.material_height_m.clear();
    o.height_moment.clear();
    o.material_height_moment.clear();
    for (std::size_t h = 0; h < std::size_t(heights_); ++h) {
        double total[3] = {0, 0, 0};
        double saturation = 0;  // J/T
        for (std::size_t m = 0; m < n; ++m) {
            const std::size_t g = h * n + m;
            const double mine = double(atoms_[g]) * moment_[m];
            o.material_height_m.push_back(profile(&sums[3 * g], mine));
            o.material_height_moment.push_back(mine / constants::bohr_magneton);
            for (int a = 0; a < 3; ++a)
                total[a] += sums[3 * g + std::size_t(a)];
            saturation += mine;
        }
        o.height_m.push_back(profile(total, saturation));
        o.height_moment.push_back(saturation / constants::bohr_magneton);
    }
}

}  // namespace miniasd
