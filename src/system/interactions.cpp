#include "system/interactions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
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

using Pair = CategoryPair;

// A per-pair multiplier (exchange:nn-cutoff-range, interaction-cutoff-range); 1 when not given.
double pair_factor(const std::map<Pair, double>& m, const Pair& p) {
    const auto it = m.find(p);
    return it == m.end() ? 1.0 : it->second;
}

std::string pair_text(const Pair& p) {
    return "[" + std::to_string(p.first) + "][" + std::to_string(p.second) + "]";
}

// The weight of a bond at r (units of a_x) between categories p under exchange:function.
double weight(const ExchangeSection& x, double r, const Pair& p) {
    using F = ExchangeFunction;
    switch (x.function) {
        case F::exponential:
            return x.decay_multiplier * std::exp(-r / x.decay_length) + x.decay_shift;
        case F::material_exponential: {
            const auto it = x.category_exchange_parameters.find(p);
            if (it == x.category_exchange_parameters.end())
                throw Error("exchange:function = material-exponential: categories " +
                            std::to_string(p.first) + " and " + std::to_string(p.second) +
                            " are bonded, but exchange:unit-cell-category-exchange-parameters" +
                            pair_text(p) +
                            " = A, B, C is not given (VAMPIRE gives such bonds "
                            "no exchange; give 0, 1, 0 for that)");
            const Vec3& abc = it->second;
            return abc[0] * std::exp(-r / abc[1]) + abc[2];
        }
        case F::rkky: {
            const double kr = x.rkky_kf * r;
            const double two_kr = 2 * x.rkky_kf * r;
            return (std::sin(two_kr) - two_kr * std::cos(two_kr)) / (kr * kr * kr * kr);
        }
        case F::nearest_neighbour:
        case F::shell:
            break;
    }
    return 1.0;
}

