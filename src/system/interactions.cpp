#include "system/interactions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "util/error.hpp"

namespace miniasd {

std::array<double, 9> isotropic(double v) {
    return {v, 0, 0, 0, v, 0, 0, 0, v};
}

SiteOffsets InteractionList::offsets() const {
    SiteOffsets out(sites.size());
    for (std::size_t s = 0; s < sites.size(); ++s)
        for (const Bond& b : sites[s])
            out[s].push_back(b.to);
    return out;
}

bool InteractionList::uniform(double& value) const {
    if (form != CouplingForm::isotropic) return false;
    value = 1.0;  // no bonds at all (a single spin): any value serves
    bool any = false;
    for (const auto& site : sites)
        for (const Bond& b : site) {
            if (b.shell != 0 || (any && b.j[0] != value)) return false;
            value = b.j[0];
            any = true;
        }
    return true;
}

std::size_t InteractionList::bonds() const {
    std::size_t n = 0;
    for (const auto& site : sites)
        n += site.size();
    return n;
}

namespace {

// The weight of a bond at r (units of a_x) under exchange:function.
double weight(const Config& c, double r) {
    using F = Config::ExchangeFunction;
    switch (c.exchange_function) {
        case F::exponential:
            return c.decay_multiplier * std::exp(-r / c.decay_length) + c.decay_shift;
        case F::rkky: {
            const double x = 2 * c.rkky_kf * r;  // 2 k r
            const double kr = c.rkky_kf * r;
            return (std::sin(x) - x * std::cos(x)) / (kr * kr * kr * kr);
        }
        case F::nearest_neighbour:
        case F::shell:
            break;
    }
    return 1.0;
}

}  // namespace

std::vector<SiteNeighbour> neighbours_within(const std::vector<Vec3>& basis, const Vec3& edges,
                                             int reach, double cut) {
    const int n = static_cast<int>(basis.size());
    std::vector<SiteNeighbour> found;
    for (int s = 0; s < n; ++s)
        for (int dz = -reach; dz <= reach; ++dz)
            for (int dy = -reach; dy <= reach; ++dy)
                for (int dx = -reach; dx <= reach; ++dx)
                    for (int t = 0; t < n; ++t) {
                        const double x = (dx + basis[t][0] - basis[s][0]) * edges[0];
                        const double y = (dy + basis[t][1] - basis[s][1]) * edges[1];
                        const double z = (dz + basis[t][2] - basis[s][2]) * edges[2];
                        const double r = std::sqrt(x * x + y * y + z * z);
                        if (r == 0 || r > cut) continue;  // the site itself, or too far
                        found.push_back({s, {dx, dy, dz, t}, r});
                    }
    return found;
}

std::vector<double> distinct_radii(const std::vector<SiteNeighbour>& found, std::size_t most) {
    std::vector<double> radii;
    for (const SiteNeighbour& f : found)
        radii.push_back(f.r);
    std::sort(radii.begin(), radii.end());
    std::vector<double> out;
    for (const double r : radii) {
        if (out.size() == most) break;
        if (out.empty() || r - out.back() > 1e-6 * out.back()) out.push_back(r);
    }
    return out;
}

InteractionList bonds_within_range(const Config& c, const std::vector<Vec3>& basis,
                                   const Vec3& dims, double r_nn, double range) {
    const int n = static_cast<int>(basis.size());
    const double nn_cut = 1.000001 * r_nn;
    const double cut = nn_cut * range;
    // A box of cells wide enough that the cutoff along the shortest edge stays inside.
    const double shortest = std::min({dims[0], dims[1], dims[2]});
    const int reach = static_cast<int>(std::ceil(cut / shortest)) + 1;
    const std::vector<SiteNeighbour> found = neighbours_within(basis, dims, reach, cut);
    // Shells: distinct distances within a relative 1e-6.
    const std::vector<double> shells = distinct_radii(found, found.size());
    InteractionList l;
    l.sites.resize(n);
    l.shells = static_cast<int>(shells.size());
    const bool by_shell = c.exchange_function == Config::ExchangeFunction::shell;
    double sum = 0, nearest = 0;
    for (const SiteNeighbour& f : found) {
        const std::size_t k = static_cast<std::size_t>(
            std::lower_bound(shells.begin(), shells.end(), f.r * (1 - 1e-6)) - shells.begin());
        const double w = weight(c, f.r);  // r is in units of a_x already
        sum += w;
        nearest += f.r <= nn_cut;
        l.sites[f.site].push_back({f.offset, by_shell ? static_cast<int>(k) : 0, isotropic(w)});
    }
    // Exponential and RKKY: scale so the weights add up to the nearest-neighbour count, and
    // exchange-matrix keeps its meaning of the nearest-neighbour-equivalent J (VAMPIRE's rule).
    const bool scaled = c.exchange_function == Config::ExchangeFunction::exponential ||
                        c.exchange_function == Config::ExchangeFunction::rkky;
    if (scaled) {
        if (!(sum != 0) || !std::isfinite(sum))
            throw Error("exchange:function = " + std::string(to_string(c.exchange_function)) +
                        " gives weights that add up to " + std::to_string(sum) +
                        " within exchange:interaction-range: they cannot be scaled to the "
                        "nearest-neighbour count");
        for (auto& site : l.sites)
            for (Bond& b : site)
                b.j = isotropic(b.j[0] * (nearest / sum));
    }
    return l;
}

void check_shells_in_range(const Config& c, const InteractionList& l) {
    int highest = 0;  // the largest exchange-matrix-<k>-nn index set (0: none)
    for (const MaterialConfig& m : c.materials)
        for (std::size_t k = 0; k < m.further_exchange.size(); ++k)
            for (const double j : m.further_exchange[k])
                if (j != 0) highest = std::max(highest, static_cast<int>(k) + 1);
    if (highest >= l.shells)
        throw Error("material[i]:" + further_exchange_keyword(highest - 1) + " is set, but " +
                    "exchange:interaction-range = " + std::to_string(c.interaction_range) +
                    " reaches " + std::to_string(l.shells) +
                    " shell(s) of this crystal: raise exchange:interaction-range");
}

InteractionList nearest_neighbour_bonds(const std::vector<Vec3>& basis, const Vec3& dims,
                                        double r_nn) {
    const double cut = 1.000001 * r_nn;
    const double shortest = std::min({dims[0], dims[1], dims[2]});
    const int reach = static_cast<int>(std::ceil(cut / shortest)) + 1;
    InteractionList l;
    l.sites.resize(basis.size());
    for (const SiteNeighbour& f : neighbours_within(basis, dims, reach, cut))
        l.sites[static_cast<std::size_t>(f.site)].push_back({f.offset, 0, isotropic(1.0)});
    return l;
}

InteractionList interactions_from_file(const UnitCellFile& u, bool biquadratic) {
    InteractionList l;
    l.form = biquadratic ? CouplingForm::isotropic : u.form;
    l.normalised = biquadratic ? u.biquadratic_normalised : u.normalised;
    l.sites.resize(u.atoms.size());
    for (const UnitCellFile::Bond& b : biquadratic ? u.biquadratic : u.bonds)
        l.sites[static_cast<std::size_t>(b.i)].push_back({{b.dx, b.dy, b.dz, b.j}, 0, b.value});
    for (auto& site : l.sites)
        std::sort(site.begin(), site.end(), [](const Bond& a, const Bond& b) {
            return std::make_tuple(a.to.dz, a.to.dy, a.to.dx, a.to.site) <
                   std::make_tuple(b.to.dz, b.to.dy, b.to.dx, b.to.site);
        });
    return l;
}

}  // namespace miniasd
