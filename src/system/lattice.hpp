// The global crystal: a grid of cubic (or rectangular) unit cells, each holding the basis sites of
// sc, bcc or fcc. A global atom id is a function of (cell x, y, z, site) alone:
//     gid = ((cz * ny + cy) * nx + cx) * sites + site
// so ids are unique, contiguous from 0, and independent of how cells are shared among ranks.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "input/config.hpp"

namespace miniasd {

using Cells3 = std::array<std::int64_t, 3>;

// Basis sites per cell: sc 1, bcc 2, fcc 4.
int basis_size(CrystalStructure c);

// A neighbour of a site: the site `site` in the cell displaced by (dx, dy, dz).
struct NeighbourOffset {
    int dx, dy, dz;
    int site;
};

struct Lattice {
    CrystalStructure crystal = CrystalStructure::sc;
    Vec3 cell_size{};                // m
    Cells3 cells{1, 1, 1};           // unit cells along x, y, z
    std::array<bool, 3> periodic{};  // periodic boundaries per axis
    std::vector<Vec3> basis;         // fractional positions of the sites in a cell
    std::vector<std::vector<NeighbourOffset>> neighbours;  // nearest neighbours, per site

    int sites() const { return static_cast<int>(basis.size()); }
    std::int64_t atoms() const { return cells[0] * cells[1] * cells[2] * sites(); }
    std::int64_t gid(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const {
        return ((cz * cells[1] + cy) * cells[0] + cx) * sites() + site;
    }
    void decode(std::int64_t gid, std::int64_t& cx, std::int64_t& cy, std::int64_t& cz,
                int& site) const;
    Vec3 position(std::int64_t gid) const;  // m, from the origin of the box
};

// Cells per axis: ceil(system size / cell size) as VAMPIRE does, with a relative tolerance of
// 1e-6 so a size that is an exact multiple of the cell (40 * 2.87 A) does not gain a cell from
// rounding.
std::int64_t cells_along(double system_size, double cell_size);

// Builds the lattice of a configuration, with nearest-neighbour offsets found geometrically
// (sc 6, bcc 8, fcc 12 for a cubic cell).
Lattice make_lattice(const Config& c);

}  // namespace miniasd
