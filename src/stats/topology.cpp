#include "stats/topology.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "util/error.hpp"

namespace miniasd {

namespace {

// The part of a triangle where f, linear between its corners' values, is negative.
double negative_part(double a, double b, double c) {
    const int n = (a < 0) + (b < 0) + (c < 0);
    if (n == 0) return 0;
    if (n == 3) return 1;
    // The corner alone on its side cuts off the small triangle f_p^2 / ((f_p - f_q)(f_p - f_r))
    // of the whole, f_q and f_r the other corners' values (of the other sign: no zero divisor).
    const bool lone_negative = n == 1;
    const double f[3] = {a, b, c};
    int p = 0;
    while ((f[p] < 0) != lone_negative)
        ++p;
    const double cut = f[p] * f[p] / ((f[p] - f[(p + 1) % 3]) * (f[p] - f[(p + 2) % 3]));
    return lone_negative ? cut : 1 - cut;
}

// The distinct heights (fractions of the cell) of the basis sites, ascending; each site's index.
std::vector<double> basis_heights(const Lattice& l, std::vector<int>& of_site) {
    std::vector<double> h;
    for (const Vec3& b : l.basis)
        h.push_back(b[2]);
    std::sort(h.begin(), h.end());
    h.erase(
        std::unique(h.begin(), h.end(), [](double a, double b) { return std::abs(a - b) < 1e-9; }),
        h.end());
    for (const Vec3& b : l.basis)
        for (std::size_t k = 0; k < h.size(); ++k)
            if (std::abs(h[k] - b[2]) < 1e-9) of_site.push_back(static_cast<int>(k));
    return h;
}

}  // namespace

LayerTextures::LayerTextures(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                             const std::vector<std::vector<LayerTriangle>>& triangles,
                             const parallel::Comm& comm)
    : lattice_(l) {
    std::vector<int> height_of_site;
    const std::vector<double> heights = basis_heights(l, height_of_site);
    layers_ = static_cast<int>(l.cells[2] * std::int64_t(heights.size()));
    // Every local atom (owned and ghosts) by its global id: the triangles' corners are ghosts
    // where another rank owns them (the system was built with their offsets observed).
    std::unordered_map<std::int64_t, std::int32_t> local;
    local.reserve(std::size_t(sys.n_local));
    for (std::int64_t i = 0; i < sys.n_local; ++i)
        local.emplace(sys.gid[std::size_t(i)], static_cast<std::int32_t>(i));
    auto magnetic = [&](std::int32_t i) {
        return !c.materials[std::size_t(sys.material[std::size_t(i)])].non_magnetic;
    };
    // The local index of the atom at `o` from cell (cx, cy, cz), or -1 past an open edge or
    // where no atom is (a particle's surface, a removed material).
    auto corner = [&](std::int64_t cx, std::int64_t cy, std::int64_t cz,
                      const NeighbourOffset& o) -> std::int32_t {
        std::int64_t at[2] = {cx + o.dx, cy + o.dy};
        for (int a = 0; a < 2; ++a) {
            if (at[a] >= 0 && at[a] < l.cells[a]) continue;
            if (!l.periodic[a]) return -1;
            at[a] = ((at[a] % l.cells[a]) + l.cells[a]) % l.cells[a];
        }
        if (!l.present(at[0], at[1], cz, o.site)) return -1;
        const auto it = local.find(l.gid(at[0], at[1], cz, o.site));
        if (it == local.end())
            throw LocalError("internal error: a triangle's corner is not among the local atoms");
        return it->second;
    };
    std::vector<std::int64_t> per_layer(std::size_t(layers_), 0);
    start_.push_back(0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        gid_.push_back(sys.gid[std::size_t(i)]);
        std::int64_t cx, cy, cz;
        int s;
        l.decode(sys.gid[std::size_t(i)], cx, cy, cz, s);
        const int layer =
            static_cast<int>(cz * std::int64_t(heights.size()) + height_of_site[std::size_t(s)]);
        layer_.push_back(layer);
        magnetic_.push_back(magnetic(static_cast<std::int32_t>(i)) ? 1 : 0);
        for (const LayerTriangle& t : triangles[std::size_t(s)]) {
            if (!magnetic_.back()) break;
            const std::int32_t j = corner(cx, cy, cz, t.b), k = corner(cx, cy, cz, t.c);
            if (j < 0 || k < 0 || !magnetic(j) || !magnetic(k)) continue;
            // The corners from this atom (m), in the plane: the triangle's area, anticlockwise.
            auto along = [&](const NeighbourOffset& o, int axis) {
                const int d = axis == 0 ? o.dx : o.dy;
                return (d + l.basis[std::size_t(o.site)][std::size_t(axis)] -
                        l.basis[std::size_t(s)][std::size_t(axis)]) *
                       l.cell_size[std::size_t(axis)];
            };
            const double bx = along(t.b, 0), by = along(t.b, 1), qx = along(t.c, 0),
                         qy = along(t.c, 1);
            triangles_.push_back({j, k, 0.5 * (bx * qy - by * qx)});
            ++per_layer[std::size_t(layer)];
        }
        start_.push_back(static_cast<std::int64_t>(triangles_.size()));
    }
    comm.sum_in_place(per_layer);
    for (const std::int64_t n : per_layer)
        has_triangles_.push_back(n > 0 ? 1 : 0);
    if (std::none_of(per_layer.begin(), per_layer.end(), [](std::int64_t n) { return n > 0; }))
        throw Error(
            "the texture columns (output:topological-charge, skyrmion-radius, skyrmion-centre "
            "and their mean- forms) need a layer of atoms that forms triangles, two or more atoms "
            "wide along x and y; this system has none (a chain, a single spin): the columns are "
            "not defined for it");
}

std::vector<ExactSum> LayerTextures::local_sums(const SpinView& s) const {
    std::vector<ExactSum> sums(static_cast<std::size_t>(per_layer * layers_ + 2 * per_centroid));
    ExactSum* centroid = &sums[std::size_t(per_layer) * std::size_t(layers_)];
    const double lx = double(lattice_.cells[0]) * lattice_.cell_size[0],
                 ly = double(lattice_.cells[1]) * lattice_.cell_size[1];
    const std::int64_t n = static_cast<std::int64_t>(layer_.size());
    for (std::int64_t i = 0; i < n; ++i) {
        const double a[3] = {s.x[i], s.y[i], s.z[i]};
        ExactSum* layer = &sums[std::size_t(per_layer) * std::size_t(layer_[std::size_t(i)])];
        for (std::int64_t t = start_[std::size_t(i)]; t < start_[std::size_t(i) + 1]; ++t) {
            const Triangle& tr = triangles_[std::size_t(t)];
            const double b[3] = {s.x[tr.j], s.y[tr.j], s.z[tr.j]};
            const double c[3] = {s.x[tr.k], s.y[tr.k], s.z[tr.k]};
            const double bxc[3] = {b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2],
                                   b[0] * c[1] - b[1] * c[0]};
            const double triple = a[0] * bxc[0] + a[1] * bxc[1] + a[2] * bxc[2];
            const double ab = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            const double bc = b[0] * c[0] + b[1] * c[1] + b[2] * c[2];
            const double ca = c[0] * a[0] + c[1] * a[1] + c[2] * a[2];
            layer[0].add(2 * std::atan2(triple, 1 + ab + bc + ca));
            layer[1].add(tr.area * negative_part(a[2], b[2], c[2]));
            layer[2].add(tr.area * negative_part(-a[2], -b[2], -c[2]));
        }
        if (!magnetic_[std::size_t(i)]) continue;
        // The centroid's sums: the reversed part of S_z at the atom's angles around the box.
        const Vec3 r = lattice_.position(gid_[std::size_t(i)]);
        const double tx = 2 * M_PI * r[0] / lx, ty = 2 * M_PI * r[1] / ly;
        for (int sign = 0; sign < 2; ++sign) {
            const double w = std::max(0.0, sign == 0 ? -a[2] : a[2]);
            ExactSum* q = centroid + per_centroid * sign;
            q[0].add(w);
            q[1].add(w * std::cos(tx));
            q[2].add(w * std::sin(tx));
            q[3].add(w * std::cos(ty));
            q[4].add(w * std::sin(ty));
        }
    }
    return sums;
}

