#include "system/four_spin_quartets.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd {

namespace {

constexpr double tolerance = 1e-12;  // m: VAMPIRE's 0.01 Å

double distance(const Lattice& l, const NeighbourOffset& a, const NeighbourOffset& b) {
    const Vec3 pa = l.position(a.dx, a.dy, a.dz, a.site);
    const Vec3 pb = l.position(b.dx, b.dy, b.dz, b.site);
    return std::sqrt((pa[0] - pb[0]) * (pa[0] - pb[0]) + (pa[1] - pb[1]) * (pa[1] - pb[1]) +
                     (pa[2] - pb[2]) * (pa[2] - pb[2]));
}

NeighbourOffset plus(const NeighbourOffset& cell, const NeighbourOffset& o) {
    return {cell.dx + o.dx, cell.dy + o.dy, cell.dz + o.dz, o.site};
}

// The quartets a site's atom centres, as offsets from it (m[0] = itself).
std::vector<Quartet> centred(const Lattice& l, int site, double d1, double d2) {
    const NeighbourOffset self{0, 0, 0, site};
    std::vector<NeighbourOffset> first;
    for (const Bond& b : l.exchange.sites[std::size_t(site)])
        if (std::abs(distance(l, self, b.to) - d1) <= tolerance) first.push_back(b.to);
    std::vector<Quartet> out;
    const std::size_t n = first.size();
    auto near = [&](std::size_t p, std::size_t q) {
        return std::abs(distance(l, first[p], first[q]) - d2) <= tolerance;
    };
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b)
            for (std::size_t c = b + 1; c < n; ++c)
                if (near(a, b) && near(b, c) && near(a, c))
                    out.push_back({{self, first[a], first[b], first[c]}});
    return out;
}

}  // namespace

std::vector<std::vector<Quartet>> quartets_of_sites(const Lattice& l, double d1, double d2) {
    const int sites = l.sites();
    const auto n = static_cast<std::size_t>(sites);
    std::vector<std::vector<Quartet>> centres(n), out(n);
    for (int s = 0; s < sites; ++s)
        centres[std::size_t(s)] = centred(l, s, d1, d2);
    for (int s = 0; s < sites; ++s) {
        std::vector<Quartet>& mine = out[std::size_t(s)];
        mine = centres[std::size_t(s)];
        // Quartets centred on a neighbour c of this atom that hold it: c's quartets, moved by
        // the offset of c, with a member back at this atom.
        for (const Bond& b : l.exchange.sites[std::size_t(s)]) {
            const NeighbourOffset c = b.to;
            for (const Quartet& q : centres[std::size_t(c.site)]) {
                Quartet moved;
                bool holds = false;
                for (int k = 0; k < 4; ++k) {
                    moved.m[std::size_t(k)] = plus(c, q.m[std::size_t(k)]);
                    holds = holds || moved.m[std::size_t(k)] == NeighbourOffset{0, 0, 0, s};
                }
                if (holds && !(c == NeighbourOffset{0, 0, 0, s})) mine.push_back(moved);
            }
        }
    }
    return out;
}

SiteOffsets quartet_offsets(const std::vector<std::vector<Quartet>>& quartets) {
    SiteOffsets out(quartets.size());
    for (std::size_t s = 0; s < quartets.size(); ++s)
        for (const Quartet& q : quartets[s])
            for (const NeighbourOffset& o : q.m) {
                if (o == NeighbourOffset{0, 0, 0, int(s)}) continue;
                if (std::find(out[s].begin(), out[s].end(), o) == out[s].end()) out[s].push_back(o);
            }
    return out;
}

}  // namespace miniasd
