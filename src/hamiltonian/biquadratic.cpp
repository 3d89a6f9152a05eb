#include "hamiltonian/biquadratic.hpp"

namespace miniasd {

Biquadratic::Biquadratic(const LocalSystem& sys, int sites, const InteractionList& list,
                         const std::vector<std::vector<int>>& columns,
                         const std::vector<std::vector<double>>& shell_matrix,
                         const std::vector<double>& moments)
    : sys_(sys) {
    const std::size_t nm = moments.size();
    for (const double mu : moments)
        inv_mu_.push_back(1.0 / mu);
    start_.assign(static_cast<std::size_t>(sys.n_owned + 1), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        start_[static_cast<std::size_t>(i)] = static_cast<std::int64_t>(bonds_.size());
        const std::size_t site = static_cast<std::size_t>(sys.gid[i] % sites);
        const std::size_t a = static_cast<std::size_t>(sys.material[i]);
        for (std::size_t k = 0; k < list.sites[site].size(); ++k) {
            const std::int32_t j = sys.neighbour(i, columns[site][k]);
            if (j == sys.null_atom) continue;  // no atom there: a surface or a particle's edge
            const Bond& bond = list.sites[site][k];
            const double w = bond.j[0];
            const std::size_t b = static_cast<std::size_t>(sys.material[j]);
            const auto shell = static_cast<std::size_t>(bond.shell);
            const double value = !list.normalised              ? w
                                 : shell < shell_matrix.size() ? w * shell_matrix[shell][a * nm + b]
                                                               : 0.0;
            if (value != 0) bonds_.push_back({j, value});
        }
    }
    start_[static_cast<std::size_t>(sys.n_owned)] = static_cast<std::int64_t>(bonds_.size());
}

void Biquadratic::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                            FieldView h) const {
    const std::int32_t* mat = sys_.material.data();
    for (std::int64_t i = begin; i < end; ++i) {
        const std::size_t first = static_cast<std::size_t>(start_[static_cast<std::size_t>(i)]);
        const std::size_t last = static_cast<std::size_t>(start_[static_cast<std::size_t>(i) + 1]);
        if (first == last) continue;
        const double six = s.x[i], siy = s.y[i], siz = s.z[i];
        double hx = 0, hy = 0, hz = 0;
        for (std::size_t k = first; k < last; ++k) {
            const LocalBond& bond = bonds_[k];
            const double sx = s.x[bond.j], sy = s.y[bond.j], sz = s.z[bond.j];
            const double c = bond.b * (six * sx + siy * sy + siz * sz);
            hx += c * sx;
            hy += c * sy;
            hz += c * sz;
        }
        const double w = 2 * inv_mu_[static_cast<std::size_t>(mat[i])];  // B = -(1/mu) dE/dS
        h.x[i - begin] += w * hx;
        h.y[i - begin] += w * hy;
        h.z[i - begin] += w * hz;
    }
}

void Biquadratic::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                double* e) const {
    for (std::int64_t i = begin; i < end; ++i) {
        const double si[3] = {s.x[i], s.y[i], s.z[i]};
        e[i - begin] = 0.5 * site_energy(s, i, si);  // half of each bond
    }
}

double Biquadratic::site_energy(const SpinView& s, std::int64_t i, const double* si) const {
    const std::size_t first = static_cast<std::size_t>(start_[static_cast<std::size_t>(i)]);
    const std::size_t last = static_cast<std::size_t>(start_[static_cast<std::size_t>(i) + 1]);
    double e = 0;
    for (std::size_t k = first; k < last; ++k) {
        const LocalBond& bond = bonds_[k];
        const double d = si[0] * s.x[bond.j] + si[1] * s.y[bond.j] + si[2] * s.z[bond.j];
        e -= bond.b * d * d;
    }
    return e;
}

}  // namespace miniasd
