#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "parallel/process_grid.hpp"
#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

using namespace miniasd;

namespace {

Config lattice_config(const std::string& crystal, int nx, int ny, int nz, bool periodic) {
    std::string text = "create:crystal-structure = " + crystal + "\n" +
                       "dimensions:unit-cell-size = 3 !A\n" +
                       "dimensions:system-size-x = " + std::to_string(3 * nx) + " !A\n" +
                       "dimensions:system-size-y = " + std::to_string(3 * ny) + " !A\n" +
                       "dimensions:system-size-z = " + std::to_string(3 * nz) + " !A\n" +
                       "material[1]:atomic-spin-moment = 1\n";
    if (periodic)
        text +=
            "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-"
            "boundaries-z\n";
    return test::config_from_text(text);
}

// The whole lattice on one rank.
LocalSystem serial_system(const Lattice& l) {
    parallel::ProcessGrid g;
    g.cells = l.cells;
    g.periodic = l.periodic;
    Config c;
    c.materials.resize(1);
    return build_local_system(l, g, MaterialMap(c, l));
}

}  // namespace

TEST(Lattice, CellsAreCeilOfSizeOverCellWithoutRoundingUp) {
    EXPECT_EQ(cells_along(40 * 2.87e-10, 2.87e-10), 40);  // exact multiple stays 40
    EXPECT_EQ(cells_along(4e-9, 3.524e-10), 12);          // 11.35 -> 12 as VAMPIRE
    EXPECT_EQ(cells_along(1e-11, 3e-10), 1);
}

TEST(Lattice, NearestNeighbourCountsInTheBulk) {
    const std::pair<const char*, std::size_t> cases[] = {{"sc", 6}, {"bcc", 8}, {"fcc", 12}};
    for (const auto& [crystal, z] : cases) {
        const Lattice l = make_lattice(lattice_config(crystal, 4, 4, 4, true));
        for (const auto& site : l.neighbours)
            EXPECT_EQ(site.size(), z) << crystal;
        const LocalSystem s = serial_system(l);
        EXPECT_EQ(s.n_owned, l.atoms());
        EXPECT_EQ(s.n_local, s.n_owned);  // one rank, periodic: no ghosts
        for (std::int64_t i = 0; i < s.n_owned; ++i)
            EXPECT_EQ(s.neighbours_of(i).size(), z) << crystal;
    }
}

TEST(Lattice, AtomCountsAndFewerNeighboursAtOpenSurfaces) {
    const Lattice l = make_lattice(lattice_config("fcc", 5, 4, 3, false));
    EXPECT_EQ(l.atoms(), 5 * 4 * 3 * 4);
    const LocalSystem s = serial_system(l);
    // Corner atom at the origin of an open fcc box has 3 neighbours; count links both ways.
    std::int64_t links = 0;
    std::size_t min_z = 100;
    for (std::int64_t i = 0; i < s.n_owned; ++i) {
        const std::size_t z = s.neighbours_of(i).size();
        links += static_cast<std::int64_t>(z);
        min_z = std::min(min_z, z);
        if (s.gid[i] == 0) {
            EXPECT_EQ(z, 3u);
        }
    }
    EXPECT_EQ(min_z, 3u);
    EXPECT_EQ(links % 2, 0);  // every link seen from both ends
    EXPECT_LT(links, 12 * l.atoms());
    // Neighbours are symmetric: j in N(i) <=> i in N(j).
    std::multiset<std::pair<std::int64_t, std::int64_t>> pairs;
    for (std::int64_t i = 0; i < s.n_owned; ++i)
        for (std::int32_t j : s.neighbours_of(i))
            pairs.insert({s.gid[i], s.gid[j]});
    for (const auto& [a, b] : pairs)
        EXPECT_EQ(pairs.count({a, b}), pairs.count({b, a}));
}

TEST(Lattice, GlobalIdsAreUniqueContiguousAndDecodeBack) {
    const Lattice l = make_lattice(lattice_config("bcc", 3, 2, 4, false));
    const LocalSystem s = serial_system(l);
    std::vector<std::int64_t> ids(s.gid.begin(), s.gid.begin() + s.n_owned);
    std::sort(ids.begin(), ids.end());
    for (std::size_t k = 0; k < ids.size(); ++k)
        ASSERT_EQ(ids[k], std::int64_t(k));
    for (std::int64_t g = 0; g < l.atoms(); ++g) {
        std::int64_t cx, cy, cz;
        int site;
        l.decode(g, cx, cy, cz, site);
        EXPECT_EQ(l.gid(cx, cy, cz, site), g);
    }
    // Positions: the bcc body centre of cell (1, 0, 2).
    const Vec3 p = l.position(l.gid(1, 0, 2, 1));
    EXPECT_NEAR(p[0], 1.5 * 3e-10, 1e-22);
    EXPECT_NEAR(p[1], 0.5 * 3e-10, 1e-22);
    EXPECT_NEAR(p[2], 2.5 * 3e-10, 1e-22);
}

TEST(Lattice, CoreAtomsComeFirstAndHaveOnlyOwnedNeighbours) {
    const Lattice l = make_lattice(lattice_config("sc", 6, 6, 6, true));
    parallel::ProcessGrid g;
    g.cells = l.cells;
    g.periodic = l.periodic;
    g.dims = {2, 1, 1};
    g.coords = {1, 0, 0};
    Config c;
    c.materials.resize(1);
    const LocalSystem s = build_local_system(l, g, MaterialMap(c, l));
    EXPECT_EQ(s.n_owned, 3 * 6 * 6);
    EXPECT_EQ(s.n_core, 1 * 6 * 6);               // the middle plane of three
    EXPECT_EQ(s.n_local - s.n_owned, 2 * 6 * 6);  // one plane on each side, both from rank 0
    for (std::int64_t i = 0; i < s.n_owned; ++i)
        for (std::int32_t j : s.neighbours_of(i))
            if (i < s.n_core) {
                EXPECT_LT(j, s.n_owned);
            }
    ASSERT_EQ(s.peers.size(), 1u);
    EXPECT_EQ(s.peers[0].rank, 0);
    EXPECT_EQ(s.peers[0].ghost_count, 72);
    EXPECT_EQ(s.peers[0].send.size(), 72u);
}
