#include "system/crystals.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "system/crystal_orbits.hpp"

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

// x in [0, 1), a sum that rounds to just below 1 taken as 0 (it is the next cell's atom at 0).
double wrapped(double x) {
    return x - std::floor(x + 1e-12);
}

// Copies of `layer` raised to each height z, each moved in-plane by its (dx, dy) (fractions of
// the cell, wrapped into [0, 1)); the categories repeat with it.
std::vector<Vec3> stacked(const std::vector<Vec3>& layer, const std::vector<Vec3>& shifts) {
    std::vector<Vec3> out;
    for (const Vec3& s : shifts)
        for (const Vec3& p : layer)
            out.push_back({wrapped(p[0] + s[0]), wrapped(p[1] + s[1]), s[2]});
    return out;
}

// One honeycomb layer of the 1 x 1/sqrt 3 cell (bond a_x / 3), its two sublattices alternating.
const std::vector<Vec3> honeycomb_layer{
    {0, 0.5, 0}, {1.0 / 6, 0, 0}, {0.5, 0, 0}, {2.0 / 3, 0.5, 0}};

// An fcc (111) plane in the 1 x 1/sqrt 3 cell: 8 atoms of a triangular net (bond a_x / (2 sqrt 3))
// in columns a_x / 4 apart, the odd columns moved half a bond along y.
const std::vector<Vec3> triangular_layer{{0, 0, 0},       {0, 0.5, 0},    {0.25, 0.25, 0},
                                         {0.25, 0.75, 0}, {0.5, 0, 0},    {0.5, 0.5, 0},
                                         {0.75, 0.25, 0}, {0.75, 0.75, 0}};

// The ideal spinel AB2O4 in eighths of the cell, origin on an A site: 8 tetrahedral A, 16
// octahedral B and 32 oxygen sites (VAMPIRE's order).
std::vector<Vec3> spinel_sites() {
    static const int eighths[56][3] = {
        {0, 0, 0}, {6, 2, 2}, {0, 4, 4}, {6, 6, 6}, {4, 0, 4}, {2, 2, 6}, {4, 4, 0}, {2, 6, 2},
        {3, 3, 3}, {1, 5, 7}, {5, 7, 1}, {7, 1, 5}, {3, 7, 7}, {1, 1, 3}, {5, 3, 5}, {7, 5, 1},
        {7, 3, 7}, {5, 5, 3}, {1, 7, 5}, {3, 1, 1}, {7, 7, 3}, {5, 1, 7}, {1, 3, 1}, {3, 5, 5},
        {1, 1, 1}, {3, 7, 5}, {7, 5, 3}, {5, 3, 7}, {7, 3, 1}, {5, 5, 5}, {3, 1, 7}, {1, 7, 3},
        {1, 5, 5}, {3, 3, 1}, {7, 1, 7}, {5, 7, 3}, {7, 7, 5}, {5, 1, 1}, {3, 5, 3}, {1, 3, 7},
        {5, 1, 5}, {7, 7, 1}, {3, 5, 7}, {1, 3, 3}, {3, 3, 5}, {1, 5, 1}, {7, 1, 3}, {5, 7, 7},
        {5, 5, 1}, {7, 3, 5}, {3, 1, 3}, {1, 7, 7}, {3, 7, 1}, {1, 1, 5}, {7, 5, 7}, {5, 3, 3}};
    std::vector<Vec3> out;
    for (const auto& e : eighths)
        out.push_back({e[0] / 8.0, e[1] / 8.0, e[2] / 8.0});
    return out;
}

// Categories: A 1, B 2, O 3; spinel-layered gives the oxygen planes at z = 3/8 and 7/8 category 4.
std::vector<int> spinel_categories(bool layered) {
    std::vector<int> c;
    for (const Vec3& p : spinel_sites()) {
        const int k = static_cast<int>(c.size());
        const bool oxygen_plane = std::abs(p[2] - 0.375) < 1e-9 || std::abs(p[2] - 0.875) < 1e-9;
        c.push_back(k < 8 ? 1 : k < 24 ? 2 : layered && oxygen_plane ? 4 : 3);
    }
    return c;
}

// A crystal from Wyckoff positions: every orbit's sites, category per orbit.
struct Orbits {
    std::vector<Vec3> sites;
    std::vector<int> category;
};
Orbits from_orbits(const std::vector<SymmetryOp>& ops,
                   const std::vector<std::pair<Vec3, int>>& positions) {
    Orbits o;
    for (const auto& [p, category] : positions)
        for (const Vec3& q : orbit(ops, p)) {
            o.sites.push_back(q);
            o.category.push_back(category);
        }
    return o;
}

