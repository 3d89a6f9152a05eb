#include "system/exchange_summary.hpp"

// A matrix of a few sublattices, once at start-up: no need for Eigen's SIMD paths, whose AVX-512
// intrinsics draw spurious -Wmaybe-uninitialized warnings from GCC 12 at -O3.
#define EIGEN_DONT_VECTORIZE
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

#include "system/materials.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

struct BondFigures {
    double r;      // m
    double j_iso;  // J
    double j_aniso;
};

}  // namespace

ExchangeSummary summarise_exchange(const SystemSettings& c, const Lattice& l) {
    return summarise_exchange(c, l, MaterialMap(c, l));
}

namespace {

// The open axes along which the system is only a few cells thick next to its extent: a film's
// thickness, a wire's cross-section. Their layers enter the sums as the system has them (a
// monolayer's atoms have no bonds out of the plane); every other axis counts as bulk, so a
// nanoparticle or a thick film is summarised as its crystal.
std::array<bool, 3> thin_axes(const Lattice& l) {
    const std::int64_t widest = std::max({l.cells[0], l.cells[1], l.cells[2]});
    // A periodic axis is as wide as can be.
    const bool endless = l.periodic[0] || l.periodic[1] || l.periodic[2];
    std::array<bool, 3> thin{};
    for (int a = 0; a < 3; ++a)
        thin[std::size_t(a)] = !l.periodic[std::size_t(a)] && l.cells[std::size_t(a)] <= 16 &&
                               (endless || 4 * l.cells[std::size_t(a)] <= widest);
    // The coupling matrix has a row per site and layer: beyond 1024 (a wire of a large cell),
    // the thickest thin axes count as bulk.
    auto rows = [&] {
        std::int64_t n = l.sites();
        for (int a = 0; a < 3; ++a)
            if (thin[std::size_t(a)]) n *= l.cells[std::size_t(a)];
        return n;
    };
    while (rows() > 1024 && (thin[0] || thin[1] || thin[2])) {
        int thickest = -1;
        for (int a = 0; a < 3; ++a)
            if (thin[std::size_t(a)] &&
                (thickest < 0 || l.cells[std::size_t(a)] > l.cells[std::size_t(thickest)]))
                thickest = a;
        thin[std::size_t(thickest)] = false;
    }
    return thin;
}

// The layers a summary sums over: each cell index along the thin axes (one when there are none),
// each (site, layer)'s material and whether it is magnetic.
struct Layers {
    const SystemSettings& c;
    const Lattice& l;
    std::array<bool, 3> thin;
    std::array<std::int64_t, 3> extent{1, 1, 1};
    int extended = 0;  // axes counted as bulk
    int sites;
    std::int64_t count = 1;
    std::vector<int> mat;
    std::vector<char> magnetic;
    double moments = 0;  // sum of the magnetic atoms' moments (mu_B)
    double atoms = 1;    // magnetic atoms (at least one)

    Layers(const SystemSettings& config, const Lattice& lattice, const MaterialMap& materials)
        : c(config), l(lattice), thin(thin_axes(lattice)), sites(lattice.sites()) {
        for (int a = 0; a < 3; ++a) {
            if (thin[std::size_t(a)])
                extent[std::size_t(a)] = l.cells[std::size_t(a)];
            else
                ++extended;
        }
        count = extent[0] * extent[1] * extent[2];
        assign_materials(materials);
    }

    std::int64_t dim() const { return sites * count; }
    std::int64_t index(std::int64_t x, std::int64_t y, std::int64_t z) const {
        return (z * extent[1] + y) * extent[0] + x;
    }