void LayerTextures::finish(const std::vector<double>& sums, Observables& o) const {
    // The reversed region has the sign opposite to the magnetisation's z.
    const int reversed = o.m[2] >= 0 ? 0 : 1;  // 0: S_z < 0
    double area = 0, charge = 0;
    int counted = 0;
    for (int k = 0; k < layers_; ++k) {
        if (!has_triangles_[std::size_t(k)]) continue;
        const double* v = &sums[std::size_t(per_layer) * std::size_t(k)];
        charge += v[0] / (4 * M_PI);
        area += v[1 + reversed];
        ++counted;
    }
    if (counted == 0) return;
    o.topological_charge = charge / counted;
    // No skyrmion (|Q| < 1/2): no radius and no centre, rather than the reversed area's.
    o.skyrmion_count = std::round(std::abs(o.topological_charge));
    o.skyrmion_radius =
        o.skyrmion_count > 0 ? std::sqrt(area / counted / (o.skyrmion_count * M_PI)) : std::nan("");
    const double* q =
        &sums[std::size_t(per_layer) * std::size_t(layers_) + std::size_t(per_centroid * reversed)];
    const double lx = double(lattice_.cells[0]) * lattice_.cell_size[0],
                 ly = double(lattice_.cells[1]) * lattice_.cell_size[1];
    auto around = [](double c, double s, double length) {
        const double t = std::atan2(s, c);
        return (t < 0 ? t + 2 * M_PI : t) * length / (2 * M_PI);
    };
    if (q[0] > 0 && o.skyrmion_count > 0)
        o.skyrmion_centre = {around(q[1], q[2], lx), around(q[3], q[4], ly), 0};
    else
        o.skyrmion_centre = {std::nan(""), std::nan(""), 0};
}

}  // namespace miniasd
