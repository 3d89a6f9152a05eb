#include "hamiltonian/tensor_exchange.hpp"

#include <algorithm>
#include <type_traits>

#include "hamiltonian/bond_runs.hpp"

namespace miniasd {

namespace {

// h += c J S_j for one bond, in the form's few multiplications (the same bits for every form of
// the same numbers would not hold, so each list uses one form throughout). c per component of h:
// the isotropic and tensor forms have three equal factors and read c[0], the diagonal form reads
// each (VAMPIRE's vectorial exchange-matrix).
template <CouplingForm F>
inline void add_bond(const std::array<double, 9>& J, const Vec3& c, double sx, double sy, double sz,
                     double* h) {
    if constexpr (F == CouplingForm::isotropic) {
        const double w = c[0] * J[0];
        h[0] += w * sx;
        h[1] += w * sy;
        h[2] += w * sz;
    } else if constexpr (F == CouplingForm::diagonal) {
        h[0] += c[0] * (J[0] * sx);
        h[1] += c[1] * (J[4] * sy);
        h[2] += c[2] * (J[8] * sz);
    } else {
        h[0] += c[0] * (J[0] * sx + J[1] * sy + J[2] * sz);
        h[1] += c[0] * (J[3] * sx + J[4] * sy + J[5] * sz);
        h[2] += c[0] * (J[6] * sx + J[7] * sy + J[8] * sz);
    }
}
constexpr Vec3 ones{1, 1, 1};

// Calls f with the form as a compile-time constant, so each form gets a loop of its own.
template <typename F>
void with_form(CouplingForm form, F&& f) {
    using C = CouplingForm;
    switch (form) {
        case C::isotropic:
            return f(std::integral_constant<C, C::isotropic>{});
        case C::diagonal:
            return f(std::integral_constant<C, C::diagonal>{});
        case C::tensor:
            return f(std::integral_constant<C, C::tensor>{});
    }
}

}  // namespace

// Bonds are summed in the list's order for every atom, so a field does not depend on how atoms
// are split among ranks, threads or chunks.
void TensorExchange::bond_sum(const SpinView& s, std::int64_t i, const Scales& table,
                              double* h) const {
    h[0] = h[1] = h[2] = 0;
    const std::int64_t n = sys_.n_owned;
    const std::int32_t* mat = sys_.material.data();
    const int row = mat[i] * materials_;
    auto sum = [&](auto form) {
        for (const LocalBond& b : bonds_[site_[i]]) {
            const std::int32_t j = sys_.nbr[static_cast<std::int64_t>(b.column) * n + i];
            add_bond<decltype(form)::value>(b.j, table[b.shell][row + mat[j]], s.x[j], s.y[j],
                                            s.z[j], h);
        }
    };
    with_form(form_, sum);
}

template <CouplingForm F>
void TensorExchange::one_material_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                        FieldView h) const {
    const std::int64_t n = sys_.n_owned;
    const std::int32_t* nbr = sys_.nbr.data();
    for (std::int64_t i = begin; i < end; ++i) {
        double f[3] = {0, 0, 0};
        for (const LocalBond& b : folded_[site_[i]]) {
            const std::int32_t j = nbr[static_cast<std::int64_t>(b.column) * n + i];
            add_bond<F>(b.j, ones, s.x[j], s.y[j], s.z[j], f);
        }
        h.x[i - begin] += f[0];
        h.y[i - begin] += f[1];
        h.z[i - begin] += f[2];
    }
}

