#include "stats/layer_triangles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

#include "util/error.hpp"

namespace miniasd {

namespace {

// A point of a layer: site `site` of cell (dx, dy), at (x, y).
struct Point {
    int site, dx, dy;
    double x, y;
    // A translation-invariant order of the corners of one polygon (all shift alike).
    std::tuple<int, int, int> key() const { return {dy, dx, site}; }
};

constexpr double relative = 1e-9;  // cocircular, collinear and tiling tolerance

// The sites of one height and their images in cells -reach .. reach along x and y.
std::vector<Point> layer_points(const std::vector<Vec3>& basis, const std::vector<int>& sites,
                                const Vec3& cell, int reach) {
    std::vector<Point> p;
    for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx)
            for (const int s : sites)
                p.push_back({s, dx, dy, (dx + basis[std::size_t(s)][0]) * cell[0],
                             (dy + basis[std::size_t(s)][1]) * cell[1]});
    return p;
}

// The Delaunay polygons owned by the sites of cell 0 (each polygon once, at its least corner):
// every empty circle through a site of cell 0 and two points within `range` of it, of radius at
// most range / 2, with all the points on it. Polygons as indices into `p`, anticlockwise, the
// owner first. `area`: their total area.
std::vector<std::vector<std::size_t>> owned_polygons(const std::vector<Point>& p, double range,
                                                     double& area) {
    std::set<std::vector<std::size_t>> seen;
    std::vector<std::vector<std::size_t>> out;
    area = 0;
    for (std::size_t a = 0; a < p.size(); ++a) {
        if (p[a].dx != 0 || p[a].dy != 0) continue;
        std::vector<std::size_t> near;
        for (std::size_t k = 0; k < p.size(); ++k)
            if (k != a && std::hypot(p[k].x - p[a].x, p[k].y - p[a].y) <= range) near.push_back(k);
        for (std::size_t i = 0; i < near.size(); ++i)
            for (std::size_t j = i + 1; j < near.size(); ++j) {
                const Point &A = p[a], &B = p[near[i]], &C = p[near[j]];
                const double bx = B.x - A.x, by = B.y - A.y, cx = C.x - A.x, cy = C.y - A.y;
                const double d = 2 * (bx * cy - by * cx);
                const double scale = range * range;
                if (std::abs(d) <= relative * scale) continue;  // collinear
                const double b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;
                const double ux = (cy * b2 - by * c2) / d, uy = (bx * c2 - cx * b2) / d;
                const double r2 = ux * ux + uy * uy;
                if (4 * r2 > range * range * (1 + relative)) continue;  // not within reach
                // Empty: no point strictly inside; the points on the circle form the polygon.
                std::vector<std::size_t> on = {a};
                bool empty = true;
                for (const std::size_t k : near) {
                    const double ex = p[k].x - A.x - ux, ey = p[k].y - A.y - uy;
                    const double e2 = ex * ex + ey * ey;
                    if (e2 < r2 * (1 - relative)) {
                        empty = false;
                        break;
                    }
                    if (e2 <= r2 * (1 + relative)) on.push_back(k);
                }
                if (!empty) continue;
                const auto least = std::min_element(
                    on.begin(), on.end(), [&](auto x, auto y) { return p[x].key() < p[y].key(); });
                if (*least != a) continue;  // another site's (or another cell's) polygon
                std::sort(on.begin(), on.end());
                if (!seen.insert(on).second) continue;
                // Anticlockwise about the circle's centre, from the owner.
                const double ox = A.x + ux, oy = A.y + uy;
                auto angle = [&](std::size_t k) {
                    double t =
                        std::atan2(p[k].y - oy, p[k].x - ox) - std::atan2(A.y - oy, A.x - ox);
                    return t < 0 ? t + 2 * M_PI : t;
                };
                std::sort(on.begin(), on.end(),
                          [&](std::size_t x, std::size_t y) { return angle(x) < angle(y); });
                for (std::size_t k = 1; k + 1 < on.size(); ++k) {
                    const Point &Q = p[on[k]], &R = p[on[k + 1]];
                    area += 0.5 * ((Q.x - A.x) * (R.y - A.y) - (Q.y - A.y) * (R.x - A.x));
                }
                out.push_back(on);
            }
    }
    return out;
}

}  // namespace

