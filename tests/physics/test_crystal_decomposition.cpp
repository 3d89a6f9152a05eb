// Every built-in crystal (create:crystal-structure), cut to a sphere, gives the same spins and
// statistics, bit for bit, on 1 to P ranks x 1 and 2 threads, with LLG and with Monte Carlo (whose
// colouring follows each crystal's bonds): the particle shapes and the decomposition work on each.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstring>

#include "input/crystals.hpp"
#include "programs/program.hpp"
#include "stats/observables.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

struct Result {
    std::vector<double> spins;
    std::vector<double> stats;
};

Result run_on(int ranks, int threads, const Config& c) {
    Result r;
    const std::string error = test::run_on_first_ranks(ranks, threads, c, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.stats = sample_series(sim.last_sample(), sim.state().field_direction);
    });
    EXPECT_EQ(error, "") << ranks << " ranks";
    return r;
}

TEST(CrystalDecomposition, EveryCrystalCutToASphereIsTheSameOnAnyDecomposition) {
    const int world = parallel::Comm::world().size();
    for (const CrystalCell& cell : crystal_cells())
        for (const char* integrator : {"llg-heun", "monte-carlo"}) {
            // About 1.6 nm of atoms at a 3 A cell edge (the larger cells' fewer cells).
            const Config c = test::config_from_text(
                std::string("create:crystal-structure = ") + cell.name +
                "\ncreate:sphere\ndimensions:unit-cell-size = 3 !A\n"
                "dimensions:system-size = 2.2 !nm\ndimensions:particle-size = 1.6 !nm\n"
                "material[1]:atomic-spin-moment = 2 !muB\n"
                "material[1]:exchange-matrix[1] = 2e-21\n"
                "material[1]:initial-spin-direction = random\n"
                "sim:integrator = " +
                integrator +
                "\nsim:temperature = 200\nsim:time-step = 0.2 !fs\n"
                "sim:total-time-steps = 12\nsim:time-steps-increment = 4\n");
            const Result ref = run_on(1, 1, c);
            for (int threads : {1, 2})
                for (int ranks = 2 - (threads - 1); ranks <= world; ++ranks) {
                    const Result r = run_on(ranks, threads, c);
                    if (!parallel::Comm::world().is_root()) continue;
                    const std::string what = std::string(cell.name) + ", " + integrator + " on " +
                                             std::to_string(ranks) + " ranks x " +
                                             std::to_string(threads) + " threads";
                    ASSERT_EQ(r.spins.size(), ref.spins.size()) << what;
                    EXPECT_GT(ref.spins.size(), 3u * 20) << what;
                    EXPECT_EQ(std::memcmp(r.spins.data(), ref.spins.data(),
                                          r.spins.size() * sizeof(double)),
                              0)
                        << what;
                    ASSERT_EQ(r.stats.size(), ref.stats.size()) << what;
                    EXPECT_EQ(std::memcmp(r.stats.data(), ref.stats.data(),
                                          r.stats.size() * sizeof(double)),
                              0)
                        << what << ": statistics";
                }
            omp_set_num_threads(1);
        }
}

}  // namespace
