#include "integrate/colouring.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "util/error.hpp"

namespace miniasd {

Colouring::Colouring(const Lattice& l) : lattice_(&l) {
    by_site_ = l.sites() > 1;
    bool three = false;
    for (int a = 0; a < 3; ++a) {
        odd_periodic_[a] = l.periodic[a] && l.cells[a] > 1 && l.cells[a] % 2 == 1;
        three = three || odd_periodic_[a];
    }
    colours_ = by_site_ ? l.sites() : (three ? 3 : 2);

    // Check every neighbour pair of cells whose colours can differ in kind: per axis the first
    // two and the last two cells cover c % 2 and the last-cell exception, wrap-around included.
    std::array<std::vector<std::int64_t>, 3> probe;
    for (int a = 0; a < 3; ++a) {
        std::set<std::int64_t> cs;
        for (std::int64_t c : {std::int64_t(0), std::int64_t(1), l.cells[a] - 2, l.cells[a] - 1})
            if (c >= 0 && c < l.cells[a]) cs.insert(c);
        probe[a].assign(cs.begin(), cs.end());
    }
    for (std::int64_t cx : probe[0])
        for (std::int64_t cy : probe[1])
            for (std::int64_t cz : probe[2])
                for (int s = 0; s < l.sites(); ++s) {
                    const std::int64_t me = l.gid(cx, cy, cz, s);
                    for (const NeighbourOffset& o : l.neighbours[s]) {
                        std::array<std::int64_t, 3> c{cx + o.dx, cy + o.dy, cz + o.dz};
                        bool inside = true;
                        for (int a = 0; a < 3; ++a) {
                            if (c[a] >= 0 && c[a] < l.cells[a]) continue;
                            if (!l.periodic[a]) inside = false;
                            c[a] = ((c[a] % l.cells[a]) + l.cells[a]) % l.cells[a];
                        }
                        if (!inside) continue;
                        const std::int64_t other = l.gid(c[0], c[1], c[2], o.site);
                        if (of(other) == of(me))
                            throw Error(
                                "Monte Carlo cannot colour this lattice: atom " +
                                std::to_string(me) + " and its neighbour " + std::to_string(other) +
                                " would be updated together (a periodic axis needs at least two "
                                "unit cells; enlarge dimensions:system-size)");
                    }
                }
}

int Colouring::axis_colour(int axis, std::int64_t c) const {
    if (odd_periodic_[axis] && c == lattice_->cells[axis] - 1) return 2;
    return static_cast<int>(c % 2);
}

int Colouring::of(std::int64_t gid) const {
    std::int64_t cx, cy, cz;
    int site;
    lattice_->decode(gid, cx, cy, cz, site);
    if (by_site_) return site;
    return (axis_colour(0, cx) + axis_colour(1, cy) + axis_colour(2, cz)) % colours_;
}

}  // namespace miniasd