// Exponential, material-exponential and RKKY: the weights of each category pair are scaled so
// that they add up to the pair's count of bonds within its nearest-neighbour radius, and
// exchange-matrix keeps its meaning of the nearest-neighbour-equivalent J (VAMPIRE's rule).
// `pairs[s][b]` is the category pair of site s's bond b, `r` its length.
void scale_to_nearest_count(const ExchangeSection& x, InteractionList& l,
                            const std::vector<std::vector<Pair>>& pairs,
                            const std::vector<std::vector<double>>& r,
                            const std::map<Pair, double>& nn_cut, double r_nn) {
    struct Tally {
        double sum = 0, nearest = 0, shortest = 1e300;
        bool nonzero = false;
    };
    std::map<Pair, Tally> tally;
    for (std::size_t s = 0; s < l.sites.size(); ++s)
        for (std::size_t b = 0; b < l.sites[s].size(); ++b) {
            Tally& t = tally[pairs[s][b]];
            t.sum += l.sites[s][b].j[0];
            t.nonzero = t.nonzero || l.sites[s][b].j[0] != 0;
            t.nearest += r[s][b] <= nn_cut.at(pairs[s][b]);
            t.shortest = std::min(t.shortest, r[s][b]);
        }
    const std::string function = "exchange:function = " + std::string(word_of(x.function));
    for (const auto& [p, t] : tally) {
        if (!t.nonzero) continue;  // every weight 0 (A = C = 0): the pair has no exchange
        if (!(t.sum != 0) || !std::isfinite(t.sum))
            throw Error(function + " gives the bonds of categories " + pair_text(p) +
                        " weights that add up to " + std::to_string(t.sum) +
                        ": they cannot be scaled to a nearest-neighbour count");
        if (t.nearest == 0)
            throw Error(function + ": the bonds of categories " + pair_text(p) +
                        " have none within their nearest-neighbour radius, so their weights "
                        "cannot be scaled to a nearest-neighbour count (VAMPIRE makes them 0): "
                        "set exchange:nn-cutoff-range" +
                        pair_text(p) + " to at least " + std::to_string(t.shortest / r_nn) +
                        ", where their nearest bonds are "
                        "(in units of the crystal's nearest-neighbour distance)");
    }
    for (std::size_t s = 0; s < l.sites.size(); ++s)
        for (std::size_t b = 0; b < l.sites[s].size(); ++b) {
            const Tally& t = tally.at(pairs[s][b]);
            Bond& bond = l.sites[s][b];
            if (t.nonzero) bond.j = isotropic(bond.j[0] * (t.nearest / t.sum));
        }
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
    radii.reserve(found.size());
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

InteractionList bonds_within_range(const ExchangeSection& x, const std::vector<Vec3>& basis,
                                   const std::vector<int>& categories, const Vec3& dims,
                                   double r_nn, double range) {
    const int n = static_cast<int>(basis.size());
    // Every category pair's radii (VAMPIRE's unitcell::calculate_interactions): the nearest-
    // neighbour radius 1.000001 r_nn x nn-cutoff-range, the interaction cutoff that x
    // interaction-range x interaction-cutoff-range.
    std::map<Pair, double> nn_cut, cut;
    double widest = 0;
    for (const int a : categories)
        for (const int b : categories) {
            const Pair p{std::min(a, b), std::max(a, b)};
            nn_cut[p] = 1.000001 * r_nn * pair_factor(x.nn_cutoff_range, p);
            cut[p] = nn_cut[p] * range * pair_factor(x.interaction_cutoff_range, p);
            widest = std::max(widest, cut[p]);
        }
    auto pair_of = [&](const SiteNeighbour& f) {
        const int a = categories[static_cast<std::size_t>(f.site)];
        const int b = categories[static_cast<std::size_t>(f.offset.site)];
        return Pair{std::min(a, b), std::max(a, b)};
    };
    // A box of cells wide enough that the widest cutoff along the shortest edge stays inside.
    const double shortest = std::min({dims[0], dims[1], dims[2]});
    const int reach = static_cast<int>(std::ceil(widest / shortest)) + 1;
    std::vector<SiteNeighbour> found;
    for (const SiteNeighbour& f : neighbours_within(basis, dims, reach, widest))
        if (f.r <= cut.at(pair_of(f))) found.push_back(f);
    // Shells: distinct distances within a relative 1e-6.
    const std::vector<double> shells = distinct_radii(found, found.size());
    InteractionList l;
    l.sites.resize(static_cast<std::size_t>(n));
    l.shells = static_cast<int>(shells.size());
    const bool by_shell = x.function == ExchangeFunction::shell;
    std::vector<std::vector<Pair>> pairs(l.sites.size());
    std::vector<std::vector<double>> radii(l.sites.size());
    for (const SiteNeighbour& f : found) {
        const std::size_t k = static_cast<std::size_t>(
            std::lower_bound(shells.begin(), shells.end(), f.r * (1 - 1e-6)) - shells.begin());
        const Pair p = pair_of(f);
        const double w = weight(x, f.r, p);  // r is in units of a_x already
        const auto s = static_cast<std::size_t>(f.site);
        l.sites[s].push_back({f.offset, by_shell ? static_cast<int>(k) : 0, isotropic(w)});
        pairs[s].push_back(p);
        radii[s].push_back(f.r);
    }
    using F = ExchangeFunction;
    if (x.function == F::exponential || x.function == F::material_exponential ||
        x.function == F::rkky)
        scale_to_nearest_count(x, l, pairs, radii, nn_cut, r_nn);
    return l;
}

void check_shells_in_range(const SystemSettings& c, const InteractionList& l) {
    // The largest shell index (0: none) of a nonzero exchange-matrix-<k>-nn or
    // biquadratic-exchange-matrix-<k>-nn.
    int highest = 0;
    std::string keyword;
    for (const MaterialConfig& m : c.materials)
        for (std::size_t k = 0; k < m.further_exchange.size(); ++k) {
            const int shell = static_cast<int>(k) + 1;
            for (std::size_t b = 0; b < m.further_exchange[k].size(); ++b) {
                if (shell > highest && m.further_exchange[k][b] != Vec3{0, 0, 0}) {
                    highest = shell;
                    keyword = further_exchange_keyword(static_cast<int>(k));
                }
                if (shell > highest && k < m.further_biquadratic.size() &&
                    m.further_biquadratic[k][b] != 0) {
                    highest = shell;
                    keyword = "biquadratic-" + further_exchange_keyword(static_cast<int>(k));
                }
            }
        }
    if (highest >= l.shells)
        throw Error("material[i]:" + keyword + " is set, but " +
                    "exchange:interaction-range = " + std::to_string(c.exchange.interaction_range) +
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
