#include "hamiltonian/dmi.hpp"

namespace miniasd {

Dmi::Dmi(const LocalSystem& sys, int sites, const DmiVectors& vectors,
         const std::vector<std::vector<int>>& columns, const std::vector<double>& moments)
    : sys_(sys) {
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(bonds_.size());
        const int site = static_cast<int>(sys.gid[i] % sites);
        const std::vector<int>& col = columns[static_cast<std::size_t>(site)];
        for (int a = 0; a < vectors.bonds(site); ++a) {
            const std::int32_t j = sys.neighbour(i, col[static_cast<std::size_t>(a)]);
            if (j == sys.null_atom) continue;  // no atom there: a surface or a particle's edge
            const Vec3 d = vectors.of(sys.gid[i], a);
            if (d[0] != 0 || d[1] != 0 || d[2] != 0) bonds_.push_back({j, {d[0], d[1], d[2]}});
        }
    }
    start_[static_cast<std::size_t>(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
}

void Dmi::gradient(const SpinView& s, std::int64_t i, double* g) const {
    g[0] = g[1] = g[2] = 0;
    const std::size_t end = static_cast<std::size_t>(start_[static_cast<std::size_t>(i) + 1]);
    for (std::size_t b = static_cast<std::size_t>(start_[static_cast<std::size_t>(i)]); b < end;
         ++b) {
        const LocalBond& bond = bonds_[b];
        const double sx = s.x[bond.j], sy = s.y[bond.j], sz = s.z[bond.j];
        g[0] += sy * bond.d[2] - sz * bond.d[1];
        g[1] += sz * bond.d[0] - sx * bond.d[2];
        g[2] += sx * bond.d[1] - sy * bond.d[0];
    }
}

void Dmi::add_field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h) const {
    const std::int32_t* mat = sys_.material.data();
    for (std::int64_t i = begin; i < end; ++i) {
        if (start_[static_cast<std::size_t>(i)] == start_[static_cast<std::size_t>(i) + 1])
            continue;
        double g[3];
        gradient(s, i, g);
        const double w = -inv_mu_[static_cast<std::size_t>(mat[i])];  // B = -(1/mu) dE/dS
        h.x[i - begin] += w * g[0];
        h.y[i - begin] += w * g[1];
        h.z[i - begin] += w * g[2];
    }
}

void Dmi::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end, double* e) const {
    for (std::int64_t i = begin; i < end; ++i) {
        double g[3];
        gradient(s, i, g);
        e[i - begin] = 0.5 * (s.x[i] * g[0] + s.y[i] * g[1] + s.z[i] * g[2]);
    }
}

double Dmi::site_energy(const SpinView& s, std::int64_t i, const double* si) const {
    double g[3];
    gradient(s, i, g);
    return si[0] * g[0] + si[1] * g[1] + si[2] * g[2];
}

// Linear in S_i (no bond joins an atom to itself): one gradient serves both states.
double Dmi::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                               const double* to) const {
    double g[3];
    gradient(s, i, g);
    return (to[0] - from[0]) * g[0] + (to[1] - from[1]) * g[1] + (to[2] - from[2]) * g[2];
}

}  // namespace miniasd
