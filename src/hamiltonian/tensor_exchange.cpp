#include "hamiltonian/tensor_exchange.hpp"

#include <algorithm>
#include <cstdlib>
#include <type_traits>

#include "hamiltonian/bond_runs.hpp"
#include "util/error.hpp"

namespace miniasd {

TensorExchange::TensorExchange(const LocalSystem& sys, int sites, const InteractionList& list,
                               const std::vector<std::vector<int>>& columns,
                               const std::vector<std::vector<Vec3>>& shell_j,
                               std::vector<double> moments)
    : sys_(sys), form_(list.form), materials_(static_cast<int>(moments.size())) {
    int shells = 1;
    bonds_.resize(list.sites.size());
    for (std::size_t s = 0; s < list.sites.size(); ++s)
        for (std::size_t k = 0; k < list.sites[s].size(); ++k) {
            const Bond& b = list.sites[s][k];
            bonds_[s].push_back({columns[s][k], b.shell, b.j});
            shells = std::max(shells, b.shell + 1);
        }
    const int nm = materials_;
    energy_scale_.assign(shells, std::vector<Vec3>(nm * nm, Vec3{1, 1, 1}));
    field_scale_.assign(shells, std::vector<Vec3>(nm * nm, Vec3{0, 0, 0}));
    bool vectorial = false;
    for (int sh = 0; sh < shells; ++sh)
        for (int a = 0; a < nm; ++a)
            for (int b = 0; b < nm; ++b) {
                Vec3& e = energy_scale_[sh][a * nm + b];
                if (list.normalised)
                    e = sh < static_cast<int>(shell_j.size()) ? shell_j[sh][a * nm + b]
                                                              : Vec3{0, 0, 0};
                for (int c = 0; c < 3; ++c)
                    field_scale_[sh][a * nm + b][c] = e[c] / moments[a];
                vectorial = vectorial || is_vectorial(e);
            }
    if (vectorial && form_ == CouplingForm::tensor)
        throw Error(
            "a vectorial exchange-matrix (Jx, Jy, Jz) cannot scale a tensorial unit-cell "
            "file's weights: give the file's bonds as normalised-vectorial, or one value");
    if (vectorial) form_ = CouplingForm::diagonal;  // isotropic weights, vectorial couplings
    if (nm == 1) {
        folded_ = bonds_;
        for (auto& site : folded_)
            for (LocalBond& b : site)
                for (int k = 0; k < 9; ++k)  // (w J) / mu: a weight of 1 gives J / mu exactly
                    b.j[k] = b.j[k] * energy_scale_[b.shell][0][k / 3] / moments[0];
    }
    site_.resize(sys.n_owned);
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        site_[i] = static_cast<std::int32_t>(sys.gid[i] % sites);
    if (nm == 1 && !std::getenv("MINIASD_NO_STENCIL_RUNS")) find_runs(columns);
    // Active when some bond has some nonzero coupling between materials that can meet.
    for (const auto& site : bonds_)
        for (const LocalBond& b : site)
            for (const double v : b.j)
                for (const Vec3& e : energy_scale_[b.shell])
                    if (v != 0 && (e[0] != 0 || e[1] != 0 || e[2] != 0)) active_ = true;
}

// Runs for the one-material field where every site has the same number of bonds, read from the
// table's leading columns in order, and every period-1 run holds atoms of one site.
void TensorExchange::find_runs(const std::vector<std::vector<int>>& columns) {
    const std::size_t width = folded_.empty() ? 0 : folded_[0].size();
    if (width == 0) return;
    for (std::size_t s = 0; s < folded_.size(); ++s) {
        if (folded_[s].size() != width) return;
        for (std::size_t k = 0; k < width; ++k)
            if (columns[s][k] != static_cast<int>(k)) return;
    }
    StencilRuns runs = find_stencil_runs(sys_, static_cast<int>(width));
    if (runs.period != 1) return;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const std::int32_t site = site_[static_cast<std::size_t>(runs.begin[r])];
        for (std::int64_t i = runs.begin[r]; i < runs.end[r]; ++i)
            if (site_[static_cast<std::size_t>(i)] != site) return;
        run_site_.push_back(site);
    }
    for (const auto& site : folded_) {
        std::vector<double> c;
        for (const LocalBond& b : site) {
            if (form_ == CouplingForm::isotropic) c.push_back(b.j[0]);
            if (form_ == CouplingForm::diagonal) c.insert(c.end(), {b.j[0], b.j[4], b.j[8]});
            if (form_ == CouplingForm::tensor) c.insert(c.end(), b.j.begin(), b.j.end());
        }
        run_coef_.push_back(std::move(c));
    }
    runs_ = std::move(runs);
}

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
    switch (form_) {
        case CouplingForm::isotropic:
            return sum(std::integral_constant<CouplingForm, CouplingForm::isotropic>{});
        case CouplingForm::diagonal:
            return sum(std::integral_constant<CouplingForm, CouplingForm::diagonal>{});
        case CouplingForm::tensor:
            return sum(std::integral_constant<CouplingForm, CouplingForm::tensor>{});
    }
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
                                FieldView h) const {
    const int w = static_cast<int>(folded_[0].size());
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
                const LocalBond* b0 = folded_[site_[i]].data();
                const LocalBond* b1 = folded_[site_[i + 1]].data();
                double f[2][3] = {{0, 0, 0}, {0, 0, 0}};
                for (int k = 0; k < w; ++k) {
                    const std::int32_t j0 = row[k], j1 = row[w + k];
                    add_bond<F>(b0[k].j, ones, s.x[j0], s.y[j0], s.z[j0], f[0]);
                    add_bond<F>(b1[k].j, ones, s.x[j1], s.y[j1], s.z[j1], f[1]);
                }
                for (int l = 0; l < 2; ++l) {
                    h.x[i + l - begin] += f[l][0];
                    h.y[i + l - begin] += f[l][1];
                    h.z[i + l - begin] += f[l][2];
                }
            }
            for (; i < z; ++i, ++o) {
                const std::int32_t* row = runs_.odd_nbr.data() + o * w;
                const LocalBond* b = folded_[site_[i]].data();
                double f[3] = {0, 0, 0};
                for (int k = 0; k < w; ++k)
                    add_bond<F>(b[k].j, ones, s.x[row[k]], s.y[row[k]], s.z[row[k]], f);
                h.x[i - begin] += f[0];
                h.y[i - begin] += f[1];
                h.z[i - begin] += f[2];
            }
            continue;
        }
        const std::int64_t z = std::min(end, runs_.end[r]);
        bond_run_field<F>(s, runs_.delta.data() + r * w, run_coef_[run_site_[r]].data(), w, i, z,
                          at);
        i = z;
        ++r;
    }
}

void TensorExchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                               FieldView h) const {
    if (runs_.period == 1) {
        switch (form_) {
            case CouplingForm::isotropic:
                return runs_field<CouplingForm::isotropic>(s, begin, end, h);
            case CouplingForm::diagonal:
                return runs_field<CouplingForm::diagonal>(s, begin, end, h);
            case CouplingForm::tensor:
                return runs_field<CouplingForm::tensor>(s, begin, end, h);
        }
    }
    if (!folded_.empty()) {
        switch (form_) {
            case CouplingForm::isotropic:
                return one_material_field<CouplingForm::isotropic>(s, begin, end, h);
            case CouplingForm::diagonal:
                return one_material_field<CouplingForm::diagonal>(s, begin, end, h);
            case CouplingForm::tensor:
                return one_material_field<CouplingForm::tensor>(s, begin, end, h);
        }
    }
    for (std::int64_t i = begin; i < end; ++i) {
        double f[3];
        bond_sum(s, i, field_scale_, f);
        h.x[i - begin] += f[0];
        h.y[i - begin] += f[1];
        h.z[i - begin] += f[2];
    }
}

void TensorExchange::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                   double* e) const {
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
