// The first shell found on a grid of bins (system/nearest_shell.hpp) against the all-pairs search
// within two cells it replaced, on every built-in crystal, and on a 10 x 10 x 10 sc supercell
// written as one cell (1000 sites), where the all-pairs search took 2 GB.
#include <gtest/gtest.h>

#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/nearest_shell.hpp"

using namespace miniasd;

TEST(NearestShell, EqualsTheAllPairsSearchOnEveryCrystal) {
    for (const char* crystal : {"sc", "bcc", "fcc", "hcp", "bcc-110", "heusler", "honeycomb",
                                "kagome", "rocksalt", "mn2au", "fcc-111", "alpha-honeycomb",
                                "beta-honeycomb", "spinel", "spinel-layered", "ndfeb", "smfen"}) {
        const Config c = test::config_from_text(
            std::string("create:crystal-structure = ") + crystal +
            "\ndimensions:unit-cell-size = 3 !A\ndimensions:system-size = 3 !nm\n"
            "material[1]:atomic-spin-moment = 1\n");
        const Lattice l = make_lattice(c);
        EXPECT_EQ(first_shell(l.basis, l.cell_size), neighbour_shells(l, 1)[0]) << crystal;
    }
    // A stretched cell: the shortest distance along one axis only.
    const std::vector<Vec3> two{{0, 0, 0}, {0.5, 0.5, 0.5}};
    const SiteOffsets s = first_shell(two, {2.0, 3.0, 9.0});
    ASSERT_EQ(s[0].size(), 2u);  // the images along x at 2
    EXPECT_EQ(s[0][0], (NeighbourOffset{-1, 0, 0, 0}));
    EXPECT_EQ(s[0][1], (NeighbourOffset{1, 0, 0, 0}));
}

TEST(NearestShell, ASupercellOfAThousandSitesHasSixNeighboursEach) {
    std::vector<Vec3> basis;
    for (int z = 0; z < 10; ++z)
        for (int y = 0; y < 10; ++y)
            for (int x = 0; x < 10; ++x)
                basis.push_back({x / 10.0, y / 10.0, z / 10.0});
    const SiteOffsets s = first_shell(basis, {28.7, 28.7, 28.7});
    for (std::size_t k = 0; k < s.size(); ++k)
        ASSERT_EQ(s[k].size(), 6u) << k;
    // Site 0 (the corner): its x neighbours are site 1 in its cell and site 9 in the cell at -x.
    EXPECT_EQ(s[0][2], (NeighbourOffset{-1, 0, 0, 9}));
    EXPECT_EQ(s[0][3], (NeighbourOffset{0, 0, 0, 1}));
}
