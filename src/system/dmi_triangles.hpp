// The Dzyaloshinskii-Moriya vectors of the bonds, built as VAMPIRE builds them (a three-site,
// Fert-Levy construction; docs/physics.md, "Dzyaloshinskii-Moriya interaction"). Seen from atom
// i, bond i-j gains from every other atom k bonded to i with |r_ik| and |r_jk| at most the cutoff
//     d_ijk (e_ik x e_jk),   d_ijk = (D[mat_i][mat_k] + D[mat_j][mat_k]) / 2,
// (e: unit vectors, r_jk = r_k - r_j), D[a][b] = material[a]:dmi-constant[b]. The bond's energy is
// E = D_ij . (S_i x S_j). Seen from j the same bond is D_ji, from j's own triangles; VAMPIRE
// uses each atom's own view in its fields, which is not the gradient of its energy when
// D_ji != -D_ij (a step, an alloy, a cutoff beyond the exchange's reach). Here every bond carries
// the antisymmetric part (D_ij - D_ji) / 2: VAMPIRE's energy exactly, and its fields wherever
// they derive from that energy.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "system/lattice.hpp"
#include "system/materials.hpp"

namespace miniasd {

struct DmiTriangle {
    int via;  // the bond of the same site whose partner is the mediating atom k
    Vec3 g;   // e_ik x e_jk (dimensionless; its length is the sine of the angle at k)
};

// [site][bond][triangle], bonds in the order of lattice.exchange.sites[site], triangles in the
// order of their `via` bond. `cutoff` in metres, compared with a relative tolerance of 1e-6.
std::vector<std::vector<std::vector<DmiTriangle>>> dmi_triangles(const Lattice& l, double cutoff);

// D of each bond of any atom (J), from the lattice, the materials and the input's constants: the
// triangles' D[a][b] = material[a]:dmi-constant[b] (cutoff exchange:dmi-cutoff-range), plus, on
// the bonds of each site's nearest-neighbour shell, the bond's own
//     D_ij = I (z x e_ij) + B e_ij,   I, B = material[a]:interfacial-dmi-constant[b],
//     bulk-dmi-constant[b] (either order of a, b: the constants are symmetric),
// e_ij the bond's unit vector from i to j: antisymmetric (D_ji = -D_ij) by construction.
class DmiVectors {
  public:
    DmiVectors(const Lattice& l, const MaterialMap& materials, const SystemSettings& c);
    // (D_ij - D_ji) / 2 (J) of bond `bond` of the atom with global id `gid` (zero when its
    // partner is absent); components smaller than 1e-10 of the triangles' summed |d_ijk| are
    // rounding left by triangles that cancel by symmetry, and are zero (VAMPIRE zeroes its
    // components below 1e-12 T). Computed from both ends to the same bits, negated.
    Vec3 of(std::int64_t gid, int bond) const;
    int bonds(int site) const { return static_cast<int>(triangles_[std::size_t(site)].size()); }

  private:
    // The global id of the partner of `bond` of the atom at (cx, cy, cz, site), or -1.
    std::int64_t partner(const std::int64_t c[3], int site, int bond) const;
    // Seen from the atom at c (material mi; its partner's mj): sum over the triangles of `bond`
    // of d_ijk g; adds sum |d_ijk|.
    Vec3 one_view(const std::int64_t c[3], int site, int bond, int mi, int mj, double& scale) const;

    const Lattice& lattice_;
    // Seen from the atom at site `site` (material mi; its partner's mj): the bond's own D.
    Vec3 bond_view(int site, int bond, int mi, int mj) const;

    const MaterialMap& materials_;
    std::vector<std::vector<double>> d_;
    std::vector<std::vector<double>> interfacial_, bulk_;  // [a][b], symmetrised
    bool bond_dmi_ = false;                                // some interfacial_ or bulk_ is not 0
    std::vector<std::vector<char>> nearest_;               // [site][bond]: in the nearest shell
    std::vector<std::vector<Vec3>> unit_;                  // [site][bond]: e_ij
    std::vector<char> has_row_;  // [material]: some D[material][*] is not zero
    std::vector<std::vector<std::vector<DmiTriangle>>> triangles_;
    std::vector<std::vector<int>> reverse_;  // [site][bond]: the partner's bond back
};

// A line for the start-up summary: the bonds with DMI of the atoms in the column of cells through
// the centre of the box (every layer: the interfaces of a film, a particle's top and bottom), the
// largest |D_ij| among them and its ratio to the bond's exchange. "" without DMI.
std::string describe_dmi(const SystemSettings& c, const Lattice& l, const MaterialMap& materials);
// A line for the summary with interfacial DMI, uniaxial anisotropy and exchange on a built-in
// simple cubic lattice: D against the continuum's critical D_c = 4 sqrt(AK) / pi ("" otherwise).
std::string critical_dmi(const SystemSettings& c);

}  // namespace miniasd