    // Each (site, layer)'s material. In bulk: the lowest layer where the site's material is
    // magnetic, so a film over a kept non-magnetic layer is summarised by its magnetic material,
    // not the substrate's zero exchange; in the layers of a thin system, each layer's own.
    void assign_materials(const MaterialMap& materials) {
        mat.assign(std::size_t(dim()), 0);
        magnetic.assign(mat.size(), 1);
        for (std::int64_t z = 0; z < extent[2]; ++z)
            for (std::int64_t y = 0; y < extent[1]; ++y)
                for (std::int64_t x = 0; x < extent[0]; ++x)
                    for (int s = 0; s < sites; ++s) {
                        const std::size_t k = std::size_t(index(x, y, z) * sites + s);
                        int m = materials.of(l.gid(x, y, z, s));
                        bool found = false;  // in bulk: a magnetic material at some height
                        if (count == 1)
                            for (std::int64_t h = 0; h < l.cells[2]; ++h) {
                                const int mh = materials.of(l.gid(0, 0, h, s));
                                const MaterialConfig& mc = c.materials[std::size_t(mh)];
                                if (mc.non_magnetic || mc.removed) continue;
                                m = mh;
                                found = true;
                                break;
                            }
                        const MaterialConfig& mc = c.materials[std::size_t(m)];
                        mat[k] = m;
                        // A site with no magnetic material at any height (a removed layer of a
                        // film one cell thick) holds no atom the energy counts: its bonds are
                        // not the atoms' (an fcc-111 monolayer showed 10 bonds per atom, not 6).
                        magnetic[k] = count == 1 ? found : !(mc.non_magnetic || mc.removed);
                        if (magnetic[k]) moments += mc.moment;
                    }
        // Bonds per atom count the magnetic atoms (a kept non-magnetic substrate has none).
        atoms = double(
            std::max<std::int64_t>(1, std::count(magnetic.begin(), magnetic.end(), char(1))));
    }

    // Calls f(bond, from, to, r2 along the extended axes, |r|) for each bond of the table that
    // exists in the layers: its far end inside them, both ends magnetic.
    template <class Table, class F>
    void for_each_bond(const Table& table, F&& f) const {
        for (std::int64_t z = 0; z < extent[2]; ++z)
            for (std::int64_t y = 0; y < extent[1]; ++y)
                for (std::int64_t x = 0; x < extent[0]; ++x)
                    for (int s = 0; s < sites; ++s)
                        for (const Bond& b : table.sites[std::size_t(s)])
                            bond_from(x, y, z, s, b, f);
    }

