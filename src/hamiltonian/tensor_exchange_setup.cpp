// Set-up of the general exchange term (tensor_exchange.hpp): the per-site bond lists, their
// couplings folded with the materials' field scales, all in flat arrays the kernel's view points
// into, and the stencil runs the CPU's field reads where the lattice has them. The field and
// energy traversals are in tensor_exchange.cpp, the per-atom kernel in kernels/tensor_exchange.hpp.
#include <algorithm>
#include <cstdlib>

#include "hamiltonian/tensor_exchange.hpp"
#include "util/environment.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

int coefficients_per_bond(CouplingForm f) {
    return static_cast<int>(f);
}

// A bond's coupling J times the field scale c of its pair of materials, in the form's layout:
// c J for isotropic (the product the per-bond sum forms, so those bits stand), c_a J_aa per
// component for diagonal, c J row by row for a tensor.
void fold(const double* J, const double* c, CouplingForm f, double* out) {
    if (f == CouplingForm::isotropic) {
        out[0] = c[0] * J[0];
    } else if (f == CouplingForm::diagonal) {
        for (int a = 0; a < 3; ++a)
            out[a] = c[a] * J[4 * a];
    } else {
        for (int r = 0; r < 9; ++r)
            out[r] = c[0] * J[r];
    }
}

// A bond's coupling in the form's layout (1, 3 or 9 of its numbers).
void append_form(const double* j, CouplingForm f, std::vector<double>& out) {
    if (f == CouplingForm::isotropic) out.push_back(j[0]);
    if (f == CouplingForm::diagonal) out.insert(out.end(), {j[0], j[4], j[8]});
    if (f == CouplingForm::tensor) out.insert(out.end(), j, j + 9);
}

}  // namespace

TensorExchange::TensorExchange(const LocalSystem& sys, int sites, const InteractionList& list,
                               const std::vector<std::vector<int>>& columns,
                               const std::vector<std::vector<Vec3>>& shell_j,
                               std::vector<double> moments)
    : form_(list.form), materials_(static_cast<int>(moments.size())) {
    bond_start_.push_back(0);
    for (std::size_t s = 0; s < list.sites.size(); ++s) {
        for (std::size_t k = 0; k < list.sites[s].size(); ++k) {
            const Bond& b = list.sites[s][k];
            kernels::TensorBond t{columns[s][k], b.shell, {}};
            std::copy(b.j.begin(), b.j.end(), t.j);
            bonds_.push_back(t);
            shells_ = std::max(shells_, b.shell + 1);
        }
        bond_start_.push_back(static_cast<std::int64_t>(bonds_.size()));
    }
    const int nm = materials_;
    energy_scale_.assign(std::size_t(shells_) * nm * nm * 3, 1.0);
    field_scale_.assign(energy_scale_.size(), 0.0);
    bool vectorial = false;
    for (int sh = 0; sh < shells_; ++sh)
        for (int a = 0; a < nm; ++a)
            for (int b = 0; b < nm; ++b) {
                double* e = energy_scale_.data() + (std::size_t(sh) * nm * nm + a * nm + b) * 3;
                if (list.normalised) {
                    const Vec3 v = sh < static_cast<int>(shell_j.size()) ? shell_j[sh][a * nm + b]
                                                                         : Vec3{0, 0, 0};
                    std::copy(v.begin(), v.end(), e);
                    vectorial = vectorial || is_vectorial(v);
                }
                for (int c = 0; c < 3; ++c)
                    field_scale_[std::size_t(e - energy_scale_.data()) + c] = e[c] / moments[a];
            }
    if (vectorial && form_ == CouplingForm::tensor)
        throw Error(
            "a vectorial exchange-matrix (Jx, Jy, Jz) cannot scale a tensorial unit-cell "
            "file's weights: give the file's bonds as normalised-vectorial, or one value");
    if (vectorial) form_ = CouplingForm::diagonal;  // isotropic weights, vectorial couplings
    if (form_ == CouplingForm::tensor)
        for (const kernels::TensorBond& b : bonds_)
            antisymmetric_ =
                antisymmetric_ || b.j[1] != b.j[3] || b.j[2] != b.j[6] || b.j[5] != b.j[7];
    fold_coefficients(moments);
    site_.resize(sys.n_owned);
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        site_[i] = static_cast<std::int32_t>(sys.gid[i] % sites);
    if (!environment_set(EnvVar::no_stencil_runs)) find_runs(sys, list, columns, sites);
    // Active when some bond has some nonzero coupling between materials that can meet.
    for (const kernels::TensorBond& b : bonds_)
        for (const double v : b.j)
            for (int ab = 0; ab < nm * nm; ++ab) {
                const double* e = energy_scale(b.shell, ab);
                if (v != 0 && (e[0] != 0 || e[1] != 0 || e[2] != 0)) active_ = true;
            }
    view_ = {form_,
             sys.nbr.data(),
             sys.n_owned,
             site_.data(),
             bond_start_.data(),
             bonds_.data(),
             sys.material.data(),
             materials_,
             coef_.empty() ? nullptr : coef_start_.data(),
             coef_.empty() ? nullptr : coef_.data(),
             energy_scale_.data(),
             field_scale_.data()};
}