std::vector<std::vector<LayerTriangle>> layer_triangles(const std::vector<Vec3>& basis,
                                                        const Vec3& cell) {
    std::vector<std::vector<LayerTriangle>> out(basis.size());
    std::vector<bool> done(basis.size(), false);
    for (std::size_t s = 0; s < basis.size(); ++s) {
        if (done[s]) continue;
        std::vector<int> sites;  // the layer: every site at s's height
        for (std::size_t t = 0; t < basis.size(); ++t)
            if (std::abs(basis[t][2] - basis[s][2]) < 1e-9) {
                sites.push_back(static_cast<int>(t));
                done[t] = true;
            }
        // A Delaunay edge is shorter than the largest empty circle's diameter, and a circle of
        // the cell's diagonal holds a whole cell and so a point: edges are below twice the
        // diagonal. Start from three of the layer's nearest spacings and widen until the
        // polygons tile the cell's area.
        const double diagonal = std::hypot(cell[0], cell[1]), edge = std::min(cell[0], cell[1]);
        double nearest = diagonal;
        const std::vector<Point> first = layer_points(basis, sites, cell, 1);
        for (const Point& a : first)
            for (const Point& b : first)
                if (a.dx == 0 && a.dy == 0 && (&a != &b))
                    nearest = std::min(nearest, std::hypot(a.x - b.x, a.y - b.y));
        for (double range = 3 * nearest;; range = std::min(1.5 * range, 2 * diagonal)) {
            const int reach = static_cast<int>(std::ceil(range / edge)) + 1;
            const std::vector<Point> p = layer_points(basis, sites, cell, reach);
            double area = 0;
            const auto polygons = owned_polygons(p, range, area);
            if (std::abs(area - cell[0] * cell[1]) <= relative * cell[0] * cell[1]) {
                for (const auto& poly : polygons)
                    for (std::size_t k = 1; k + 1 < poly.size(); ++k) {
                        const Point &A = p[poly[0]], &B = p[poly[k]], &C = p[poly[k + 1]];
                        out[std::size_t(A.site)].push_back(
                            {{B.dx, B.dy, 0, B.site}, {C.dx, C.dy, 0, C.site}});
                    }
                break;
            }
            if (range >= 2 * diagonal) {
                char what[160];
                std::snprintf(what, sizeof what,
                              "internal error: the triangles of the layer at height %.6g of the "
                              "cell cover %.9g of its area",
                              basis[s][2], area / (cell[0] * cell[1]));
                throw Error(what);
            }
        }
    }
    return out;
}

SiteOffsets layer_triangle_offsets(const std::vector<std::vector<LayerTriangle>>& triangles) {
    // Every corner sees the other two: the lists are symmetric, as a halo plan needs.
    std::vector<std::vector<std::tuple<int, int, int>>> keys(triangles.size());
    for (std::size_t s = 0; s < triangles.size(); ++s)
        for (const LayerTriangle& t : triangles[s]) {
            const NeighbourOffset corner[3] = {{0, 0, 0, int(s)}, t.b, t.c};
            for (const NeighbourOffset& from : corner)
                for (const NeighbourOffset& to : corner)
                    if (!(from == to))
                        keys[std::size_t(from.site)].emplace_back(to.dy - from.dy, to.dx - from.dx,
                                                                  to.site);
        }
    SiteOffsets out(triangles.size());
    for (std::size_t s = 0; s < keys.size(); ++s) {
        std::sort(keys[s].begin(), keys[s].end());
        keys[s].erase(std::unique(keys[s].begin(), keys[s].end()), keys[s].end());
        for (const auto& [dy, dx, site] : keys[s])
            out[s].push_back({dx, dy, 0, site});
    }
    return out;
}

}  // namespace miniasd
