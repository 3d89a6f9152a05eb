#include "integrate/colouring.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>

#include "util/error.hpp"

namespace miniasd {

namespace {

// Cells per axis that, with their neighbours, meet every pair of classes or colours that linked
// cells can have: the first and last 3 periods or reaches (and the remainder cells of a wrap).
std::vector<std::int64_t> probe_cells(std::int64_t cells, std::int64_t period, int reach,
                                      std::int64_t remainder) {
    std::set<std::int64_t> cs;
    const std::int64_t span = 3 * std::max<std::int64_t>({2, period, reach + 1});
    for (std::int64_t c = 0; c < std::min(cells, span); ++c)
        cs.insert(c);
    for (std::int64_t c = std::max<std::int64_t>(0, cells - remainder - span); c < cells; ++c)
        cs.insert(c);
    return {cs.begin(), cs.end()};
}

// Calls f(me, other) for every linked pair (cell, site) -> (cell + offset, site') with the first
// cell among the probe cells; pairs that leave an open boundary are skipped.
template <typename F>
void for_each_link(const Lattice& l, const SiteOffsets& offsets,
                   const std::array<std::vector<std::int64_t>, 3>& probe, F&& f) {
    for (std::int64_t cx : probe[0])
        for (std::int64_t cy : probe[1])
            for (std::int64_t cz : probe[2])
                for (int s = 0; s < l.sites(); ++s)
                    for (const NeighbourOffset& o : offsets[static_cast<std::size_t>(s)]) {
                        std::array<std::int64_t, 3> c{cx + o.dx, cy + o.dy, cz + o.dz};
                        bool inside = true;
                        for (int a = 0; a < 3; ++a) {
                            if (c[a] >= 0 && c[a] < l.cells[a]) continue;
                            if (!l.periodic[a]) inside = false;
                            c[a] = ((c[a] % l.cells[a]) + l.cells[a]) % l.cells[a];
                        }
                        if (inside) f(l.gid(cx, cy, cz, s), l.gid(c[0], c[1], c[2], o.site));
                    }
}

}  // namespace

Colouring::Colouring(const Lattice& l, const SiteOffsets& offsets)
    : lattice_(&l), reach_(cell_reach(offsets)) {
    bool three = false;
    for (int a = 0; a < 3; ++a) {
        odd_periodic_[a] = l.periodic[a] && l.cells[a] > 1 && l.cells[a] % 2 == 1;
        three = three || odd_periodic_[a];
    }
    if (l.sites() > 1) {
        scheme_ = Scheme::by_site;
        colours_ = l.sites();
    } else {
        scheme_ = Scheme::parity;
        colours_ = three ? 3 : 2;
    }
    if (conflict(offsets).empty()) return;
    scheme_ = Scheme::classes;
    colour_classes(offsets);
    const std::string why = conflict(offsets);
    if (!why.empty())
        throw Error("Monte Carlo cannot colour this lattice: " + why +
                    " (a periodic axis needs more unit cells than the interactions reach; "
                    "enlarge dimensions:system-size)");
}

std::string Colouring::conflict(const SiteOffsets& offsets) const {
    const Lattice& l = *lattice_;
    std::array<std::vector<std::int64_t>, 3> probe;
    for (int a = 0; a < 3; ++a)
        probe[a] = probe_cells(l.cells[a], scheme_ == Scheme::classes ? period_[a] : 2, reach_[a],
                               scheme_ == Scheme::classes ? l.cells[a] - main_[a] : 1);
    std::string why;
    for_each_link(l, offsets, probe, [&](std::int64_t me, std::int64_t other) {
        if (why.empty() && of(me) == of(other))
            why = "atom " + std::to_string(me) + " and its neighbour " + std::to_string(other) +
                  " would be updated together";
    });
    return why;
}

void Colouring::colour_classes(const SiteOffsets& offsets) {
    const Lattice& l = *lattice_;
    for (int a = 0; a < 3; ++a) {
        const std::int64_t k = reach_[a] + 1, n = l.cells[a];
        period_[a] = k;
        // Open axes never wrap; a periodic one keeps whole periods and gives each remainder cell
        // its own class.
        main_[a] = l.periodic[a] ? n - n % k : n;
        classes_[a] = std::min(main_[a], k) + (n - main_[a]);
    }
    const std::int64_t vertices = classes_[0] * classes_[1] * classes_[2] * l.sites();
    // The links between classes, from probe cells that meet every pair of classes.
    std::vector<std::set<int>> links(static_cast<std::size_t>(vertices));
    std::array<std::vector<std::int64_t>, 3> probe;
    for (int a = 0; a < 3; ++a)
        probe[a] = probe_cells(l.cells[a], period_[a], reach_[a], l.cells[a] - main_[a]);
    for_each_link(l, offsets, probe, [&](std::int64_t me, std::int64_t other) {
        std::int64_t c[2][3];
        int s[2];
        l.decode(me, c[0][0], c[0][1], c[0][2], s[0]);
        l.decode(other, c[1][0], c[1][1], c[1][2], s[1]);
        const int u = vertex(c[0][0], c[0][1], c[0][2], s[0]);
        const int v = vertex(c[1][0], c[1][1], c[1][2], s[1]);
        links[static_cast<std::size_t>(u)].insert(v);
        links[static_cast<std::size_t>(v)].insert(u);
    });
    // Greedy, in vertex order: the smallest colour no linked vertex has yet. A self-link (an atom
    // linked to its own class) is left for conflict() to report.
    class_colour_.assign(static_cast<std::size_t>(vertices), -1);
    colours_ = 1;
    for (std::size_t v = 0; v < links.size(); ++v) {
        std::vector<char> used(links[v].size() + 1, 0);
        for (const int u : links[v])
            if (u != int(v) && class_colour_[std::size_t(u)] >= 0 &&
                class_colour_[std::size_t(u)] < int(used.size()))
                used[std::size_t(class_colour_[std::size_t(u)])] = 1;
        int c = 0;
        while (used[std::size_t(c)])
            ++c;
        class_colour_[v] = c;
        colours_ = std::max(colours_, c + 1);
    }
}

int Colouring::axis_colour(int axis, std::int64_t c) const {
    if (odd_periodic_[axis] && c == lattice_->cells[axis] - 1) return 2;
    return static_cast<int>(c % 2);
}

int Colouring::axis_class(int axis, std::int64_t c) const {
    return static_cast<int>(c < main_[axis]
                                ? c % period_[axis]
                                : std::min(main_[axis], period_[axis]) + (c - main_[axis]));
}

int Colouring::vertex(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const {
    const std::int64_t v =
        ((axis_class(2, cz) * classes_[1] + axis_class(1, cy)) * classes_[0] + axis_class(0, cx)) *
            lattice_->sites() +
        site;
    return static_cast<int>(v);
}

int Colouring::of(std::int64_t gid) const {
    std::int64_t cx, cy, cz;
    int site;
    lattice_->decode(gid, cx, cy, cz, site);
    switch (scheme_) {
        case Scheme::by_site:
            return site;
        case Scheme::parity:
            return (axis_colour(0, cx) + axis_colour(1, cy) + axis_colour(2, cz)) % colours_;
        case Scheme::classes:
            break;
    }
    return class_colour_[static_cast<std::size_t>(vertex(cx, cy, cz, site))];
}

}  // namespace miniasd
