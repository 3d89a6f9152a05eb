#include "system/dmi_triangles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "util/units.hpp"

namespace miniasd {

namespace {

// The vector (m) from site `from` of a cell to site `to` of the cell displaced by `d`.
Vec3 displacement(const Lattice& l, int from, const int d[3], int to) {
    Vec3 r;
    for (int a = 0; a < 3; ++a)
        r[a] = ((double(d[a]) + l.basis[std::size_t(to)][a]) - l.basis[std::size_t(from)][a]) *
               l.cell_size[a];
    return r;
}

double length(const Vec3& v) {
    return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

}  // namespace

std::vector<std::vector<std::vector<DmiTriangle>>> dmi_triangles(const Lattice& l, double cutoff) {
    const double reach = cutoff * (1 + 1e-6);
    const auto& sites = l.exchange.sites;
    std::vector<std::vector<std::vector<DmiTriangle>>> out(sites.size());
    for (std::size_t s = 0; s < sites.size(); ++s) {
        const std::vector<Bond>& bonds = sites[s];
        out[s].resize(bonds.size());
        for (std::size_t a = 0; a < bonds.size(); ++a) {
            const NeighbourOffset& j = bonds[a].to;
            for (std::size_t b = 0; b < bonds.size(); ++b) {
                if (b == a) continue;
                const NeighbourOffset& k = bonds[b].to;
                const int dk[3] = {k.dx, k.dy, k.dz};
                const int djk[3] = {k.dx - j.dx, k.dy - j.dy, k.dz - j.dz};
                const Vec3 rik = displacement(l, static_cast<int>(s), dk, k.site);
                const Vec3 rjk = displacement(l, j.site, djk, k.site);
                const double lik = length(rik), ljk = length(rjk);
                if (lik > reach || ljk > reach) continue;
                const Vec3 e{rik[0] / lik, rik[1] / lik, rik[2] / lik};
                const Vec3 f{rjk[0] / ljk, rjk[1] / ljk, rjk[2] / ljk};
                out[s][a].push_back({static_cast<int>(b),
                                     {e[1] * f[2] - e[2] * f[1], e[2] * f[0] - e[0] * f[2],
                                      e[0] * f[1] - e[1] * f[0]}});
            }
        }
    }
    return out;
}

namespace {
std::vector<std::vector<double>> triangle_constants(const SystemSettings& c) {
    std::vector<std::vector<double>> d;
    for (const MaterialConfig& m : c.materials)
        d.push_back(m.dmi);
    return d;
}
// [a][b]: the constant given for a, b, else for b, a (the input checks refuse two that differ).
std::vector<std::vector<double>> symmetrised(const SystemSettings& c,
                                             std::vector<double> MaterialConfig::*row) {
    const std::size_t n = c.materials.size();
    std::vector<std::vector<double>> d(n, std::vector<double>(n, 0.0));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
            const double ab = (c.materials[a].*row)[b], ba = (c.materials[b].*row)[a];
            d[a][b] = ab != 0 ? ab : ba;
        }
    return d;
}
}  // namespace

DmiVectors::DmiVectors(const Lattice& l, const MaterialMap& materials, const SystemSettings& c)
    : lattice_(l),
      materials_(materials),
      d_(triangle_constants(c)),
      interfacial_(symmetrised(c, &MaterialConfig::interfacial_dmi)),
      bulk_(symmetrised(c, &MaterialConfig::bulk_dmi)),
      triangles_(dmi_triangles(l, c.exchange.dmi_cutoff_range)) {
    for (const auto* m : {&interfacial_, &bulk_})
        for (const std::vector<double>& row : *m)
            for (const double x : row)
                bond_dmi_ = bond_dmi_ || x != 0;
    // Each site's nearest shell, with the bonds' unit vectors (on the cell as it is). The shell
    // is the lattice's first (Lattice::neighbours: a built-in crystal's found on its ideal cell,
    // as the exchange finds its bonds), not the strained cell's shortest bonds: a film 3 %
    // shorter along z keeps its four in-plane DMI bonds, as it keeps their exchange.
    for (std::size_t s = 0; s < l.exchange.sites.size(); ++s) {
        const std::vector<Bond>& bonds = l.exchange.sites[s];
        unit_.emplace_back();
        nearest_.emplace_back();
        const std::vector<NeighbourOffset> none;
        const std::vector<NeighbourOffset>& shell =
            s < l.neighbours.size() ? l.neighbours[s] : none;
        for (const Bond& b : bonds) {
            const int d[3] = {b.to.dx, b.to.dy, b.to.dz};
            const Vec3 r = displacement(l, static_cast<int>(s), d, b.to.site);
            const double n = length(r);
            unit_.back().push_back({r[0] / n, r[1] / n, r[2] / n});
            nearest_.back().push_back(std::find(shell.begin(), shell.end(), b.to) != shell.end());
        }
    }
    for (const std::vector<double>& row : d_)
        has_row_.push_back(std::any_of(row.begin(), row.end(), [](double x) { return x != 0; }));
    const auto& sites = l.exchange.sites;
    reverse_.resize(sites.size());
    for (std::size_t s = 0; s < sites.size(); ++s)
        for (const Bond& b : sites[s]) {
            int back = -1;
            const auto& other = sites[std::size_t(b.to.site)];
            for (std::size_t k = 0; k < other.size(); ++k)
                if (other[k].to == NeighbourOffset{-b.to.dx, -b.to.dy, -b.to.dz, int(s)})
                    back = static_cast<int>(k);
            reverse_[s].push_back(back);  // -1 only for a list that is not symmetric
        }
}

std::int64_t DmiVectors::partner(const std::int64_t c[3], int site, int bond) const {
    const NeighbourOffset& o = lattice_.exchange.sites[std::size_t(site)][std::size_t(bond)].to;
    std::int64_t n[3] = {c[0] + o.dx, c[1] + o.dy, c[2] + o.dz};
    for (int a = 0; a < 3; ++a) {
        const std::int64_t cells = lattice_.cells[a];
        if (n[a] >= 0 && n[a] < cells) continue;
        if (!lattice_.periodic[a]) return -1;
        n[a] = ((n[a] % cells) + cells) % cells;
    }
    if (!lattice_.present(n[0], n[1], n[2], o.site)) return -1;
    return lattice_.gid(n[0], n[1], n[2], o.site);
}

Vec3 DmiVectors::one_view(const std::int64_t c[3], int site, int bond, int mi, int mj,
                          double& scale) const {
    Vec3 sum{0, 0, 0};
    const auto& di = d_[std::size_t(mi)];
    const auto& dj = d_[std::size_t(mj)];
    for (const DmiTriangle& t : triangles_[std::size_t(site)][std::size_t(bond)]) {
        const std::int64_t k = partner(c, site, t.via);
        if (k < 0) continue;
        const std::size_t mk = std::size_t(materials_.of(k));
        const double w = 0.5 * (di[mk] + dj[mk]);
        for (int a = 0; a < 3; ++a)
            sum[a] += w * t.g[a];
        scale += std::abs(w);
    }
    return sum;
}

Vec3 DmiVectors::bond_view(int site, int bond, int mi, int mj) const {
    if (!bond_dmi_ || !nearest_[std::size_t(site)][std::size_t(bond)]) return {0, 0, 0};
    const double in = interfacial_[std::size_t(mi)][std::size_t(mj)],
                 bu = bulk_[std::size_t(mi)][std::size_t(mj)];
    const Vec3& e = unit_[std::size_t(site)][std::size_t(bond)];
    // z x e = (-e_y, e_x, 0)
    return {-in * e[1] + bu * e[0], in * e[0] + bu * e[1], bu * e[2]};
}

Vec3 DmiVectors::of(std::int64_t gid, int bond) const {
    std::int64_t c[3];
    int site;
    lattice_.decode(gid, c[0], c[1], c[2], site);
    const std::int64_t j = partner(c, site, bond);
    const int back = reverse_[std::size_t(site)][std::size_t(bond)];
    if (j < 0 || back < 0) return {0, 0, 0};
    // d_ijk = (D[i][k] + D[j][k]) / 2 from both ends: nothing when both rows are zero.
    const int mi = materials_.of(gid), mj = materials_.of(j);
    std::int64_t cj[3];
    int sj;  // the partner's site
    lattice_.decode(j, cj[0], cj[1], cj[2], sj);
    // The bond's own D from both ends, as the triangles' below: the same bits from j, negated.
    const Vec3 bij = bond_view(site, bond, mi, mj), bji = bond_view(sj, back, mj, mi);
    Vec3 own;
    for (int a = 0; a < 3; ++a)
        own[a] = 0.5 * (bij[a] - bji[a]);
    if (!has_row_[std::size_t(mi)] && !has_row_[std::size_t(mj)]) return own;
    double scale_i = 0, scale_j = 0;  // summed apart: the same bits from either end
    const Vec3 ij = one_view(c, site, bond, mi, mj, scale_i),
               ji = one_view(cj, sj, back, mj, mi, scale_j);
    const double scale = scale_i + scale_j;
    Vec3 d;
    for (int a = 0; a < 3; ++a) {
        d[a] = 0.5 * (ij[a] - ji[a]);
        if (std::abs(d[a]) <= 1e-10 * scale) d[a] = 0;
        d[a] += own[a];
    }
    return d;
}

std::string describe_dmi(const SystemSettings& c, const Lattice& l, const MaterialMap& materials) {
    if (!has_dmi(c) || l.single_spin) return "";
    const DmiVectors vectors(l, materials, c);
    long long bonds = 0, with_d = 0;
    double largest = 0, ratio = 0;
    const std::int64_t cx = l.cells[0] / 2, cy = l.cells[1] / 2;
    for (std::int64_t z = 0; z < l.cells[2]; ++z)
        for (int s = 0; s < l.sites(); ++s) {
            if (!l.present(cx, cy, z, s)) continue;
            const std::int64_t gid = l.gid(cx, cy, z, s);
            const int mi = materials.of(gid);
            for (int b = 0; b < vectors.bonds(s); ++b) {
                const Bond& bond = l.exchange.sites[std::size_t(s)][std::size_t(b)];
                // Only bonds that exist: a partner past an open surface (a monolayer's bonds
                // along z) or absent (a particle's edge, a removed material) is no bond.
                std::int64_t at[3] = {cx + bond.to.dx, cy + bond.to.dy, z + bond.to.dz};
                bool exists = true;
                for (int a = 0; a < 3; ++a) {
                    const std::int64_t n = l.cells[std::size_t(a)];
                    if (at[a] >= 0 && at[a] < n) continue;
                    exists = exists && l.periodic[std::size_t(a)];
                    at[a] = ((at[a] % n) + n) % n;
                }
                if (!exists || !l.present(at[0], at[1], at[2], bond.to.site)) continue;
                ++bonds;
                const Vec3 v = vectors.of(gid, b);
                const double n = length(v);
                if (n == 0) continue;
                ++with_d;
                if (n <= largest) continue;
                largest = n;
                // The bond's isotropic exchange, for the ratio (the partner taken of i's material
                // when the list is normalised: a summary, not the exact pair).
                const double j =
                    (bond.j[0] + bond.j[4] + bond.j[8]) / 3 *
                    (l.exchange.normalised ? c.materials[std::size_t(mi)].exchange[std::size_t(mi)]
                                           : 1.0);
                ratio = j != 0 ? n / std::abs(j) : 0;
            }
        }
    bool triangles = false;
    for (const MaterialConfig& m : c.materials)
        for (const double x : m.dmi)
            triangles = triangles || x != 0;
    char legs[64] = "nearest-neighbour bonds";
    if (triangles)
        std::snprintf(legs, sizeof legs, "legs within %g A", c.exchange.dmi_cutoff_range * 1e10);
    char line[400];
    if (with_d == 0)
        std::snprintf(line, sizeof line,
                      "DMI: no bond in the centre column of cells has DMI (%s: they cancel or "
                      "are missing; it may still act at edges)\n",
                      legs);
    else
        std::snprintf(line, sizeof line,
                      "DMI: %lld of the %lld bonds in the centre column of cells carry D (%s); "
                      "largest |D_ij| %.4g J = %.4g meV, %.3g of its bond's J\n",
                      with_d, bonds, legs, largest, largest / constants::electron_volt * 1e3,
                      ratio);
    return line + critical_dmi(c);
}

std::string critical_dmi(const SystemSettings& c) {
    // The continuum's D_c = 4 sqrt(A K) / pi with a simple cubic lattice's A = J / 2a,
    // K = k / a^3 and D = D_int / a^2 (docs/physics.md): D_int,c = (4 / pi) sqrt(J k / 2).
    if (c.structure.crystal != CrystalStructure::sc || c.unit_cell_file.given()) return "";
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& mat = c.materials[m];
        const double d = std::abs(mat.interfacial_dmi[m]), j = mat.exchange[m], k = mat.anisotropy;
        if (mat.non_magnetic || d == 0 || !(j > 0) || !(k > 0)) continue;
        const double dc = 4 / M_PI * std::sqrt(j * k / 2);
        char line[320];
        std::snprintf(line, sizeof line,
                      "DMI of %s: D/D_c = %.3g, D_c = (4/pi) sqrt(J k/2) = %.4g J of the continuum "
                      "model: %s\n",
                      mat.name.c_str(), d / dc, dc,
                      d < dc ? "below 1, skyrmions are metastable in a uniform ground state"
                             : "above 1, a spiral is the ground state without a field");
        return line;
    }
    return "";
}

}  // namespace miniasd
