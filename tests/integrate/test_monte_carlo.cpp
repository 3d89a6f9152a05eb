// Monte Carlo behaviours beyond sampling a distribution (tests/physics/test_boltzmann.cpp):
// at T = 0 every downhill move is taken, so a ferromagnet started at random saturates (the
// adaptive width must not shrink for ever: it restarts at its maximum, as VAMPIRE's does); the
// angle move keeps its fixed width.
#include <gtest/gtest.h>

#include <cmath>

#include "integrate/monte_carlo.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

TEST(MonteCarlo, AtZeroKelvinAFerromagnetFromARandomStartSaturates) {
    Simulation sim(parallel::Comm::world(),
                   test::config_from_text(
                       "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
                       "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
                       "dimensions:unit-cell-size = 3.5 !A\ndimensions:system-size = 1.75 !nm\n"
                       "material[1]:atomic-spin-moment = 1.72 !muB\n"
                       "material[1]:exchange-matrix[1] = 1e-21\n"
                       "material[1]:initial-spin-direction = random\n"
                       "sim:integrator = monte-carlo\nsim:program = benchmark\n"
                       "sim:total-time-steps = 10000\nsim:integrator-random-seed = 3\n"),
                   test::quiet_options());
    run_program(sim);
    EXPECT_NEAR(sim.last_sample().m_length, 1.0, 1e-9);
    EXPECT_GE(sim.state().mc_step_width, MonteCarlo::min_width);
    EXPECT_LE(sim.state().mc_step_width, MonteCarlo::max_width);
}

TEST(MonteCarlo, AngleMoveWidthFollowsVampiresFormula) {
    EXPECT_EQ(angle_move_width(0.5), 0.02);
    const double t = 300;
    EXPECT_DOUBLE_EQ(angle_move_width(t),
                     0.08 * std::pow(constants::boltzmann * t / constants::bohr_magneton, 0.2));
    EXPECT_GT(angle_move_width(1000), angle_move_width(10));
}
