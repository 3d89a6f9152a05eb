// The start-up check of the LLG time step (integrate/time_step_check.hpp): the precession angle
// per step in the largest field, against the hand-worked figure for bcc Fe, and the warning that
// says by how much a step is too large (the largest step the input accepts, 1 ps, gave |m| =
// 0.008 at 300 K without a word).
#include <gtest/gtest.h>

#include "integrate/time_step_check.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

Config fe(const char* step) {
    return test::config_from_text(
        std::string("create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
                    "material[1]:atomic-spin-moment = 2.22 !muB\n"
                    "material[1]:exchange-matrix[1] = 7.05e-21\n"
                    "material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25\n"
                    "material[1]:damping-constant = 0.1\n"
                    "sim:applied-field-strength = 2 !T\nsim:time-step = ") +
        step + "\n");
}

TEST(TimeStepCheck, BccFeAtOneFemtosecondIsFineAndAtOnePicosecondIsWarned) {
    const double mu = 2.22 * constants::bohr_magneton;
    // 8 bonds of J, the anisotropy field 2 k_u / mu, the applied 2 T.
    const double field = 8 * 7.05e-21 / mu + 2 * 5.65e-25 / mu + 2;
    const double rate = constants::gyromagnetic_ratio * field / (1 + 0.01);
    const Config ok = fe("1 !fs");
    const TimeStepCheck a = check_time_step(ok, make_lattice(ok));
    EXPECT_NEAR(a.field, field, 1e-9 * field);
    EXPECT_NEAR(a.angle, rate * 1e-15, 1e-9);
    EXPECT_FALSE(a.too_large());  // 0.48 rad
    EXPECT_EQ(describe(a, 1e-15).find("warning"), std::string::npos);

    const Config big = fe("1e-12 !s");
    const TimeStepCheck b = check_time_step(big, make_lattice(big));
    EXPECT_TRUE(b.too_large());
    EXPECT_NEAR(b.suggested, 1 / rate, 1e-9 / rate);
    const std::string text = describe(b, 1e-12);
    EXPECT_NE(text.find("warning: time step 1e-12 s is too large"), std::string::npos) << text;
    EXPECT_NE(text.find("Use sim:time-step = 2.1e-15 s or less"), std::string::npos) << text;
}

}  // namespace
