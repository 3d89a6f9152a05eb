// The classical Heisenberg ferromagnet on the simple cubic lattice with nearest-neighbour exchange
// J has k_B T_c / J = 1.443 (high-precision Monte Carlo: Chen, Ferrenberg & Landau 1993). The
// curie-temperature program finds it from the crossing of the Binder cumulants U4(T) of two
// system sizes; and LLG dynamics and Monte Carlo, two different routes to equilibrium, agree on
// |m|(T) within their statistical errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double exchange = 1e-21;                             // J per link
const double curie = 1.443 * exchange / constants::boltzmann;  // 104.5 K

std::string sc_cube(int cells, const std::string& extra) {
    return "create:crystal-structure = sc\n"
           "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
           "create:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size = " +
           std::to_string(3 * cells) +
           " !A\n"
           "material[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:initial-spin-direction = 0,0,1\n"
           "sim:program = curie-temperature\n"
           "sim:integrator-random-seed = 31\n" +
           extra;
}

// Rows of the curie-temperature table: T, <|m|>, err, chi, err, C, err, U4, err, ...
std::vector<std::vector<double>> sweep(const std::string& input) {
    Simulation sim(parallel::Comm::world(), test::config_from_text(input), test::quiet_options());
    CurieTemperatureProgram program;
    ProgramHost host(sim);
    program.run(host);
    return program.points();
}

}  // namespace

TEST(CurieTemperature, BinderCumulantsOfTwoSizesCrossAtTheKnownTc) {
    const std::string mc =
        "sim:integrator = monte-carlo\n"
        "sim:minimum-temperature = 101\nsim:maximum-temperature = 107\n"
        "sim:temperature-increment = 3\n"
        "sim:equilibration-time-steps = 2000\nsim:loop-time-steps = 20000\n"
        "sim:time-steps-increment = 2\n";
    const auto small = sweep(sc_cube(8, mc));
    const auto large = sweep(sc_cube(12, mc));
    ASSERT_EQ(small.size(), 3u);
    ASSERT_EQ(large.size(), 3u);
    std::vector<double> t, diff;
    for (std::size_t k = 0; k < small.size(); ++k) {
        t.push_back(small[k][0]);
        diff.push_back(large[k][7] - small[k][7]);
        EXPECT_GT(small[k][8], 0.0);  // every estimate has an error
        EXPECT_LT(small[k][8], 0.02);
    }
    // Below T_c the larger system is more ordered (U4 nearer 2/3), above it less.
    EXPECT_GT(diff.front(), 0.0);
    EXPECT_LT(diff.back(), 0.0);
    const double crossing = zero_crossing(t, diff);
    EXPECT_NEAR(crossing / curie, 1.0, 0.03) << "crossing at " << crossing << " K, T_c " << curie;
    if (parallel::Comm::world().is_root())
        std::printf("Binder crossing of L = 8 and 12: %.2f K (k_B T / J = %.4f; exact 1.443)\n",
                    crossing, crossing * constants::boltzmann / exchange);
    // |m| falls with temperature; the susceptibility of the larger system peaks more sharply.
    EXPECT_GT(small[0][1], small[2][1]);
    EXPECT_GT(large[1][3], small[1][3]);
}

TEST(CurieTemperature, LlgAndMonteCarloAgreeOnTheMagnetisation) {
    const std::string range =
        "sim:minimum-temperature = 60\nsim:maximum-temperature = 90\n"
        "sim:temperature-increment = 30\n";
    const auto mc = sweep(sc_cube(8, range + "sim:integrator = monte-carlo\n"
                                             "sim:equilibration-time-steps = 4000\n"
                                             "sim:loop-time-steps = 40000\n"
                                             "sim:time-steps-increment = 10\n"));
    // Damping 1 and 0.5 fs steps: the exchange field (~320 T) precesses in ~20 fs.
    const auto llg = sweep(sc_cube(8, range + "sim:time-step = 0.5 !fs\n"
                                              "sim:equilibration-time-steps = 8000\n"
                                              "sim:loop-time-steps = 80000\n"
                                              "sim:time-steps-increment = 20\n"));
    ASSERT_EQ(mc.size(), 2u);
    ASSERT_EQ(llg.size(), 2u);
    for (std::size_t k = 0; k < mc.size(); ++k) {
        const double sigma = std::hypot(mc[k][2], llg[k][2]);
        EXPECT_NEAR(llg[k][1], mc[k][1], 4 * sigma) << "T = " << mc[k][0] << " K";
        EXPECT_GT(mc[k][1], 0.4);  // ordered, well below T_c
    }
    EXPECT_GT(mc[0][1] - mc[1][1], 0.1);  // and visibly less so at 90 K than at 60 K
}