  private:
    template <class F>
    void bond_from(std::int64_t x, std::int64_t y, std::int64_t z, int s, const Bond& b,
                   F& f) const {
        const int t = b.to.site;
        const std::int64_t to[3] = {x + (thin[0] ? b.to.dx : 0), y + (thin[1] ? b.to.dy : 0),
                                    z + (thin[2] ? b.to.dz : 0)};
        for (int a = 0; a < 3; ++a)
            if (to[a] < 0 || to[a] >= extent[std::size_t(a)]) return;
        const std::int64_t i = index(x, y, z) * sites + s;
        const std::int64_t j = index(to[0], to[1], to[2]) * sites + t;
        if (!magnetic[std::size_t(i)] || !magnetic[std::size_t(j)]) return;
        const int d[3] = {b.to.dx, b.to.dy, b.to.dz};
        double r2 = 0, r2_extended = 0;
        for (int a = 0; a < 3; ++a) {
            const double u = (d[a] + l.basis[std::size_t(t)][std::size_t(a)] -
                              l.basis[std::size_t(s)][std::size_t(a)]) *
                             l.cell_size[std::size_t(a)];
            r2 += u * u;
            if (!thin[std::size_t(a)]) r2_extended += u * u;
        }
        f(b, i, j, r2_extended, std::sqrt(r2));
    }
};

// The bilinear bonds: each one's figures, the coupling matrix M (J, between (site, layer)s) and
// the sum of J r^2 along the extended axes.
void sum_exchange(const Layers& layers, std::vector<BondFigures>& bonds, Eigen::MatrixXd& m,
                  double& sum_jr2) {
    const Lattice& l = layers.l;
    layers.for_each_bond(
        l.exchange, [&](const Bond& b, std::int64_t i, std::int64_t j, double r2e, double r) {
            // Row a of the coupling scaled by the material pair's exchange-matrix of the bond's
            // shell (its x, y, z parts when vectorial).
            const Vec3 row_scale =
                l.exchange.normalised
                    ? shell_exchange_xyz(layers.c, std::size_t(layers.mat[std::size_t(i)]),
                                         std::size_t(layers.mat[std::size_t(j)]), b.shell)
                    : Vec3{1, 1, 1};
            const double j_iso =
                (row_scale[0] * b.j[0] + row_scale[1] * b.j[4] + row_scale[2] * b.j[8]) / 3;
            double aniso = 0;
            for (int a = 0; a < 3; ++a)
                for (int k = 0; k < 3; ++k)
                    aniso = std::max(
                        aniso, std::abs(row_scale[a] * b.j[3 * a + k] - (a == k ? j_iso : 0)));
            bonds.push_back({r, j_iso, aniso});
            m(i, j) += j_iso;
            sum_jr2 += j_iso * r2e;
        });
}

// Biquadratic bonds stiffen small deviations from a collinear state as a bilinear 2B would.
void sum_biquadratic(const Layers& layers, ExchangeSummary& out, double& sum_jr2) {
    const Lattice& l = layers.l;
    bool first = true;
    layers.for_each_bond(
        l.biquadratic, [&](const Bond& b, std::int64_t i, std::int64_t j, double r2e, double) {
            const double value =
                b.j[0] * (l.biquadratic.normalised
                              ? shell_biquadratic(layers.c, std::size_t(layers.mat[std::size_t(i)]),
                                                  std::size_t(layers.mat[std::size_t(j)]), b.shell)
                              : 1.0);
            sum_jr2 += 2 * value * r2e;
            out.biquadratic_per_atom += 1.0 / layers.atoms;
            out.biquadratic_min = first ? value : std::min(out.biquadratic_min, value);
            out.biquadratic_max = first ? value : std::max(out.biquadratic_max, value);
            first = false;
        });
}

// The bonds grouped into shells of equal length, shortest first.
std::vector<ExchangeShell> group_shells(std::vector<BondFigures> bonds, double atoms) {
    std::sort(bonds.begin(), bonds.end(),
              [](const BondFigures& a, const BondFigures& b) { return a.r < b.r; });
    std::vector<ExchangeShell> shells;
    for (const BondFigures& b : bonds) {
        if (shells.empty() || b.r > shells.back().radius * (1 + 1e-6))
            shells.push_back({b.r, 0, b.j_iso, b.j_iso, 0});
        ExchangeShell& s = shells.back();
        s.per_atom += 1.0 / atoms;
        s.j_min = std::min(s.j_min, b.j_iso);
        s.j_max = std::max(s.j_max, b.j_iso);
        s.j_anisotropy = std::max(s.j_anisotropy, b.j_aniso);
    }
    return shells;
}

}  // namespace

ExchangeSummary summarise_exchange(const SystemSettings& c, const Lattice& l,
                                   const MaterialMap& materials) {
    ExchangeSummary out;
    if (l.single_spin || l.sites() == 0) return out;
    const Layers layers(c, l, materials);
    out.thin = layers.thin;
    out.layers = layers.count;
    std::vector<BondFigures> bonds;
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(layers.dim(), layers.dim());
    double sum_jr2 = 0;
    sum_exchange(layers, bonds, m, sum_jr2);
    sum_biquadratic(layers, out, sum_jr2);
    out.shells = group_shells(std::move(bonds), layers.atoms);
    // M is symmetric when every bond has its reverse with the same coupling (the unit-cell file
    // is checked for that; the built-in shells are symmetric by construction).
    const Eigen::MatrixXd sym = 0.5 * (m + m.transpose());
    const double lambda =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(sym).eigenvalues().maxCoeff();
    out.curie_temperature = std::max(0.0, lambda / (3 * constants::boltzmann));
    // hbar omega = D q^2 for q along the extended axes, averaged over their directions: the
    // mean of (r.q^)^2 is r^2 / d over d extended axes (d = 3: the cubic average, 1/6).
    out.stiffness = layers.extended > 0 && layers.moments > 0
                        ? constants::hbar * constants::gyromagnetic_ratio * sum_jr2 /
                              (2.0 * layers.extended * layers.moments)
                        : 0.0;
    return out;
}

