// Set-up of the general exchange term (tensor_exchange.hpp): the per-site bond lists, their
// couplings folded with the materials' field scales, and the stencil runs the field reads where
// the lattice has them. The field and energy kernels are in tensor_exchange.cpp.
#include "hamiltonian/tensor_exchange.hpp"

#include <algorithm>
#include <cstdlib>

#include "util/error.hpp"

namespace miniasd {

namespace {

int coefficients_per_bond(CouplingForm f) {
    return f == CouplingForm::isotropic ? 1 : f == CouplingForm::diagonal ? 3 : 9;
}

// A bond's coupling J times the field scale c of its pair of materials, in the form's layout:
// c J for isotropic (the product the per-bond sum formed before, so those bits stand), c_a J_aa
// per component for diagonal, c J row by row for a tensor.
void fold(const std::array<double, 9>& J, const Vec3& c, CouplingForm f, double* out) {
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

}  // namespace

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
    // The folded table has materials^2 blocks per site. Past 4 Mi numbers (32 MB: a tensor file
    // with dozens of materials) the field forms each product as it goes instead (bond_sum),
    // slower; the choice depends on the input alone, so every rank makes the same one.
    std::size_t table = 0;
    for (const auto& site : bonds_)
        table += std::size_t(nm) * nm * site.size() * coefficients_per_bond(form_);
    if (nm > 1 && table <= (std::size_t(1) << 22)) {
        const int C = coefficients_per_bond(form_);
        pair_coef_.resize(bonds_.size());
        for (std::size_t st = 0; st < bonds_.size(); ++st) {
            const std::size_t w = bonds_[st].size();
            std::vector<double>& c = pair_coef_[st];
            c.assign(std::size_t(nm) * nm * w * C, 0.0);
            for (int ab = 0; ab < nm * nm; ++ab)
                for (std::size_t k = 0; k < w; ++k)
                    fold(bonds_[st][k].j, field_scale_[bonds_[st][k].shell][ab], form_,
                         c.data() + (ab * w + k) * C);
        }
    }
    site_.resize(sys.n_owned);
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        site_[i] = static_cast<std::int32_t>(sys.gid[i] % sites);
    if (!std::getenv("MINIASD_NO_STENCIL_RUNS")) find_runs(list, columns, sites);
    // Active when some bond has some nonzero coupling between materials that can meet.
    for (const auto& site : bonds_)
        for (const LocalBond& b : site)
            for (const double v : b.j)
                for (const Vec3& e : energy_scale_[b.shell])
                    if (v != 0 && (e[0] != 0 || e[1] != 0 || e[2] != 0)) active_ = true;
}

// Runs where every site has the same number of bonds, read from the table's leading columns in
// order, and every period-1 run holds atoms of one site (and, with several materials, the
// materials follow the sites).
void TensorExchange::find_runs(const InteractionList& list,
                               const std::vector<std::vector<int>>& columns, int sites) {
    const std::size_t width = bonds_.empty() ? 0 : bonds_[0].size();
    if (width == 0) return;
    for (std::size_t s = 0; s < bonds_.size(); ++s) {
        if (bonds_[s].size() != width) return;
        for (std::size_t k = 0; k < width; ++k)
            if (columns[s][k] != static_cast<int>(k)) return;
    }
    std::vector<std::vector<double>> coef = site_coefficients(list, sites);
    if (coef.empty()) return;
    StencilRuns runs = find_stencil_runs(sys_, static_cast<int>(width));
    if (runs.period != 1) return;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const std::int32_t site = site_[static_cast<std::size_t>(runs.begin[r])];
        for (std::int64_t i = runs.begin[r]; i < runs.end[r]; ++i)
            if (site_[static_cast<std::size_t>(i)] != site) return;
        run_site_.push_back(site);
    }
    run_coef_ = std::move(coef);
    run_energy_coef_ = energy_coefficients(list, sites);
    runs_ = std::move(runs);
}

std::vector<std::int32_t> TensorExchange::site_materials(int sites) const {
    std::vector<std::int32_t> of_site(static_cast<std::size_t>(sites), -1);
    for (std::int64_t i = 0; i < sys_.n_local; ++i) {
        const auto st = static_cast<std::size_t>(sys_.gid[i] % sites);
        const std::int32_t m = sys_.material[static_cast<std::size_t>(i)];
        if (of_site[st] < 0) of_site[st] = m;
        if (of_site[st] != m) return {};
    }
    return of_site;
}

std::vector<std::vector<double>> TensorExchange::energy_coefficients(const InteractionList& list,
                                                                     int sites) const {
    bool joules = true;
    for (const auto& shell : energy_scale_)
        for (const Vec3& e : shell)
            joules = joules && e[0] == 1 && e[1] == 1 && e[2] == 1;
    if (form_ != CouplingForm::isotropic && !joules) return {};
    const std::vector<std::int32_t> of_site =
        materials_ == 1 ? std::vector<std::int32_t>(std::size_t(sites), 0) : site_materials(sites);
    if (of_site.empty()) return {};
    std::vector<std::vector<double>> coef;
    const int C = coefficients_per_bond(form_);
    for (std::size_t st = 0; st < bonds_.size(); ++st) {
        std::vector<double> c(bonds_[st].size() * C);
        for (std::size_t k = 0; k < bonds_[st].size(); ++k) {
            const int a = std::max(of_site[st], 0);
            const int b = std::max(of_site[std::size_t(list.sites[st][k].to.site)], 0);
            fold(bonds_[st][k].j, energy_scale_[bonds_[st][k].shell][a * materials_ + b], form_,
                 c.data() + k * C);
        }
        coef.push_back(std::move(c));
    }
    return coef;
}

std::vector<std::vector<double>> TensorExchange::site_coefficients(const InteractionList& list,
                                                                   int sites) const {
    std::vector<std::vector<double>> coef;
    if (materials_ == 1) {
        for (const auto& site : folded_) {
            std::vector<double> c;
            for (const LocalBond& b : site) {
                if (form_ == CouplingForm::isotropic) c.push_back(b.j[0]);
                if (form_ == CouplingForm::diagonal) c.insert(c.end(), {b.j[0], b.j[4], b.j[8]});
                if (form_ == CouplingForm::tensor) c.insert(c.end(), b.j.begin(), b.j.end());
            }
            coef.push_back(std::move(c));
        }
        return coef;
    }
    if (pair_coef_.empty()) return {};
    // Several materials: every atom of this rank, ghosts too, must have its site's material, so
    // that bond k of a site always joins the same two materials.
    const std::vector<std::int32_t> of_site = site_materials(sites);
    if (of_site.empty()) return {};
    const int C = coefficients_per_bond(form_);
    const int nm = materials_;
    for (std::size_t st = 0; st < bonds_.size(); ++st) {
        const std::size_t w = bonds_[st].size();
        std::vector<double> c;
        for (std::size_t k = 0; k < w; ++k) {
            const int partner = list.sites[st][k].to.site;
            // A site with no atom on this rank meets no bond here: any material's numbers do.
            const int a = std::max(of_site[st], 0), b = std::max(of_site[partner], 0);
            const double* ck = pair_coef_[st].data() + ((a * nm + b) * w + k) * C;
            c.insert(c.end(), ck, ck + C);
        }
        coef.push_back(std::move(c));
    }
    return coef;
}

}  // namespace miniasd
