// The exchange bonds of the crystal as data: for each basis site, its bonds as (partner site, cell
// offset, shell, coupling). A coupling is a 3x3 tensor J (row: component of S_i, column: of S_j)
// in joules per link with VAMPIRE's sign, E = -sum over bonds {i, j} of S_i . J . S_j, so each
// physical bond is listed from both of its atoms (the row of j the transpose of the row of i).
// The field on i is (1/mu_i) sum_j J_ij S_j. When `normalised`, J is a dimensionless weight that
// multiplies material[a]:exchange-matrix[b] of the two atoms' materials (the built-in crystals,
// and the normalised-* types of a unit-cell file).
//
// Everything about exchange follows from the list: the exchange term's reach (and so the halo
// depth, the Monte Carlo colouring and the fused Heun plan, hamiltonian/reach.hpp) and which
// kernel runs (the nearest-neighbour stencil path when every bond is one isotropic weight,
// a general tensor path otherwise).
#pragma once

#include <array>
#include <vector>

#include "system/system_settings.hpp"

namespace miniasd {

// A neighbour of a site: the site `site` in the cell displaced by (dx, dy, dz).
struct NeighbourOffset {
    int dx, dy, dz;
    int site;
    bool operator==(const NeighbourOffset& o) const {
        return dx == o.dx && dy == o.dy && dz == o.dz && site == o.site;
    }
};

// Per basis site, a list of neighbour offsets (a shell, or what a term reads), in a fixed order.
using SiteOffsets = std::vector<std::vector<NeighbourOffset>>;

struct Bond {
    NeighbourOffset to;
    int shell = 0;              // 0: the first (nearest) shell
    std::array<double, 9> j{};  // J (J per link), or a weight when the list is normalised
};

struct InteractionList {
    CouplingForm form = CouplingForm::isotropic;  // the most general form of any bond
    bool normalised = true;
    std::vector<std::vector<Bond>> sites;  // [basis site] bonds in (dz, dy, dx, site) order
    int shells = 1;                        // distinct bond lengths (built-in crystals)

    SiteOffsets offsets() const;
    // The single coupling value every bond has when all are isotropic, of the first shell and
    // equal (the case the stencil fast path computes; 1 with no bonds); false otherwise.
    bool uniform(double& value) const;
    std::size_t bonds() const;
};

// A site of the cell and one of its neighbours' offsets, at distance r (in the units of the cell
// edges given).
struct SiteNeighbour {
    int site;
    NeighbourOffset offset;
    double r;
};
// Every neighbour of every basis site within +-reach cells and at most `cut` away (r > 0), in
// (site, dz, dy, dx, partner site) order. `basis` fractional, `edges` the cell's edges.
std::vector<SiteNeighbour> neighbours_within(const std::vector<Vec3>& basis, const Vec3& edges,
                                             int reach, double cut);
// The distinct values of r among them, ascending, merged within a relative 1e-6; at most `most`.
std::vector<double> distinct_radii(const std::vector<SiteNeighbour>& found, std::size_t most);

// The isotropic identity tensor times v.
std::array<double, 9> isotropic(double v);

// The bonds of a built-in crystal, found as VAMPIRE finds them on the ideal cell (fractional
// `basis`, normalised cell edges `dims` with a_x = 1, r_nn in units of a_x). For each pair of
// exchange categories {a, b} (`categories`, per site: crystals.hpp, exchange_categories) the
// nearest-neighbour radius is 1.000001 r_nn x exchange:nn-cutoff-range[a][b] and the cutoff that
// x `range` x interaction-cutoff-range[a][b]; every pair of atoms within its cutoff is a bond,
// each site's in (dz, dy, dx, site) order, weighted by exchange:function (nearest-neighbour 1;
// shell: 1 with the shell's index, so exchange-matrix-<k>-nn applies; exponential,
// material-exponential and RKKY: f(r), r in units of a_x, scaled per category pair so the
// weights add up to the pair's count within its nearest-neighbour radius). Throws Error where the
// weights cannot be scaled or material-exponential lacks a pair's parameters.
InteractionList bonds_within_range(const ExchangeSection& x, const std::vector<Vec3>& basis,
                                   const std::vector<int>& categories, const Vec3& dims,
                                   double r_nn, double range);

// Throws Error when some material's exchange-matrix-<k>-nn names a shell the list does not reach.
void check_shells_in_range(const SystemSettings& c, const InteractionList& l);

// The list of a unit-cell file: its bonds (with `biquadratic`, those of its biquadratic block),
// each site's sorted into (dz, dy, dx, site) order (the order of the sums, so the same bonds give
// the same bits whatever order the file lists them).
InteractionList interactions_from_file(const UnitCellFile& u, bool biquadratic = false);

// The first shell of a built-in crystal (r <= 1.000001 r_nn on the ideal cell, as
// bonds_within_range), every bond of weight 1 whatever exchange:function: the lattice's
// nearest-neighbour offsets.
InteractionList nearest_neighbour_bonds(const std::vector<Vec3>& basis, const Vec3& dims,
                                        double r_nn);

}  // namespace miniasd
