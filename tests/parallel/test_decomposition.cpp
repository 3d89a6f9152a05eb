// Run at 1..8 ranks: owned atoms partition the global set exactly, whatever the rank count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "support/test_support.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {
Config box(const std::string& crystal, int nx, int ny, int nz, const std::string& extra = "") {
    return test::config_from_text("create:crystal-structure = " + crystal +
                                  "\ndimensions:unit-cell-size = 1 !nm\n" +
                                  "dimensions:system-size-x = " + std::to_string(nx) + " !nm\n" +
                                  "dimensions:system-size-y = " + std::to_string(ny) + " !nm\n" +
                                  "dimensions:system-size-z = " + std::to_string(nz) + " !nm\n" +
                                  "material[1]:atomic-spin-moment = 1\n" + extra);
}
}  // namespace

TEST(Decomposition, OwnedAtomsPartitionTheGlobalSet) {
    const parallel::Comm world = parallel::Comm::world();
    for (const char* crystal : {"sc", "bcc", "fcc"}) {
        // 9 x 8 x 7 cells: no rank count from 1 to 8 divides every axis.
        Simulation sim(world, box(crystal, 9, 8, 7, "create:periodic-boundaries-x\n"),
                       test::quiet_options());
        const LocalSystem& s = sim.system();
        std::vector<std::int64_t> mine(s.gid.begin(), s.gid.begin() + s.n_owned);
        std::vector<std::int64_t> all = sim.comm().all_gather(mine);
        std::sort(all.begin(), all.end());
        ASSERT_EQ(std::int64_t(all.size()), sim.lattice().atoms()) << crystal;
        for (std::size_t k = 0; k < all.size(); ++k)
            ASSERT_EQ(all[k], std::int64_t(k)) << crystal;
        // Blocks are balanced to within one cell per axis.
        const parallel::Spread spread = sim.comm().spread(double(s.n_owned));
        const auto& d = sim.grid().dims;
        double worst = 1;
        for (int a = 0; a < 3; ++a)
            worst *= std::ceil(double(sim.lattice().cells[a]) / d[a]);
        EXPECT_LE(spread.max, worst * sim.lattice().sites());
    }
}

TEST(Decomposition, ParticleAtomsPartitionTheParticle) {
    const parallel::Comm world = parallel::Comm::world();
    // A sphere in a 9 x 8 x 7 box: some ranks own few atoms, corner ranks may own none.
    Simulation sim(world,
                   box("bcc", 9, 8, 7,
                       "create:sphere\ndimensions:particle-size = 6 !nm\n"
                       "material[1]:exchange-matrix[1] = 1e-21\n"),
                   test::quiet_options());
    const LocalSystem& s = sim.system();
    const Lattice& l = sim.lattice();
    std::vector<std::int64_t> mine(s.gid.begin(), s.gid.begin() + s.n_owned);
    std::vector<std::int64_t> all = sim.comm().all_gather(mine);
    std::sort(all.begin(), all.end());
    std::vector<std::int64_t> expected;
    for (std::int64_t g = 0; g < l.id_space(); ++g)
        if (l.particle.scaled_distance(l.position(g)) <= 1.0) expected.push_back(g);
    EXPECT_EQ(all, expected);
    EXPECT_EQ(s.n_global, std::int64_t(expected.size()));
    // Ghosts are particle atoms too.
    for (std::int64_t i = s.n_owned; i < s.n_local; ++i)
        EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), s.gid[i]));
}

TEST(Decomposition, MoreRanksThanCellsIsTheSameErrorOnEveryRank) {
    const parallel::Comm world = parallel::Comm::world();
    if (world.size() < 2) GTEST_SKIP() << "needs 2 or more ranks";
    int threw = 0;
    try {
        Simulation sim(world, box("sc", 1, 1, 1), test::quiet_options());
    } catch (const Error& e) {
        threw = std::string(e.what()).find("cannot decompose") != std::string::npos;
    }
    EXPECT_EQ(world.sum(std::int64_t(threw)), world.size());
}
