#include "system/materials.hpp"

namespace miniasd {

MaterialMap::MaterialMap(const Config& c, const Lattice& l) : lattice_(&l) {
    const int sites = l.sites();
    by_layer_site_.assign((l.cells[2] * sites), 0);
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz) {
        for (int s = 0; s < sites; ++s) {
            const double h = (cz + l.basis[s][2]) / double(l.cells[2]);
            for (std::size_t m = 0; m < c.materials.size(); ++m) {
                const MaterialConfig& mc = c.materials[m];
                const bool site_ok = mc.unit_cell_category == 0 || mc.unit_cell_category == s + 1;
                const bool height_ok =
                    h >= mc.minimum_height && (h < mc.maximum_height || mc.maximum_height >= 1.0);
                if (site_ok && height_ok) {
                    by_layer_site_[(cz * sites + s)] = static_cast<std::int32_t>(m);
                    break;
                }
            }
        }
    }
}

int MaterialMap::of(std::int64_t gid) const {
    std::int64_t cx, cy, cz;
    int s;
    lattice_->decode(gid, cx, cy, cz, s);
    return by_layer_site_[(cz * lattice_->sites() + s)];
}

}  // namespace miniasd