std::string describe(const ExchangeSummary& s) {
    if (s.shells.empty()) return "Exchange: no bonds\n";
    std::string out = "Exchange shells:  radius (A)  bonds/atom  J per link (J, isotropic part)\n";
    char line[256];
    const std::size_t shown = std::min<std::size_t>(s.shells.size(), 12);
    for (std::size_t k = 0; k < shown; ++k) {
        const ExchangeShell& e = s.shells[k];
        int n = std::snprintf(line, sizeof line, "  %4zu %12.4f %11.4g  %.4g", k + 1,
                              e.radius * 1e10, e.per_atom, e.j_min);
        if (e.j_max != e.j_min) n += std::snprintf(line + n, sizeof line - n, " to %.4g", e.j_max);
        if (e.j_anisotropy > 1e-9 * std::max(std::abs(e.j_min), std::abs(e.j_max)))
            n += std::snprintf(line + n, sizeof line - n, "; anisotropic/DMI parts up to %.3g",
                               e.j_anisotropy);
        out += std::string(line) + "\n";
    }
    if (shown < s.shells.size())
        out += "  ... " + std::to_string(s.shells.size() - shown) + " more shell(s)\n";
    if (s.biquadratic_per_atom > 0) {
        int n = std::snprintf(line, sizeof line,
                              "Biquadratic exchange: %.4g bonds/atom, B per link %.4g",
                              s.biquadratic_per_atom, s.biquadratic_min);
        if (s.biquadratic_max != s.biquadratic_min)
            n += std::snprintf(line + n, sizeof line - n, " to %.4g", s.biquadratic_max);
        std::snprintf(line + n, sizeof line - n,
                      " J (the stiffness below counts it as a bilinear 2B; the Curie "
                      "temperature does not)\n");
        out += line;
    }
    std::string shape;
    const char* axis[3] = {"x", "y", "z"};
    for (int a = 0; a < 3; ++a)
        if (s.thin[std::size_t(a)]) shape += std::string(shape.empty() ? "" : ", ") + axis[a];
    int thin = 0;
    std::string along;  // the extended axes
    for (int a = 0; a < 3; ++a) {
        thin += s.thin[std::size_t(a)] ? 1 : 0;
        if (!s.thin[std::size_t(a)]) along += axis[a];
    }
    const char* kind = thin == 1 ? "film" : thin == 2 ? "wire" : "particle";
    if (!shape.empty())
        out += "Thin along " + shape + " (" + std::to_string(s.layers) +
               " cell(s) across in all): the bonds per atom above and the figures below are "
               "this " +
               kind + "'s own atoms', not the bulk crystal's\n";
    const std::string where = thin == 1   ? " (in the plane)"
                              : thin == 2 ? " (along " + along + ")"
                                          : "";
    std::snprintf(line, sizeof line,
                  "Mean-field Curie temperature %.4g K (%s); spin-wave stiffness of the "
                  "ferromagnetic state %.4g meV A^2%s\n",
                  s.curie_temperature,
                  shape.empty() ? "the true T_c of sc, bcc and fcc ferromagnets is 0.72-0.79 of it"
                                : (std::string("a ") + kind +
                                   "'s true T_c lies further below it than a crystal's")
                                      .c_str(),
                  s.stiffness / (1e-3 * constants::electron_volt) * 1e20, where.c_str());
    return out + line;
}

}  // namespace miniasd
