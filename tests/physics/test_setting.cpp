// sim:program = setting (VAMPIRE's exchange-bias setting of IrMn3): the row of the state set
// agrees with VAMPIRE's develop branch on bench/vampire-setting (its stored output); the chosen
// state puts the interface sublattice along the table's direction nearest the field, whichever
// sublattice and field; the interface count and the row are the same on 1 and P ranks; fewer
// than four materials are refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

const std::string bench = std::string(MINIASD_SOURCE_DIR) + "/bench/vampire-setting/";

Config bench_config() {
    return test::config_from_files(test::read_text(bench + "input"),
                                   {{"irmn.mat", test::read_text(bench + "irmn.mat")}});
}

}  // namespace

TEST(Setting, TheRowAgreesWithVampire) {
    std::vector<double> theirs;
    std::istringstream lines(test::read_text(bench + "vampire-develop-output"));
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') {
            std::istringstream words(line);
            for (double x; words >> x;)
                theirs.push_back(x);
        }
    ASSERT_EQ(theirs.size(), 20u);  // material-magnetisation: ux, uy, uz, |m| of 5 materials
    const parallel::Comm world = parallel::Comm::world();
    std::vector<std::int64_t> bonds_one, bonds_many;
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        const std::string error =
            test::run_on_first_ranks(ranks, 1, bench_config(), [&](Simulation& sim) {
                const Observables& o = sim.last_sample();
                for (std::size_t m = 0; m < 5; ++m)
                    for (std::size_t a = 0; a < 3; ++a)
                        EXPECT_NEAR(o.material_m[m][a] / o.material_m[m][3], theirs[4 * m + a],
                                    2e-6)
                            << "material " << m + 1 << " component " << a;
                EXPECT_NEAR(o.material_m[4][3], theirs[19], 1e-12);  // the ferromagnet, |m| = 1
                (first ? bonds_one : bonds_many) = ProgramHost(sim).setting_interface_bonds();
                (first ? one : many) = test::statistics_of(sim);
            });
        EXPECT_EQ(error, "");
    }
    if (world.rank() == 0) {
        // Sublattices 1 and 2 lie below the ferromagnet's first layer.
        EXPECT_EQ(bonds_one[0], 144);
        EXPECT_EQ(bonds_one[1], 144);
        EXPECT_EQ(bonds_one[2], 0);
        EXPECT_EQ(bonds_one[3], 0);
        EXPECT_EQ(bonds_one, bonds_many);
        EXPECT_EQ(one, many);
    }
}

TEST(Setting, TheInterfaceSublatticeTakesTheDirectionNearestTheField) {
    // VAMPIRE's table (unnormalised): the field along each entry, normalised; each sublattice as
    // the interface's in turn.
    const double table[8][3] = {
        {0, 0, -1}, {-0.94, 0, 0.3}, {0.44, -0.845, 0.3},  {0.44, 0.845, 0.3},
        {0, 0, 1},  {0.94, 0, -0.3}, {-0.44, 0.845, -0.3}, {-0.44, -0.845, -0.3}};
    for (int d = 0; d < 8; ++d) {
        const double n = std::sqrt(table[d][0] * table[d][0] + table[d][1] * table[d][1] +
                                   table[d][2] * table[d][2]);
        const Vec3 field{table[d][0] / n, table[d][1] / n, table[d][2] / n};
        for (int k = 0; k < 4; ++k) {
            std::vector<std::int64_t> bonds(4, 10);
            bonds[std::size_t(k)] = 50;
            int largest = -1, closest = -1;
            const std::vector<Vec3> dirs = setting_directions(bonds, field, 6, &largest, &closest);
            EXPECT_EQ(largest, k);
            EXPECT_EQ(closest, d);
            for (std::size_t a = 0; a < 3; ++a) {
                EXPECT_NEAR(dirs[std::size_t(k)][a], field[a], 1e-15) << d << " " << k;
                EXPECT_EQ(dirs[4][a], field[a]);  // the ferromagnet along the field
                EXPECT_EQ(dirs[5][a], field[a]);
            }
            // The four sublattices take four different directions of one half of the table.
            for (std::size_t p = 0; p < 4; ++p)
                for (std::size_t q = p + 1; q < 4; ++q)
                    EXPECT_LT(
                        dirs[p][0] * dirs[q][0] + dirs[p][1] * dirs[q][1] + dirs[p][2] * dirs[q][2],
                        0.0);
        }
    }
}

TEST(Setting, FewerThanFourMaterialsAreRefused) {
    EXPECT_NE(test::input_refusal("create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
                                  "sim:program = setting\n")
                  .find("give at least 4 materials"),
              std::string::npos);
}
