// The start-up check of the LLG time step (run/time_step_check.hpp): the precession angle
// per step in the largest field, against the hand-worked figure for bcc Fe, and the warning that
// says by how much a step is too large (the largest step the input accepts, 1 ps, gave |m| =
// 0.008 at 300 K without a word).
#include <gtest/gtest.h>

#include <cmath>

#include "run/time_step_check.hpp"
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
    // Precession and damping at right angles: gamma B / sqrt(1 + alpha^2).
    const double rate = constants::gyromagnetic_ratio * field / std::sqrt(1 + 0.01);
    const Config ok = fe("1 !fs");
    const TimeStepCheck a = check_time_step(ok, make_lattice(ok));
    EXPECT_NEAR(a.field, field, 1e-9 * field);
    EXPECT_NEAR(a.angle, rate * 1e-15, 1e-9);
    EXPECT_FALSE(a.too_large());  // 0.48 rad
    EXPECT_EQ(a.thermal, 0);      // at 0 K
    EXPECT_EQ(describe(a, 1e-15).find("warning"), std::string::npos);

    const Config big = fe("1e-12 !s");
    const TimeStepCheck b = check_time_step(big, make_lattice(big));
    EXPECT_TRUE(b.too_large());
    EXPECT_NEAR(b.suggested, 1 / rate, 1e-9 / rate);
    const std::string text = describe(b, 1e-12);
    EXPECT_NE(text.find("warning: time step 1e-12 s is too large"), std::string::npos) << text;
    EXPECT_NE(text.find("Use sim:time-step = 2.1e-15 s or less"), std::string::npos) << text;
}

// The thermal field turns a spin by 3 sqrt(3) gamma sigma dt / sqrt(1 + alpha^2) in a 3-sigma
// step, sigma = sqrt(2 alpha k_B T / (gamma mu dt)); the suggested step solves
// rate dt + noise sqrt(dt) = 1.
TEST(TimeStepCheck, CountsTheThermalFieldAtTheHighestTemperature) {
    Config c = fe("1 !fs");
    c.sim.temperature = 300;
    const double mu = 2.22 * constants::bohr_magneton, g = constants::gyromagnetic_ratio;
    const double field = 8 * 7.05e-21 / mu + 2 * 5.65e-25 / mu + 2;
    const double per_tesla = g / std::sqrt(1.01);
    const double noise =
        per_tesla * 3 * std::sqrt(3.0) * std::sqrt(2 * 0.1 * constants::boltzmann * 300 / (g * mu));
    const TimeStepCheck a = check_time_step(c, make_lattice(c));
    EXPECT_NEAR(a.thermal, noise * std::sqrt(1e-15), 1e-12);
    EXPECT_NEAR(a.angle, per_tesla * field * 1e-15 + noise * std::sqrt(1e-15), 1e-12);
    const double dt = a.suggested;
    EXPECT_NEAR(per_tesla * field * dt + noise * std::sqrt(dt), 1.0, 1e-12);
    // A Curie sweep to 1500 K is judged at 1500 K.
    c.sim.program = ProgramKind::curie_temperature;
    c.sweep.maximum_temperature = 1500;
    EXPECT_NEAR(check_time_step(c, make_lattice(c)).thermal,
                noise * std::sqrt(5.0) * std::sqrt(1e-15), 1e-12);
}

// Couplings at the top of their range with the longest step: no step in sim:time-step's range
// would do, and the warning says so instead of advising "0 s".
TEST(TimeStepCheck, SaysWhenNoTimeStepWouldDo) {
    Config c = fe("1e-12 !s");
    c.materials[0].moment = 1e-30;  // a field of 1e9 T from J = 7e-21 J
    const TimeStepCheck t = check_time_step(c, make_lattice(c));
    ASSERT_TRUE(t.too_large());
    EXPECT_LT(t.suggested, minimum_time_step);
    const std::string text = describe(t, 1e-12);
    EXPECT_NE(text.find("no time step down to sim:time-step's least, 1e-20 s"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("Use sim:time-step"), std::string::npos) << text;
}

// A dipolar solver adds mu0 M_s of the densest magnetisation: bcc Fe's 2.2 T.
TEST(TimeStepCheck, CountsTheDipolarField) {
    Config c = fe("1 !fs");
    const double without = check_time_step(c, make_lattice(c)).field;
    c.dipole.solver = DipoleSolver::atomistic;
    const double mu = 2.22 * constants::bohr_magneton, volume = 2.87e-10 * 2.87e-10 * 2.87e-10 / 2;
    EXPECT_NEAR(check_time_step(c, make_lattice(c)).field - without, 4e-7 * M_PI * mu / volume,
                1e-9);
}

}  // namespace

// The spin torques' fields count: a Slonczewski torque's sqrt(1 + alpha^2) |(a_j, b_j)| / (1 -
// lambda), and the Zhang-Li field's (1 + beta) 2 |u| / (gamma a) along the current's axis.
TEST(TimeStepCheck, CountsTheSpinTorques) {
    const Config base = fe("1 !fs");
    const double without = check_time_step(base, make_lattice(base)).field;
    const Config stt = test::config_from_text(
        std::string("create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
                    "material[1]:atomic-spin-moment = 2.22 !muB\n"
                    "material[1]:exchange-matrix[1] = 7.05e-21\n"
                    "material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25\n"
                    "material[1]:damping-constant = 0.1\n"
                    "sim:applied-field-strength = 2 !T\nsim:time-step = 1 !fs\n"
                    "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n"
                    "material[1]:spin-transfer-relaxation-torque = 3 !T\n"
                    "material[1]:spin-transfer-precession-torque = 4 !T\n"
                    "material[1]:spin-transfer-torque-asymmetry = 0.5\n"
                    "sim:current-density = 1e12, 0, 0 !A/m2\n"
                    "material[1]:spin-polarisation = 0.5\nmaterial[1]:non-adiabaticity = 0.2\n"));
    // bcc: two atoms per cell, M_s = 2 mu / a^3.
    const double a = 2.87e-10, mu = 2.22 * constants::bohr_magneton;
    const double u = 0.5 * constants::bohr_magneton * 1e12 /
                     (constants::elementary_charge * 2 * mu / (a * a * a));
    const double slonczewski = std::sqrt(1.01) * 5 / 0.5;
    const double zhang_li = 1.2 * 2 * u / a / constants::gyromagnetic_ratio;
    const double field = check_time_step(stt, make_lattice(stt)).field;
    EXPECT_NEAR(field, without + slonczewski + zhang_li, 1e-9 * field);
}