// [begin, end): stretches inside runs by bond_run_field, the atoms between runs one by one.
template <CouplingForm F>
void TensorExchange::runs_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                FieldView h, const std::vector<std::vector<double>>& coef) const {
    const int w = static_cast<int>(bonds_[0].size());
    std::size_t r = runs_.first_ending_after(begin);
    std::size_t o = runs_.first_odd_from(begin);
    std::int64_t i = begin;
    while (i < end) {
        const FieldView at{h.x + (i - begin), h.y + (i - begin), h.z + (i - begin)};
        const std::int64_t next_run = r < runs_.size() ? runs_.begin[r] : end;
        if (i < next_run) {  // atoms between runs: their rows of the odd-atom table, in sequence
            const std::int64_t z = std::min(end, next_run);
            // Two atoms at a time (usually the last of one row and the first of the next): their
            // six sums overlap, each still over its bonds in order.
            constexpr int C = F == CouplingForm::isotropic  ? 1
                              : F == CouplingForm::diagonal ? 3
                                                            : 9;
            for (; i + 2 <= z; i += 2, o += 2) {
                const std::int32_t* row = runs_.odd_nbr.data() + o * w;
                const double* c0 = coef[site_[i]].data();
                const double* c1 = coef[site_[i + 1]].data();
                double f[2][3] = {{0, 0, 0}, {0, 0, 0}};
                for (int k = 0; k < w; ++k) {
                    const std::int32_t j0 = row[k], j1 = row[w + k];
                    add_bond_coefficients<F>(c0 + C * k, s.x[j0], s.y[j0], s.z[j0], f[0]);
                    add_bond_coefficients<F>(c1 + C * k, s.x[j1], s.y[j1], s.z[j1], f[1]);
                }
                for (int l = 0; l < 2; ++l) {
                    h.x[i + l - begin] += f[l][0];
                    h.y[i + l - begin] += f[l][1];
                    h.z[i + l - begin] += f[l][2];
                }
            }
            for (; i < z; ++i, ++o) {
                const std::int32_t* row = runs_.odd_nbr.data() + o * w;
                const double* c = coef[site_[i]].data();
                double f[3] = {0, 0, 0};
                for (int k = 0; k < w; ++k)
                    add_bond_coefficients<F>(c + C * k, s.x[row[k]], s.y[row[k]], s.z[row[k]], f);
                h.x[i - begin] += f[0];
                h.y[i - begin] += f[1];
                h.z[i - begin] += f[2];
            }
            continue;
        }
        const std::int64_t z = std::min(end, runs_.end[r]);
        bond_run_field<F>(s, runs_.delta.data() + r * w, coef[run_site_[r]].data(), w, i, z, at);
        i = z;
        ++r;
    }
}

void TensorExchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                               FieldView h) const {
    if (runs_.period == 1) {
        return with_form(
            form_, [&](auto f) { runs_field<decltype(f)::value>(s, begin, end, h, run_coef_); });
    }
    if (!folded_.empty()) {
        return with_form(form_,
                         [&](auto f) { one_material_field<decltype(f)::value>(s, begin, end, h); });
    }
    if (pair_coef_.empty()) {  // too many materials for the folded table
        for (std::int64_t i = begin; i < end; ++i) {
            double f[3];
            bond_sum(s, i, field_scale_, f);
            h.x[i - begin] += f[0];
            h.y[i - begin] += f[1];
            h.z[i - begin] += f[2];
        }
        return;
    }
    return with_form(form_, [&](auto f) { pair_field<decltype(f)::value>(s, begin, end, h); });
}