// Nd2Fe14B, P4_2/mnm, a = 8.8 A, c = 12.2 A (Herbst et al., Phys. Rev. B 29, 4176 (1984), to
// VAMPIRE's three digits and origin): Nd 4f and 4g (category 1), Fe 16k1, 16k2, 8j1, 8j2, 4e,
// 4c (category 2): 64 atoms. VAMPIRE's 4 boron atoms (4g, x = 0.371) are non-magnetic in its
// cell and left out here, as mn2au's gold.
Orbits nd2fe14b() {
    return from_orbits(p42_mnm(), {{{0.268, 0.268, 0}, 1},
                                   {{0.14, 0.86, 0}, 1},
                                   {{0.223, 0.567, 0.127}, 2},
                                   {{0.037, 0.36, 0.176}, 2},
                                   {{0.098, 0.098, 0.204}, 2},
                                   {{0.317, 0.317, 0.246}, 2},
                                   {{0, 0, 0.614}, 2},
                                   {{0, 0.5, 0}, 2}});
}

// SmFe12 of the ThMn12 type (the SmFeN cell without its nitrogen), I4/mmm, a = 8.566 A,
// c = 4.802 A: Sm 2a (category 1), Fe 8i (x = 0.3534), 8j (x = 0.2753), 8f (category 2): 26
// atoms. VAMPIRE's 2 nitrogen atoms (2b) are non-magnetic in its cell and left out.
Orbits smfe12() {
    return from_orbits(
        i4_mmm(),
        {{{0, 0, 0}, 1}, {{0.3534, 0, 0}, 2}, {{0.2753, 0.5, 0}, 2}, {{0.25, 0.25, 0.25}, 2}});
}

std::vector<int> repeated(const std::vector<int>& pattern, int times) {
    std::vector<int> out;
    for (int t = 0; t < times; ++t)
        out.insert(out.end(), pattern.begin(), pattern.end());
    return out;
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
        // fcc with (111) planes normal to z, stacked A B C a third of a_z apart; categories the
        // four simple cubic sublattices of fcc (VAMPIRE's sublattice materials + 1).
        {"fcc-111",
         {1, 1 / r3, r2 / 2},
         stacked(triangular_layer, {{0, 0, 0}, {1.0 / 12, 0.25, 1.0 / 3}, {1.0 / 6, 0, 2.0 / 3}}),
         {4, 3, 2, 1, 3, 4, 1, 2, 1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1},
         0.5 / r3},
        // Honeycomb layers stacked A B (alpha) and A B C (beta), a_z / 2 apart: with VAMPIRE's
        // cutoffs the layers are not coupled. Categories: the honeycomb sublattices, alpha's per
        // layer.
        {"alpha-honeycomb",
         {1, 1 / r3, 1},
         stacked(honeycomb_layer, {{0, 0, 0}, {1.0 / 6, 0.5, 0.5}}),
         {1, 2, 1, 2, 3, 4, 3, 4},
         0.38},
        {"beta-honeycomb",
         {1, 1 / r3, 1.5},
         stacked(honeycomb_layer, {{0, 0, 0}, {1.0 / 6, 0.5, 1.0 / 3}, {1.0 / 3, 0, 2.0 / 3}}),
         repeated({1, 2, 1, 2}, 3),
         0.34},
        // Spinel AB2O4 (56 atoms): give the oxygen material non-magnetic = keep (and no exchange)
        // as in VAMPIRE, whose builder flags none of them.
        {"spinel", {1, 1, 1}, spinel_sites(), spinel_categories(false), 0.434},
        {"spinel-layered", {1, 1, 1}, spinel_sites(), spinel_categories(true), 0.434},
        // The rare-earth magnets: many irregular shells within VAMPIRE's cutoffs (exchange:
        // function = exponential is the usual choice).
        {"ndfeb", {1, 1, 12.2 / 8.8}, nd2fe14b().sites, nd2fe14b().category, 0.40},
        {"smfen", {1, 1, 4.802 / 8.566}, smfe12().sites, smfe12().category, 0.50},
    };
}

std::vector<CrystalCell> marked_cells() {
    std::vector<CrystalCell> cells = make_cells();
    for (CrystalCell& cell : cells)
        for (const char* name : {"bcc", "fcc", "hcp", "bcc-110", "fcc-111", "honeycomb",
                                 "alpha-honeycomb", "beta-honeycomb", "kagome", "mn2au"})
            if (std::string(cell.name) == name) cell.sublattices_on_request = true;
    return cells;
}

}  // namespace

const std::vector<CrystalCell>& crystal_cells() {
    static const std::vector<CrystalCell> cells = marked_cells();
    return cells;
}

std::vector<int> exchange_categories(const SystemSettings& c) {
    const CrystalCell& cell = crystal_cell(c.structure.crystal);
    if (cell.sublattices_on_request && !c.structure.crystal_sublattice_materials)
        return std::vector<int>(cell.category.size(), 1);
    return cell.category;
}

int exchange_category_count(const SystemSettings& c) {
    const std::vector<int> k = exchange_categories(c);
    return *std::max_element(k.begin(), k.end());
}

const CrystalCell& crystal_cell(CrystalStructure c) {
    return crystal_cells()[static_cast<std::size_t>(c)];
}

}  // namespace miniasd
