// With no damping and no temperature the LLG dynamics conserve energy. Heun conserves it up to
// its global error: the drift is small and shrinks at least 4x (second order) when dt halves. Run
// at 1 and 2 ranks: energies are reduced over ranks.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

constexpr double exchange = 1e-21;  // J per link

// |E(t) - E(0)| per atom, in units of the exchange J.
double drift(double dt_fs, int steps) {
    const std::string text =
        "create:crystal-structure = sc\n"
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 18 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:damping-constant = 0\n"
        "material[1]:exchange-matrix[1] = 1e-21\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 2e-22\n"
        "material[1]:initial-spin-direction = random\n"
        "sim:applied-field-strength = 5 !T\n"
        "sim:applied-field-unit-vector = 1,0,1\n"
        "sim:time-step = " +
        std::to_string(dt_fs) +
        " !fs\n"
        "sim:total-time-steps = " +
        std::to_string(steps) +
        "\n"
        "sim:time-steps-increment = " +
        std::to_string(steps) + "\n";
    Simulation sim(parallel::Comm::world(), test::config_from_text(text), test::quiet_options());
    const double e0 = sim.observe().total;
    run_program(sim);
    const double e1 = sim.observe().total;
    EXPECT_TRUE(std::isfinite(e1));
    EXPECT_LT(e0, 0.0);  // random start with a field: a definite, non-zero energy
    return std::abs(e1 - e0) / exchange;
}

}  // namespace

TEST(EnergyConservation, UndampedDynamicsConserveEnergyAtSecondOrder) {
    const double d2 = drift(0.2, 1000), d1 = drift(0.1, 2000);  // the same 0.2 ps
    EXPECT_LT(d1, 1e-4) << "drift per atom in units of J";
    EXPECT_GT(d2 / d1, 3.5) << d2 << " " << d1;
}
