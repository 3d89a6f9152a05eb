// Every built-in crystal (create:crystal-structure), cut to a sphere, gives the same spins and
// statistics, bit for bit, on 1 to P ranks x 1 and 2 threads, with LLG and with Monte Carlo (whose
// colouring follows each crystal's bonds): the particle shapes and the decomposition work on each.
#include <gtest/gtest.h>
#include <omp.h>

#include "run/programs/program.hpp"
#include "stats/observables.hpp"
#include "support/decomposition.hpp"
#include "system/crystals.hpp"

using namespace miniasd;

namespace {

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
            const test::Gathered ref = test::run_gathered(1, 1, c);
            if (parallel::Comm::world().is_root()) {
                EXPECT_GT(ref.spins.size(), 3u * 20) << cell.name;
            }
            for (int threads : {1, 2})
                for (int ranks = 2 - (threads - 1); ranks <= world; ++ranks) {
                    test::expect_same_bits(test::run_gathered(ranks, threads, c), ref,
                                           std::string(cell.name) + ", " + integrator + " on " +
                                               std::to_string(ranks) + " ranks x " +
                                               std::to_string(threads) + " threads");
                }
            omp_set_num_threads(1);
        }
}

}  // namespace
