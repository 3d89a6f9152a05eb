#include "system/exchange_summary.hpp"

// A matrix of a few sublattices, once at start-up: no need for Eigen's SIMD paths, whose AVX-512
// intrinsics draw spurious -Wmaybe-uninitialized warnings from GCC 12 at -O3.
#define EIGEN_DONT_VECTORIZE
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdio>

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

ExchangeSummary summarise_exchange(const Config& c, const Lattice& l) {
    return summarise_exchange(c, l, MaterialMap(c, l));
}

ExchangeSummary summarise_exchange(const Config& c, const Lattice& l,
                                   const MaterialMap& materials) {
    ExchangeSummary out;
    const int sites = l.sites();
    if (l.single_spin || sites == 0) return out;
    std::vector<int> mat(sites);
    double moments = 0;
    for (int s = 0; s < sites; ++s) {
        // The lowest layer whose atom here is magnetic: a film over a kept non-magnetic layer
        // is summarised by its magnetic material, not the substrate's zero exchange.
        mat[s] = materials.of(l.gid(0, 0, 0, s));
        for (std::int64_t z = 0; z < l.cells[2]; ++z) {
            const int m = materials.of(l.gid(0, 0, z, s));
            const MaterialConfig& mc = c.materials[std::size_t(m)];
            if (mc.non_magnetic || mc.removed) continue;
            mat[s] = m;
            break;
        }
        moments += c.materials[mat[s]].moment;
    }
    std::vector<BondFigures> bonds;
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(sites, sites);
    double sum_jr2 = 0;
    for (int s = 0; s < sites; ++s)
        for (const Bond& b : l.exchange.sites[s]) {
            const int t = b.to.site;
            // Row a of the coupling scaled by the material pair's exchange-matrix of the bond's
            // shell (its x, y, z parts when vectorial).
            const Vec3 row_scale =
                l.exchange.normalised
                    ? shell_exchange_xyz(c, std::size_t(mat[s]), std::size_t(mat[t]), b.shell)
                    : Vec3{1, 1, 1};
            const double j_iso =
                (row_scale[0] * b.j[0] + row_scale[1] * b.j[4] + row_scale[2] * b.j[8]) / 3;
            double aniso = 0;
            for (int a = 0; a < 3; ++a)
                for (int k = 0; k < 3; ++k)
                    aniso = std::max(
                        aniso, std::abs(row_scale[a] * b.j[3 * a + k] - (a == k ? j_iso : 0)));
            const int d[3] = {b.to.dx, b.to.dy, b.to.dz};
            double r2 = 0;
            for (int a = 0; a < 3; ++a) {
                const double x = (d[a] + l.basis[t][a] - l.basis[s][a]) * l.cell_size[a];
                r2 += x * x;
            }
            bonds.push_back({std::sqrt(r2), j_iso, aniso});
            m(s, t) += j_iso;
            sum_jr2 += j_iso * r2;
        }
    // Biquadratic bonds stiffen small deviations from a collinear state as a bilinear 2B would.
    bool first = true;
    for (int s = 0; s < sites; ++s)
        for (const Bond& b : l.biquadratic.sites[s]) {
            const int t = b.to.site;
            const double value =
                b.j[0] * (l.biquadratic.normalised ? shell_biquadratic(c, std::size_t(mat[s]),
                                                                       std::size_t(mat[t]), b.shell)
                                                   : 1.0);
            const int d[3] = {b.to.dx, b.to.dy, b.to.dz};
            double r2 = 0;
            for (int a = 0; a < 3; ++a) {
                const double x = (d[a] + l.basis[t][a] - l.basis[s][a]) * l.cell_size[a];
                r2 += x * x;
            }
            sum_jr2 += 2 * value * r2;
            out.biquadratic_per_atom += 1.0 / sites;
            out.biquadratic_min = first ? value : std::min(out.biquadratic_min, value);
            out.biquadratic_max = first ? value : std::max(out.biquadratic_max, value);
            first = false;
        }
    std::sort(bonds.begin(), bonds.end(),
              [](const BondFigures& a, const BondFigures& b) { return a.r < b.r; });
    for (const BondFigures& b : bonds) {
        if (out.shells.empty() || b.r > out.shells.back().radius * (1 + 1e-6)) {
            out.shells.push_back({b.r, 0, b.j_iso, b.j_iso, 0});
        }
        ExchangeShell& s = out.shells.back();
        s.per_atom += 1.0 / sites;
        s.j_min = std::min(s.j_min, b.j_iso);
        s.j_max = std::max(s.j_max, b.j_iso);
        s.j_anisotropy = std::max(s.j_anisotropy, b.j_aniso);
    }
    // M is symmetric when every bond has its reverse with the same coupling (the unit-cell file
    // is checked for that; the built-in shells are symmetric by construction).
    const Eigen::MatrixXd sym = 0.5 * (m + m.transpose());
    const double lambda =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(sym).eigenvalues().maxCoeff();
    out.curie_temperature = std::max(0.0, lambda / (3 * constants::boltzmann));
    out.stiffness = constants::hbar * constants::gyromagnetic_ratio * sum_jr2 / (6 * moments);
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
    std::snprintf(
        line, sizeof line,
        "Mean-field Curie temperature %.4g K (the true T_c of sc, bcc and fcc ferromagnets "
        "is 0.72-0.79 of it); "
        "spin-wave stiffness of the ferromagnetic state %.4g meV A^2\n",
        s.curie_temperature, s.stiffness / (1e-3 * constants::electron_volt) * 1e20);
    return out + line;
}

}  // namespace miniasd
