// The torque columns (VAMPIRE's total-torque, mean-total-torque and material-torque): sum mu S x B
// of the deterministic field, against the hand value for one spin in a field, and through a
// damped relaxation, where a ferromagnet's torque dies away towards the field.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

TEST(Torque, OneSpinInAFieldFeelsMuSCrossB) {
    // mu = 2 muB along z, B = 1.5 T along x: mu S x B = 2 muB 1.5 T (z x x) = 3 muB along +y.
    const std::string input =
        "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:initial-spin-direction = 0,0,1\nsim:applied-field-strength = 1.5 !T\n"
        "sim:applied-field-unit-vector = 1,0,0\nsim:temperature = 0\nsim:total-time-steps = 0\n"
        "output:total-torque\noutput:material-torque\noutput:mean-total-torque\n";
    const std::string error = test::run_on_first_ranks(1, 1, input, [](Simulation& sim) {
        const Observables& o = sim.last_sample();
        EXPECT_NEAR(o.torque[1], 3 * constants::bohr_magneton, 1e-15 * constants::bohr_magneton);
        EXPECT_EQ(o.torque[0], 0.0);
        EXPECT_EQ(o.torque[2], 0.0);
        EXPECT_EQ(o.material_torque[0][1], o.torque[1]);
    });
    EXPECT_EQ(error, "");
}

TEST(Torque, DampedPrecessionTurnsTheTorqueAwayAlongTheField) {
    // A uniform bcc cube at 45 degrees to a 5 T field along z, alpha = 1: the torque starts at
    // N mu B sin 45 and decays as the spins turn into the field.
    const std::string base =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 7e-21\nmaterial[1]:damping-constant = 1\n"
        "material[1]:initial-spin-direction = 1,0,1\nsim:applied-field-strength = 5 !T\n"
        "sim:temperature = 0\nsim:time-step = 1 !fs\nsim:time-steps-increment = 100\n";
    double start = 0, end = 0;
    std::int64_t atoms = 0;
    const std::string e1 =
        test::run_on_first_ranks(1, 1, base + "sim:total-time-steps = 0\n", [&](Simulation& sim) {
            start = std::hypot(sim.last_sample().torque[0], sim.last_sample().torque[1]);
            atoms = sim.lattice().atoms();
        });
    const std::string e2 = test::run_on_first_ranks(
        1, 1, base + "sim:total-time-steps = 20000\n", [&](Simulation& sim) {
            const Vec3 t = sim.last_sample().torque;
            end = std::sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
        });
    EXPECT_EQ(e1 + e2, "");
    EXPECT_NEAR(start, double(atoms) * 2 * constants::bohr_magneton * 5 * std::sqrt(0.5),
                1e-9 * start);
    EXPECT_LT(end, 1e-3 * start);
}
