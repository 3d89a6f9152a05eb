#include "input/crystals.hpp"

#include <cmath>

namespace miniasd {

namespace {

const double r2 = std::sqrt(2.0), r3 = std::sqrt(3.0);

// The face-centred sites of a cell (fcc; bcc-110's in its 1 x sqrt 2 x sqrt 2 cell), and the
// octahedral sites between them: rocksalt is both, a Heusler cell both and the tetrahedral sites.
const std::vector<Vec3> face_centred{{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
const std::vector<Vec3> octahedral{{0.5, 0, 0}, {0, 0.5, 0}, {0, 0, 0.5}, {0.5, 0.5, 0.5}};
const std::vector<Vec3> tetrahedral{{0.25, 0.25, 0.25}, {0.75, 0.75, 0.25}, {0.75, 0.25, 0.75},
                                    {0.25, 0.75, 0.75}, {0.75, 0.25, 0.25}, {0.25, 0.75, 0.25},
                                    {0.25, 0.25, 0.75}, {0.75, 0.75, 0.75}};

std::vector<Vec3> joined(std::vector<Vec3> a, const std::vector<Vec3>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

std::vector<CrystalCell> make_cells() {
    return {
        {"sc", {1, 1, 1}, {{0, 0, 0}}, {1}, 1.0},
        {"bcc", {1, 1, 1}, {{0, 0, 0}, {0.5, 0.5, 0.5}}, {1, 2}, r3 / 2},
        {"fcc", {1, 1, 1}, face_centred, {1, 2, 3, 4}, r2 / 2},
        // Orthohexagonal: a_x = sqrt(3) a_hex, a_y = a_hex, ideal c = a_z 3 / (2 sqrt 2).
        {"hcp",
         {1, 1 / r3, 2 * r2 / 3},
         {{0, 0, 0}, {0.5, 0.5, 0}, {1.0 / 3, 0, 0.5}, {5.0 / 6, 0.5, 0.5}},
         {1, 2, 3, 4},
         r2 / 2},
        // bcc with (110) planes normal to z.
        {"bcc-110", {1, r2, r2}, face_centred, {1, 2, 3, 4}, r3 / 2},
        // L2_1 Heusler X2YZ: categories 1 and 2 the two fcc sublattices of the rocksalt frame,
        // 3 and 4 the tetrahedral sites. VAMPIRE's cutoff takes three shells (8 + 6 + 12).
        {"heusler",
         {1, 1, 1},
         joined(joined(face_centred, octahedral), tetrahedral),
         {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4},
         0.708},
        // Layers of a honeycomb net (bond a_x / 3), one a_z apart and not coupled.
        {"honeycomb",
         {1, 1 / r3, 1},
         {{0, 0.5, 0}, {1.0 / 6, 0, 0}, {0.5, 0, 0}, {2.0 / 3, 0.5, 0}},
         {1, 2, 3, 4},
         0.38},
        // Layers of a kagome net (corner-sharing triangles, bond a_x / 2, 4 neighbours), one a_z
        // apart and not coupled. VAMPIRE's kagome cell places a 3-coordinated net instead.
        {"kagome",
         {1, r3, 1},
         {{0, 0, 0}, {0.5, 0, 0}, {0.25, 0.25, 0}, {0.5, 0.5, 0}, {0, 0.5, 0}, {0.75, 0.75, 0}},
         {1, 2, 3, 4, 5, 6},
         0.5},
        // NaCl: categories 1 and 2 the two fcc sublattices, each atom's 6 neighbours on the other.
        {"rocksalt", {1, 1, 1}, joined(face_centred, octahedral), {1, 1, 1, 1, 2, 2, 2, 2}, 0.5},
        // Mn2Au: the two Mn sublattices (categories 1 and 2) of the antiferromagnet; VAMPIRE's
        // non-magnetic Au atoms at (0, 0, 1/3) and (1/2, 1/2, 5/6) are left out (they carry no
        // spin and no bonds).
        {"mn2au",
         {1, 1, 3},
         {{0, 0, 0}, {0.5, 0.5, 1.0 / 6}, {0.5, 0.5, 0.5}, {0, 0, 2.0 / 3}},
         {1, 2, 1, 2},
         r3 / 2},
    };
}

}  // namespace

const std::vector<CrystalCell>& crystal_cells() {
    static const std::vector<CrystalCell> cells = make_cells();
    return cells;
}

const CrystalCell& crystal_cell(CrystalStructure c) {
    return crystal_cells()[static_cast<std::size_t>(c)];
}

}  // namespace miniasd
