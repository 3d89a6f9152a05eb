// The general exchange's CPU traversals of its kernel (kernels/tensor_exchange.hpp): the stencil
// runs, vectorised four atoms per register (bond_runs.hpp), and two atoms at a time elsewhere,
// each atom summing its bonds in list order as the kernel does, so every path gives its bits.
#include <algorithm>

#include "hamiltonian/bond_runs.hpp"
#include "hamiltonian/tensor_exchange.hpp"

namespace miniasd {

using kernels::add_bond_coefficients;
using kernels::with_form;

// [begin, end): stretches inside runs by bond_run_field, the atoms between runs one by one.
template <CouplingForm F>
void TensorExchange::runs_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                FieldView h, const double* coef) const {
    constexpr int C = static_cast<int>(F);
    const int w = static_cast<int>(bonds_of(0));
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
            for (; i + 2 <= z; i += 2, o += 2) {
                const std::int32_t* row = runs_.odd_nbr.data() + o * w;
                const double* c0 = coef + run_coef_start_[site_[i]];
                const double* c1 = coef + run_coef_start_[site_[i + 1]];
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
                const double* c = coef + run_coef_start_[site_[i]];
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
        bond_run_field<F>(s, runs_.delta.data() + r * w, coef + run_coef_start_[run_site_[r]], w, i,
                          z, at);
        i = z;
        ++r;
    }
}

void TensorExchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                               FieldView h) const {
    if (runs_.period == 1) {
        return with_form(form_, [&](auto f) {
            runs_field<decltype(f)::value>(s, begin, end, h, run_coef_.data());
        });
    }
    if (materials_ > 1 && !coef_.empty())
        return with_form(form_, [&](auto f) { pair_field<decltype(f)::value>(s, begin, end, h); });
    KernelTerm::add_field(s, begin, end, h);
}

// Several materials, no runs: each bond's coefficients for the atom's and the neighbour's
// materials, summed in list order (kernels::tensor_field's sums).
template <CouplingForm F>
void TensorExchange::pair_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                                FieldView h) const {
    constexpr int C = static_cast<int>(F);
    const kernels::TensorExchangeView& v = view_;
    const std::int64_t n = v.n_owned;
    const std::int32_t* nbr = v.nbr;
    const std::int32_t* mat = v.material;
    // Where two neighbouring atoms have as many bonds, their sums are interleaved (each still
    // over its bonds in order): one atom's additions form a chain the core waits on.
    auto row = [&](std::int64_t i, const kernels::TensorBond*& bonds, const double*& block) {
        const std::int32_t st = site_[i];
        const std::int64_t w = bonds_of(std::size_t(st));
        bonds = bonds_.data() + bond_start_[st];
        block = coef_.data() + coef_start_[st] + mat[i] * materials_ * w * C;
        return w;
    };
    std::int64_t i = begin;
    while (i < end) {
        const kernels::TensorBond *b0, *b1;
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
        kernels::tensor_field<F>(i, v, s, h.x[i - begin], h.y[i - begin], h.z[i - begin]);
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
        runs_field<F>(s, b, b + n, FieldView{fx, fy, fz}, run_energy_coef_.data());
        for (std::int64_t i = b; i < b + n; ++i)
            e[i - begin] = -0.5 * (s.x[i] * fx[i - b] + s.y[i] * fy[i - b] + s.z[i] * fz[i - b]);
    }
}

void TensorExchange::dmi_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                  double* e) const {
    const kernels::TensorExchangeView& v = kernel_view();
    for (std::int64_t i = begin; i < end; ++i)
        e[i - begin] = kernels::antisymmetric_energy_at(i, v, s);
}

void TensorExchange::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   double* e) const {
    if (!run_energy_coef_.empty()) {
        return with_form(form_,
                         [&](auto f) { runs_energies<decltype(f)::value>(s, begin, end, e); });
    }
    KernelTerm::atom_energies(s, begin, end, e);
}

}  // namespace miniasd
