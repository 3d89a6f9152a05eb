// VAMPIRE's built-in crystals: each cell's nearest neighbours as VAMPIRE's builders give them
// (count and distance in units of a_x, recomputed independently here from the published table),
// the same topology when unit-cell-size-x/y/z strain the cell, and categories for materials.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "support/test_support.hpp"
#include "system/crystals.hpp"
#include "system/exchange_summary.hpp"

using namespace miniasd;

namespace {

Config crystal(const std::string& name, const std::string& extra = "") {
    return test::config_from_text("create:crystal-structure = " + name +
                                  "\ndimensions:unit-cell-size = 1 !A\n"
                                  "material[1]:atomic-spin-moment = 2 !muB\n"
                                  "material[1]:exchange-matrix[1] = 1e-21\n" +
                                  extra);
}

TEST(Crystals, NeighboursAsVampiresBuilders) {
    struct Shell {
        double r;  // units of a_x
        double count;
    };
    // Per atom over the 8 A, 16 B and 32 O sites: A-O and O-A, B-O and O-B, B-B and O-O, A-B,
    // A-O and O-O, then A-A, B-O and O-O (VAMPIRE's cutoff 0.434 takes five shells).
    const std::vector<Shell> spinel = {{std::sqrt(3.0) / 8, 64.0 / 56},
                                       {0.25, 192.0 / 56},
                                       {std::sqrt(2.0) / 4, 480.0 / 56},
                                       {std::sqrt(11.0) / 8, 384.0 / 56},
                                       {std::sqrt(3.0) / 4, 288.0 / 56}};
    const struct {
        const char* name;
        std::vector<Shell> shells;
    } expected[] = {
        {"sc", {{1, 6}}},
        {"bcc", {{std::sqrt(3.0) / 2, 8}}},
        {"fcc", {{std::sqrt(0.5), 12}}},
        {"hcp", {{1 / std::sqrt(3.0), 12}}},
        {"bcc-110", {{std::sqrt(3.0) / 2, 8}}},
        {"heusler", {{std::sqrt(3.0) / 4, 8}, {0.5, 6}, {std::sqrt(0.5), 12}}},
        {"honeycomb", {{1.0 / 3, 3}}},
        {"kagome", {{0.5, 4}}},
        {"rocksalt", {{0.5, 6}}},
        {"mn2au", {{std::sqrt(3.0) / 2, 4}}},
        {"fcc-111", {{0.5 / std::sqrt(3.0), 12}}},
        {"alpha-honeycomb", {{1.0 / 3, 3}}},
        {"beta-honeycomb", {{1.0 / 3, 3}}},
        {"spinel", spinel},
        {"spinel-layered", spinel},
    };
    EXPECT_EQ(std::size(expected) + 2, crystal_cells().size());  // + NdFeB, SmFeN: below
    for (const auto& e : expected) {
        const Config c = crystal(e.name);
        const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
        ASSERT_EQ(s.shells.size(), e.shells.size()) << e.name;
        for (std::size_t k = 0; k < e.shells.size(); ++k) {
            EXPECT_NEAR(s.shells[k].radius * 1e10, e.shells[k].r, 1e-6) << e.name << " " << k;
            EXPECT_NEAR(s.shells[k].per_atom, e.shells[k].count, 1e-9) << e.name << " " << k;
        }
    }
}

// NdFeB and SmFeN come from their space groups and Wyckoff positions: the atoms must be those of
// VAMPIRE's cells (spot checks from its lists, 3-4 digits), magnetic atoms only, closed under
// the group, with the mean coordination within VAMPIRE's cutoffs recomputed independently from
// its 68 and 28 listed positions (12.75 = 816 / 64 bonds per atom, 24 = 624 / 26).
TEST(Crystals, RareEarthCellsAreVampiresAtoms) {
    const struct {
        const char* name;
        std::size_t atoms, rare_earths;
        double coordination;
        std::vector<Vec3> listed;  // some of VAMPIRE's positions
    } cases[] = {
        {"ndfeb",
         64,
         8,
         816.0 / 64,
         {{0.268, 0.268, 0},
          {0.768, 0.232, 0.5},
          {0.433, 0.777, 0.127},
          {0.963, 0.64, 0.824},
          {0.902, 0.902, 0.796},
          {0.5, 0.5, 0.886},
          {0, 0, 0.386},
          {0.5, 0, 0.5}}},
        {"smfen",
         26,
         2,
         624.0 / 26,
         {{0.5, 0.5, 0.5},
          {0.6466, 0, 0},
          {0.1466, 0.5, 0.5},
          {0.2247, 0, 0.5},
          {0.75, 0.25, 0.75}}},
    };
    for (const auto& e : cases) {
        const Config c = crystal(e.name);
        const Lattice l = make_lattice(c);
        const CrystalCell& cell = crystal_cell(c.structure.crystal);
        ASSERT_EQ(cell.basis.size(), e.atoms) << e.name;
        EXPECT_EQ(std::count(cell.category.begin(), cell.category.end(), 1),
                  static_cast<long>(e.rare_earths))
            << e.name;
        for (const Vec3& p : e.listed) {
            bool found = false;
            for (const Vec3& b : cell.basis)
                found = found || (std::abs(b[0] - p[0]) < 1e-3 && std::abs(b[1] - p[1]) < 1e-3 &&
                                  std::abs(b[2] - p[2]) < 1e-3);
            EXPECT_TRUE(found) << e.name << " lacks (" << p[0] << ", " << p[1] << ", " << p[2]
                               << ")";
        }
        // No two atoms on one site.
        for (std::size_t i = 0; i < cell.basis.size(); ++i)
            for (std::size_t j = 0; j < i; ++j) {
                double d = 0;
                for (int a = 0; a < 3; ++a)
                    d += std::pow(cell.basis[i][a] - cell.basis[j][a], 2);
                EXPECT_GT(d, 1e-6) << e.name << " " << i << " " << j;
            }
        const ExchangeSummary s = summarise_exchange(c, l);
        double bonds = 0;
        for (const auto& shell : s.shells)
            bonds += shell.per_atom;
        EXPECT_NEAR(bonds, e.coordination, 1e-9) << e.name;
    }
}

// The bonds come from the ideal cell (VAMPIRE's rule): stretching hcp's c axis keeps 12
// neighbours, 6 of them now further away; the same for a cubic crystal.
TEST(Crystals, StrainKeepsTheTopology) {
    const Config c = crystal("hcp", "dimensions:unit-cell-size-z = 1.2 !A\n");
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    ASSERT_EQ(s.shells.size(), 2u);
    EXPECT_DOUBLE_EQ(s.shells[0].per_atom, 6);
    EXPECT_DOUBLE_EQ(s.shells[1].per_atom, 6);
    // The cubic crystals too: a tetragonal sc cell keeps its 6 neighbours (4 at a, 2 at c).
    const Config t = crystal("sc", "dimensions:unit-cell-size-z = 1.3 !A\n");
    const ExchangeSummary u = summarise_exchange(t, make_lattice(t));
    ASSERT_EQ(u.shells.size(), 2u);
    EXPECT_DOUBLE_EQ(u.shells[0].per_atom, 4);
    EXPECT_DOUBLE_EQ(u.shells[1].per_atom, 2);
}

// A rocksalt antiferromagnet: its two categories take two materials, and with J < 0 between them
// the mean-field ordering temperature is 6 |J| / 3 k_B.
TEST(Crystals, RocksaltCategoriesHoldTwoMaterials) {
    const Config c = test::config_from_text(
        "create:crystal-structure = rocksalt\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 4 !muB\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:atomic-spin-moment = 4 !muB\nmaterial[2]:unit-cell-category = 2\n"
        "material[1]:exchange-matrix[2] = -2e-21\n");
    const Lattice l = make_lattice(c);
    EXPECT_EQ(l.category, (std::vector<int>{1, 1, 1, 1, 2, 2, 2, 2}));
    const ExchangeSummary s = summarise_exchange(c, l);
    EXPECT_NEAR(s.curie_temperature, 6 * 2e-21 / (3 * 1.380649e-23), 1e-9);
    // A category no material takes is refused, by its number.
    try {
        test::config_from_text(
            "create:crystal-structure = rocksalt\nmaterial[1]:atomic-spin-moment = 4 !muB\n"
            "material[1]:unit-cell-category = 2\n");
        ADD_FAILURE() << "a rocksalt with category 1 empty was accepted";
    } catch (const Error& e) {
        EXPECT_NE(
            std::string(e.what()).find("no material occupies the sites of unit-cell category 1"),
            std::string::npos)
            << e.what();
    }
}

// fcc-111 is fcc seen along [111]: its categories are fcc's four simple cubic sublattices, so no
// bond joins two atoms of one category, and each atom has 4 neighbours in each other one.
TEST(Crystals, Fcc111CategoriesAreTheFccSublattices) {
    const Config c = crystal("fcc-111");
    const Lattice l = make_lattice(c);
    ASSERT_EQ(l.sites(), 24);
    for (int s = 0; s < l.sites(); ++s) {
        int per_category[5] = {0, 0, 0, 0, 0};
        for (const Bond& b : l.exchange.sites[std::size_t(s)])
            ++per_category[l.category[std::size_t(b.to.site)]];
        for (int k = 1; k <= 4; ++k)
            EXPECT_EQ(per_category[k], k == l.category[std::size_t(s)] ? 0 : 4) << "site " << s;
    }
}

// Spinel's categories: 8 A, 16 B, 32 O; spinel-layered moves the 16 O of the planes z = 3/8 and
// 7/8 to a category of their own.
TEST(Crystals, SpinelCategories) {
    for (const bool layered : {false, true}) {
        const Lattice l = make_lattice(crystal(layered ? "spinel-layered" : "spinel"));
        int count[5] = {0, 0, 0, 0, 0};
        for (int k : l.category)
            ++count[k];
        EXPECT_EQ(count[1], 8);
        EXPECT_EQ(count[2], 16);
        EXPECT_EQ(count[3], layered ? 16 : 32);
        EXPECT_EQ(count[4], layered ? 16 : 0);
    }
}

}  // namespace