// The coefficient table: each bond's coupling folded with the scale of every pair of materials
// and divided by the moment, materials^2 blocks per site. Past 4 Mi numbers (32 MB: a tensor
// file with dozens of materials) the field forms each product as it goes instead, slower; the
// choice depends on the input alone, so every rank makes the same one.
void TensorExchange::fold_coefficients(const std::vector<double>& moments) {
    const int nm = materials_;
    const int C = coefficients_per_bond(form_);
    const std::size_t table = std::size_t(nm) * nm * bonds_.size() * C;
    if (nm == 1 || table <= (std::size_t(1) << 22)) {
        for (std::size_t st = 0; st + 1 < bond_start_.size(); ++st) {
            coef_start_.push_back(static_cast<std::int64_t>(coef_.size()));
            const std::int64_t w = bonds_of(st);
            const kernels::TensorBond* site_bonds = bonds_.data() + bond_start_[st];
            if (nm == 1) {
                // (w J) / mu: a weight of 1 gives J / mu exactly.
                for (std::int64_t k = 0; k < w; ++k) {
                    double j[9];
                    for (int r = 0; r < 9; ++r)
                        j[r] = site_bonds[k].j[r] * energy_scale(site_bonds[k].shell, 0)[r / 3] /
                               moments[0];
                    append_form(j, form_, coef_);
                }
                continue;
            }
            const std::size_t at = coef_.size();
            coef_.resize(at + std::size_t(nm) * nm * w * C, 0.0);
            for (int ab = 0; ab < nm * nm; ++ab)
                for (std::int64_t k = 0; k < w; ++k)
                    fold(site_bonds[k].j, field_scale(site_bonds[k].shell, ab), form_,
                         coef_.data() + at + (ab * w + k) * C);
        }
    }
}

// Runs where every site has the same number of bonds, read from the table's leading columns in
// order, and every period-1 run holds atoms of one site (and, with several materials, the
// materials follow the sites).
void TensorExchange::find_runs(const LocalSystem& sys, const InteractionList& list,
                               const std::vector<std::vector<int>>& columns, int sites) {
    const std::int64_t width = bonds_.empty() ? 0 : bonds_of(0);
    if (width == 0) return;
    for (std::size_t s = 0; s + 1 < bond_start_.size(); ++s) {
        if (bonds_of(s) != width) return;
        for (std::int64_t k = 0; k < width; ++k)
            if (columns[s][std::size_t(k)] != static_cast<int>(k)) return;
    }
    std::vector<double> coef = site_coefficients(sys, list, sites);
    if (coef.empty()) return;
    StencilRuns runs = find_stencil_runs(sys, static_cast<int>(width));
    if (runs.period != 1) return;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const std::int32_t site = site_[static_cast<std::size_t>(runs.begin[r])];
        for (std::int64_t i = runs.begin[r]; i < runs.end[r]; ++i)
            if (site_[static_cast<std::size_t>(i)] != site) return;
        run_site_.push_back(site);
    }
    run_coef_ = std::move(coef);
    run_energy_coef_ = energy_coefficients(sys, list, sites);
    runs_ = std::move(runs);
    for (std::size_t s = 0; s + 1 < bond_start_.size(); ++s)
        run_coef_start_.push_back(bond_start_[s] * coefficients_per_bond(form_));
}

std::vector<std::int32_t> TensorExchange::site_materials(const LocalSystem& sys, int sites) const {
    std::vector<std::int32_t> of_site(static_cast<std::size_t>(sites), -1);
    for (std::int64_t i = 0; i < sys.n_local; ++i) {
        const auto st = static_cast<std::size_t>(sys.gid[i] % sites);
        const std::int32_t m = sys.material[static_cast<std::size_t>(i)];
        if (of_site[st] < 0) of_site[st] = m;
        if (of_site[st] != m) return {};
    }
    return of_site;
}

std::vector<double> TensorExchange::energy_coefficients(const LocalSystem& sys,
                                                        const InteractionList& list,
                                                        int sites) const {
    bool joules = true;
    for (const double e : energy_scale_)
        joules = joules && e == 1;
    if (form_ != CouplingForm::isotropic && !joules) return {};
    const std::vector<std::int32_t> of_site = materials_ == 1
                                                  ? std::vector<std::int32_t>(std::size_t(sites), 0)
                                                  : site_materials(sys, sites);
    if (of_site.empty()) return {};
    std::vector<double> coef;
    const int C = coefficients_per_bond(form_);
    for (std::size_t st = 0; st + 1 < bond_start_.size(); ++st) {
        const kernels::TensorBond* site_bonds = bonds_.data() + bond_start_[st];
        for (std::int64_t k = 0; k < bonds_of(st); ++k) {
            const int a = std::max(of_site[st], 0);
            const int b = std::max(of_site[std::size_t(list.sites[st][std::size_t(k)].to.site)], 0);
            coef.resize(coef.size() + C);
            fold(site_bonds[k].j, energy_scale(site_bonds[k].shell, a * materials_ + b), form_,
                 coef.data() + coef.size() - C);
        }
    }
    return coef;
}

std::vector<double> TensorExchange::site_coefficients(const LocalSystem& sys,
                                                      const InteractionList& list,
                                                      int sites) const {
    if (materials_ == 1) return coef_;  // the folded couplings, site by site
    if (coef_.empty()) return {};
    // Several materials: every atom of this rank, ghosts too, must have its site's material, so
    // that bond k of a site always joins the same two materials.
    const std::vector<std::int32_t> of_site = site_materials(sys, sites);
    if (of_site.empty()) return {};
    const int C = coefficients_per_bond(form_);
    const int nm = materials_;
    std::vector<double> coef;
    for (std::size_t st = 0; st + 1 < bond_start_.size(); ++st) {
        const std::int64_t w = bonds_of(st);
        for (std::int64_t k = 0; k < w; ++k) {
            const int partner = list.sites[st][std::size_t(k)].to.site;
            // A site with no atom on this rank meets no bond here: any material's numbers do.
            const int a = std::max(of_site[st], 0), b = std::max(of_site[partner], 0);
            const double* ck = coef_.data() + coef_start_[st] + ((a * nm + b) * w + k) * C;
            coef.insert(coef.end(), ck, ck + C);
        }
    }
    return coef;
}

}  // namespace miniasd
