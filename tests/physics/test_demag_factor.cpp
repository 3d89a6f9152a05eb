// sim:demagnetisation-factor (VAMPIRE's): every atom feels -mu_0 N M of the whole box, M = sum
// mu S / V. Its value against the formula; a film's shape anisotropy (N = 0, 0, 1) turns a tilted
// magnetisation into the plane as the damped macrospin's exact solution in the field -B0 m_z z,
// tan(theta) = tan(theta_0) exp(alpha gamma B0 t / (1 + alpha^2)); the same bits on 1 and P
// ranks; the keyword's mistakes refused.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// 12 x 12 x 3 independent spins of 2 mu_B in cells of 3 A (M_s = 6.87e5 A/m, mu_0 M_s = 0.863 T).
std::string film(const std::string& more) {
    return "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size-x = 3.6 !nm\ndimensions:system-size-y = 3.6 !nm\n"
           "dimensions:system-size-z = 0.9 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:damping-constant = 1\nsim:time-step = 10 !fs\n"
           "sim:demagnetisation-factor = 0, 0, 1\n" +
           more;
}

}  // namespace

TEST(DemagFactor, TheFieldIsMinusMu0NMOfTheBox) {
    const std::string error = test::run_on_first_ranks(
        parallel::Comm::world().size(), 1,
        film("material[1]:initial-spin-direction = 0.6, 0, 0.8\nsim:total-time-steps = 0\n"),
        [&](Simulation& sim) {
            const double mu = 2 * 9.2740100783e-24, volume = 36e-10 * 36e-10 * 9e-10;
            const double ms = 432 * mu / volume;  // A/m
            const Vec3& b = sim.state().demag_field;
            EXPECT_EQ(b[0], 0.0);
            EXPECT_EQ(b[1], 0.0);
            EXPECT_NEAR(b[2], -4e-7 * M_PI * ms * 0.8, 1e-12);
        });
    EXPECT_EQ(error, "");
}

TEST(DemagFactor, AFilmsMagnetisationTurnsIntoItsPlaneOnAnyDecomposition) {
    const std::string text = film(
        "material[1]:initial-spin-direction = 0.5, 0, 0.8660254037844386\n"
        "sim:total-time-steps = 5000\nsim:time-steps-increment = 1000\n");
    const double mu = 2 * 9.2740100783e-24, volume = 36e-10 * 36e-10 * 9e-10;
    const double b0 = 4e-7 * M_PI * 432 * mu / volume;  // T
    const double rate = 1.760859e11 * b0 / 2;           // alpha = 1: gamma B0 / 2, 1/s
    const double mz = std::cos(std::atan(std::tan(M_PI / 6) * std::exp(rate * 50e-12)));
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        const std::string error = test::run_on_first_ranks(ranks, 1, text, [&](Simulation& sim) {
            const Observables& o = sim.last_sample();
            // First order in the step (the field is set at each step's start and held through
            // it): 1.2e-3 short at 10 fs, 0.6e-3 at 5 fs.
            EXPECT_NEAR(o.m[2], mz, 1.5e-3 * mz) << "m_z after 50 ps";
            EXPECT_NEAR(o.m_length, 1.0, 1e-12);
            (first ? one : many) = test::statistics_of(sim);
        });
        EXPECT_EQ(error, "");
        if (world.size() == 1) break;
    }
    if (world.rank() == 0 && world.size() > 1) {
        EXPECT_EQ(one, many);
    }
}

TEST(DemagFactor, MistakesAreRefusedByName) {
    std::string text = film("");
    text.replace(text.find("0, 0, 1"), 7, "0.5, 0, 0.4");
    EXPECT_NE(test::input_refusal(text).find("must sum to 1"), std::string::npos);
    text = film("");
    text.replace(text.find("0, 0, 1"), 7, "1");
    EXPECT_NE(test::input_refusal(text).find("needs three numbers"), std::string::npos);
    EXPECT_NE(
        test::input_refusal(film("sim:program = relax\n")).find("cannot go with a relaxation"),
        std::string::npos);
}
