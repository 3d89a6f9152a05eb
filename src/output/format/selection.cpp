#include "output/format/selection.hpp"

#include <algorithm>

namespace miniasd {

Selection select_atoms(const SnapshotSection& o, const Lattice& l, const LocalSystem& sys) {
    std::vector<std::pair<std::int64_t, std::int32_t>> picked;
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const std::int64_t g = sys.gid[i];
        if (!o.materials.empty() &&
            std::find(o.materials.begin(), o.materials.end(), sys.material[i]) == o.materials.end())
            continue;
        const Vec3 p = l.position(g);
        bool inside = true;
        for (int a = 0; a < 3; ++a) {
            const double f = p[a] / (double(l.cells[a]) * l.cell_size[a]);  // fraction of the box
            inside = inside && f >= o.box_min[a] && f <= o.box_max[a];
        }
        if (inside) picked.emplace_back(g, static_cast<std::int32_t>(i));
    }
    std::sort(picked.begin(), picked.end());
    Selection s;
    for (const auto& [g, i] : picked) {
        s.gid.push_back(g);
        s.local.push_back(i);
    }
    return s;
}

}  // namespace miniasd