// Several materials, no runs: each bond's coefficients for the atom's and the neighbour's
// materials, summed in list order.
template <CouplingForm F>
void TensorExchange::pair_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                FieldView h) const {
    constexpr int C = F == CouplingForm::isotropic ? 1 : F == CouplingForm::diagonal ? 3 : 9;
    const std::int64_t n = sys_.n_owned;
    const std::int32_t* nbr = sys_.nbr.data();
    const std::int32_t* mat = sys_.material.data();
    // Where two neighbouring atoms have as many bonds, their sums are interleaved (each still
    // over its bonds in order): one atom's additions form a chain the core waits on.
    auto row = [&](std::int64_t i, const LocalBond*& bonds, const double*& block) {
        const std::int64_t w = static_cast<std::int64_t>(bonds_[site_[i]].size());
        bonds = bonds_[site_[i]].data();
        block = pair_coef_[site_[i]].data() + mat[i] * materials_ * w * C;
        return w;
    };
    std::int64_t i = begin;
    while (i < end) {
        const LocalBond *b0, *b1;
        const double *c0, *c1;
        const std::int64_t w = row(i, b0, c0);
        double f[2][3] = {{0, 0, 0}, {0, 0, 0}};
        if (i + 1 < end && row(i + 1, b1, c1) == w) {
            for (std::int64_t k = 0; k < w; ++k) {
                const std::int32_t j0 = nbr[static_cast<std::int64_t>(b0[k].column) * n + i];
                const std::int32_t j1 = nbr[static_cast<std::int64_t>(b1[k].column) * n + i + 1];
                add_bond_coefficients<F>(c0 + (mat[j0] * w + k) * C, s.x[j0], s.y[j0], s.z[j0],
                                         f[0]);
                add_bond_coefficients<F>(c1 + (mat[j1] * w + k) * C, s.x[j1], s.y[j1], s.z[j1],
                                         f[1]);
            }
            for (int l = 0; l < 2; ++l) {
                h.x[i + l - begin] += f[l][0];
                h.y[i + l - begin] += f[l][1];
                h.z[i + l - begin] += f[l][2];
            }
            i += 2;
            continue;
        }
        for (std::int64_t k = 0; k < w; ++k) {
            const std::int32_t j = nbr[static_cast<std::int64_t>(b0[k].column) * n + i];
            add_bond_coefficients<F>(c0 + (mat[j] * w + k) * C, s.x[j], s.y[j], s.z[j], f[0]);
        }
        h.x[i - begin] += f[0][0];
        h.y[i - begin] += f[0][1];
        h.z[i - begin] += f[0][2];
        ++i;
    }
}

// The energy's field from the runs, a block at a time, then each atom's half of its bonds.
template <CouplingForm F>
void TensorExchange::runs_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   double* e) const {
    constexpr std::int64_t block = 256;
    alignas(64) double fx[block], fy[block], fz[block];
    for (std::int64_t b = begin; b < end; b += block) {
        const std::int64_t n = std::min(block, end - b);
        std::fill(fx, fx + n, 0.0);
        std::fill(fy, fy + n, 0.0);
        std::fill(fz, fz + n, 0.0);
        runs_field<F>(s, b, b + n, FieldView{fx, fy, fz}, run_energy_coef_);
        for (std::int64_t i = b; i < b + n; ++i)
            e[i - begin] = -0.5 * (s.x[i] * fx[i - b] + s.y[i] * fy[i - b] + s.z[i] * fz[i - b]);
    }
}

void TensorExchange::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   double* e) const {
    if (!run_energy_coef_.empty()) {
        return with_form(form_,
                         [&](auto f) { runs_energies<decltype(f)::value>(s, begin, end, e); });
    }
    for (std::int64_t i = begin; i < end; ++i) {
        double f[3];
        bond_sum(s, i, energy_scale_, f);
        e[i - begin] = -0.5 * (s.x[i] * f[0] + s.y[i] * f[1] + s.z[i] * f[2]);
    }
}

double TensorExchange::site_energy(const SpinView& s, std::int64_t i, const double* si) const {
    double f[3];
    bond_sum(s, i, energy_scale_, f);
    return -(si[0] * f[0] + si[1] * f[1] + si[2] * f[2]);
}

// Linear in S_i (no bond joins an atom to itself, system/lattice.cpp): one bond sum serves both.
double TensorExchange::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                          const double* to) const {
    double f[3];
    bond_sum(s, i, energy_scale_, f);
    return -((to[0] - from[0]) * f[0] + (to[1] - from[1]) * f[1] + (to[2] - from[2]) * f[2]);
}

}  // namespace miniasd
