// LBFGS on the spheres (sim:relax-method = lbfgs; integrate/lbfgs.hpp): lesson 9's skyrmion
// relaxes to the velocity projection's energy within 1e-9 in at most a fifth of its steps, the same
// bits on 1 and P ranks and 1 and 2 threads; a DMI spiral chain reaches its exact energy.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "support/decomposition.hpp"

using namespace miniasd;

namespace {

struct Relaxed {
    std::vector<double> spins;
    double energy = 0;  // J/atom
    std::int64_t steps = 0;
};

Relaxed relax(int ranks, int threads, const std::string& input) {
    Relaxed r;
    const std::string error = test::run_on_first_ranks(ranks, threads, input, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.energy = sim.last_sample().total;
        r.steps = sim.steps_done();
    });
    EXPECT_EQ(error, "");
    return r;
}

// Lesson 9 (input/tutorial/09-skyrmion-energy) as the lesson gives it: a 40 x 40 monolayer,
// one skyrmion relaxed to 1e-8 T; its output columns left out.
std::string lesson9(const char* method) {
    std::ifstream in(std::string(MINIASD_SOURCE_DIR) + "/input/tutorial/09-skyrmion-energy/input");
    std::string text, line;
    while (std::getline(in, line))
        if (line.rfind("output:", 0) != 0 && line.rfind("screen:", 0) != 0 &&
            line.rfind("config:", 0) != 0)
            text += line + "\n";
    return text + "sim:relax-method = " + method + "\n";
}

}  // namespace

TEST(Lbfgs, ReachesTheVelocityProjectionsEnergyInAFifthOfItsSteps) {
    const Relaxed vp = relax(1, 1, lesson9("velocity-projection"));
    const Relaxed lbfgs = relax(1, 1, lesson9("lbfgs"));
    const int world = parallel::Comm::world().size();
    const Relaxed all = relax(world, 1, lesson9("lbfgs"));
    const Relaxed threads = relax(world, 2, lesson9("lbfgs"));
    if (!parallel::Comm::world().is_root()) return;
    ASSERT_GT(vp.steps, 0);
    EXPECT_LT(lbfgs.steps, 100000);  // converged
    EXPECT_LE(lbfgs.steps * 5, vp.steps) << lbfgs.steps << " against " << vp.steps;
    EXPECT_NEAR(lbfgs.energy / vp.energy, 1.0, 1e-9);
    for (const Relaxed* other : {&all, &threads}) {
        EXPECT_EQ(other->steps, lbfgs.steps);
        ASSERT_EQ(other->spins.size(), lbfgs.spins.size());
        EXPECT_EQ(std::memcmp(other->spins.data(), lbfgs.spins.data(),
                              lbfgs.spins.size() * sizeof(double)),
                  0)
            << world << " ranks";
    }
}

// A periodic chain of 36 atoms with interfacial DMI D = J tan 10 degrees, from a spiral on a
// 70-degree cone: the flat cycloid of -sqrt(J^2 + D^2) per bond (test_relax.cpp's case).
TEST(Lbfgs, ASpiralChainReachesItsExactEnergy) {
    const double j = 1e-21, d = j * std::tan(10 * 3.141592653589793 / 180);
    std::ostringstream text;
    text.precision(17);
    text << "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
            "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 108 !A\n"
            "dimensions:system-size-y = 3 !A\ndimensions:system-size-z = 3 !A\n"
            "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
            "material[1]:interfacial-dmi-constant[1] = "
         << d
         << "\nsim:program = relax\nsim:total-time-steps = 100000\n"
            "sim:relax-torque-tolerance = 1e-10 !T\nsim:relax-method = lbfgs\n"
            "sim:initial-spin-configuration = spiral\n"
            "sim:initial-spiral-wave-vector = 0.027777777777777776, 0, 0\n"
            "sim:initial-spiral-axis = 0,-1,0\nsim:initial-spiral-cone-angle = 70\n";
    const Relaxed r = relax(1, 1, text.str());
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_LT(r.steps, 100000);
    EXPECT_NEAR(r.energy / -std::sqrt(j * j + d * d), 1.0, 1e-12);
}
