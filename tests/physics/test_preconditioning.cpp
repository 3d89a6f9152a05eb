// sim:preconditioning-steps (VAMPIRE's Monte Carlo preconditioning): Metropolis sweeps at the
// equilibration temperature before a new run's program, whatever the integrator: from an ordered
// start far above T_c they leave the spins disordered, below it they keep the order; the run's
// steps and time do not move; the same bits on 1 and P ranks.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// 8 x 8 x 8 sc cells, J = 1e-21 J (T_c about 100 K), LLG, no steps of its own.
std::string box(double kelvin) {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 2.4 !nm\n"
           "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
           "sim:total-time-steps = 0\nsim:preconditioning-steps = 200\n"
           "sim:equilibration-temperature = " +
           std::to_string(kelvin) + "\n";
}

}  // namespace

TEST(Preconditioning, SweepsAtTheEquilibrationTemperatureBeforeTheProgram) {
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        EXPECT_EQ(test::run_on_first_ranks(ranks, 1, box(1000),
                                           [&](Simulation& sim) {
                                               EXPECT_LT(sim.last_sample().m_length, 0.2)
                                                   << "far above T_c";
                                               EXPECT_EQ(sim.state().step, 0);
                                               (first ? one : many) = test::statistics_of(sim);
                                           }),
                  "");
        if (world.size() == 1) break;
    }
    if (world.rank() == 0 && world.size() > 1) {
        EXPECT_EQ(one, many);
    }
    EXPECT_EQ(test::run_on_first_ranks(world.size(), 1, box(5),
                                       [&](Simulation& sim) {
                                           EXPECT_GT(sim.last_sample().m_length, 0.95)
                                               << "far below T_c";
                                       }),
              "");
}
