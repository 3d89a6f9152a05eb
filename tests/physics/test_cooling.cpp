// A damped run at T = 0 can only lose energy, also straight after a phase at a finite temperature
// (a warm equilibration, a temperature sweep, a laser pulse cooling down): the thermal field of
// the last warm step must not linger. Run at 1 and 2 ranks.
#include <gtest/gtest.h>

#include "support/test_support.hpp"

using namespace miniasd;

TEST(Cooling, DampedDynamicsAtZeroKelvinLoseEnergyAfterAWarmPhase) {
    const std::string text =
        "create:crystal-structure = bcc\n"
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
        "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size-x = 1.148 !nm\n"
        "dimensions:system-size-y = 1.148 !nm\ndimensions:system-size-z = 2.87 !nm\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:damping-constant = 1\n"
        "material[1]:exchange-matrix[1] = 7.05e-21\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 2e-22\n"
        "sim:time-step = 0.1 !fs\n";
    Simulation sim(parallel::Comm::world(), test::config_from_text(text), test::quiet_options());
    Phase warm;
    warm.equilibration_steps = 300;
    warm.equilibration_temperature = 300;  // K
    sim.run(warm);
    double previous = sim.observe().total;
    Phase cold;
    cold.steps = 20;
    cold.increment = 20;
    for (int k = 0; k < 25; ++k) {
        sim.run(cold);
        const double e = sim.observe().total;
        EXPECT_LE(e, previous + 1e-35) << "energy rose at T = 0 after " << (k + 1) * 20 << " steps";
        previous = e;
    }
}
