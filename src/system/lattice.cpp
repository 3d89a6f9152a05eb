#include "system/lattice.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd {

int basis_size(CrystalStructure c) {
    switch (c) {
        case CrystalStructure::sc:
            return 1;
        case CrystalStructure::bcc:
            return 2;
        case CrystalStructure::fcc:
            return 4;
    }
    return 1;
}

namespace {

std::vector<Vec3> basis_of(CrystalStructure c) {
    switch (c) {
        case CrystalStructure::bcc:
            return {{0, 0, 0}, {0.5, 0.5, 0.5}};
        case CrystalStructure::fcc:
            return {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
        case CrystalStructure::sc:
            break;
    }
    return {{0, 0, 0}};
}

// For each site, every site in the 27 surrounding cells at the shortest distance.
std::vector<std::vector<NeighbourOffset>> nearest(const std::vector<Vec3>& basis, const Vec3& a) {
    const int n = static_cast<int>(basis.size());
    struct Candidate {
        int site;
        NeighbourOffset offset;
        double distance;  // m
    };
    std::vector<Candidate> candidates;
    double shortest = 1e300;
    for (int b = 0; b < n; ++b)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    for (int s = 0; s < n; ++s) {
                        const double rx = (dx + basis[s][0] - basis[b][0]) * a[0];
                        const double ry = (dy + basis[s][1] - basis[b][1]) * a[1];
                        const double rz = (dz + basis[s][2] - basis[b][2]) * a[2];
                        const double d = std::sqrt(rx * rx + ry * ry + rz * rz);
                        if (d == 0) continue;  // the site itself
                        candidates.push_back({b, {dx, dy, dz, s}, d});
                        shortest = std::min(shortest, d);
                    }
    std::vector<std::vector<NeighbourOffset>> out(n);
    for (const Candidate& c : candidates)
        if (std::abs(c.distance - shortest) < 1e-6 * shortest) out[c.site].push_back(c.offset);
    return out;
}

}  // namespace

std::int64_t cells_along(double system_size, double cell_size) {
    const double ratio = system_size / cell_size;
    const auto n = static_cast<std::int64_t>(std::ceil(ratio * (1.0 - 1e-6)));
    return n < 1 ? 1 : n;
}

void Lattice::decode(std::int64_t g, std::int64_t& cx, std::int64_t& cy, std::int64_t& cz,
                     int& site) const {
    site = static_cast<int>(g % sites());
    std::int64_t cell = g / sites();
    cx = cell % cells[0];
    cell /= cells[0];
    cy = cell % cells[1];
    cz = cell / cells[1];
}

Vec3 Lattice::position(std::int64_t g) const {
    std::int64_t cx, cy, cz;
    int s;
    decode(g, cx, cy, cz, s);
    const Vec3& f = basis[s];
    return {(cx + f[0]) * cell_size[0], (cy + f[1]) * cell_size[1], (cz + f[2]) * cell_size[2]};
}

Lattice make_lattice(const Config& c) {
    Lattice l;
    l.crystal = c.crystal;
    l.cell_size = c.unit_cell;
    l.periodic = c.periodic;
    for (int a = 0; a < 3; ++a)
        l.cells[a] = cells_along(c.system_size[a], c.unit_cell[a]);
    l.basis = basis_of(c.crystal);
    l.neighbours = nearest(l.basis, c.unit_cell);
    return l;
}

}  // namespace miniasd
