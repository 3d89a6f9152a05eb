// The Slonczewski-type spin torques (hamiltonian/spin_torque.hpp) on one spin, against exact
// results of the LLG equation with dS/dt += -gamma f [a_j S x (S x p) + b_j S x p]:
//  - with a field B along p = z, the spin's polar angle and azimuth are
//      phi(t) = gamma (B / (1 + alpha^2) + b_j) t
//      tan(theta/2) = tan(theta0/2) exp(-gamma (alpha B / (1 + alpha^2) + a_j) t)
//    (the field-like torque shifts the precession by gamma b_j, whatever alpha);
//  - with the asymmetry lambda and no damping, the precession rate is gamma b_j / (1 + lambda
//    cos theta) at a constant theta;
//  - an easy-axis magnet (anisotropy field H_K) under a damping-like torque towards -z switches
//    above a_c = alpha H_K / (1 + alpha^2) and relaxes below it (checked at 0.98 and 1.02 a_c);
//  - the spin-orbit torque is the same term with its own polarisation: the same bits;
//  - an electrical pulse ramps the current as VAMPIRE's program does, and the example
//    input/spin-orbit-switching reverses its island with one pulse;
//  - inputs where a torque has no meaning are refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "run/programs/program.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double mu_b = 9.2740100783e-24;  // J/T
const double gamma_e = constants::gyromagnetic_ratio;

std::string one_spin(double alpha, double theta0, double dt, long long steps) {
    char text[768];
    std::snprintf(text, sizeof text,
                  "dimensions:unit-cell-size = 3 !A\n"
                  "dimensions:system-size = 3 !A\n"
                  "material[1]:atomic-spin-moment = 2 !muB\n"
                  "material[1]:damping-constant = %.17g\n"
                  "material[1]:initial-spin-direction = %.17g, 0, %.17g\n"
                  "sim:time-step = %.17g !s\n"
                  "sim:total-time-steps = %lld\n"
                  "sim:time-steps-increment = %lld\n",
                  alpha, std::sin(theta0), std::cos(theta0), dt, steps, steps);
    return text;
}

Vec3 final_spin(const std::string& text) {
    Simulation sim(parallel::Comm::world(), test::config_from_text(text), test::quiet_options());
    EXPECT_EQ(sim.system().n_global, 1);
    run_program(sim);
    const Spins& s = sim.spins();
    return {s.x[0], s.y[0], s.z[0]};
}

double distance(const Vec3& a, double theta, double phi) {
    const double ex = std::sin(theta) * std::cos(phi), ey = std::sin(theta) * std::sin(phi),
                 ez = std::cos(theta);
    return std::sqrt((a[0] - ex) * (a[0] - ex) + (a[1] - ey) * (a[1] - ey) +
                     (a[2] - ez) * (a[2] - ez));
}

}  // namespace

TEST(SpinTorque, FieldAndDampingLikePartsFollowTheExactSolution) {
    const double alpha = 0.1, b_field = 10, a_j = 1, b_j = 2, theta0 = M_PI / 3;
    const double dt = 1e-15, t_end = 2e-12;
    const auto steps = static_cast<long long>(std::llround(t_end / dt));
    const Vec3 s = final_spin(one_spin(alpha, theta0, dt, steps) +
                              "sim:applied-field-strength = 10 !T\n"
                              "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n"
                              "material[1]:spin-transfer-relaxation-torque = 1 !T\n"
                              "material[1]:spin-transfer-precession-torque = 2 !T\n");
    const double g = gamma_e / (1 + alpha * alpha);
    const double phi = (g * b_field + gamma_e * b_j) * t_end;
    const double theta = 2 * std::atan(std::tan(theta0 / 2) *
                                       std::exp(-(alpha * g * b_field + gamma_e * a_j) * t_end));
    // Heun's error over 2000 steps at omega dt ~ 2e-3, as the precession test's.
    EXPECT_LT(distance(s, theta, phi), 5e-5) << "theta " << theta << " phi " << phi;
}

TEST(SpinTorque, AsymmetryScalesTheTorqueByItsAngle) {
    const double b_j = 2, lambda = 0.5, theta0 = 1.0, dt = 1e-15, t_end = 2e-12;
    const auto steps = static_cast<long long>(std::llround(t_end / dt));
    const Vec3 s = final_spin(one_spin(0, theta0, dt, steps) +
                              "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n"
                              "material[1]:field-like-torque = 2 !T\n"
                              "material[1]:spin-transfer-torque-asymmetry = 0.5\n");
    const double phi = gamma_e * b_j / (1 + lambda * std::cos(theta0)) * t_end;
    EXPECT_LT(distance(s, theta0, phi), 5e-5);
}

// An easy axis along z with H_K = 2 k_u / mu = 1 T; the damping-like torque pushes towards -z.
TEST(SpinTorque, DampingLikeTorqueSwitchesAboveTheCriticalValue) {
    const double alpha = 0.1, h_k = 1, theta0 = 0.1;
    const double critical = alpha * h_k / (1 + alpha * alpha);  // T
    const double ku = 2 * mu_b * h_k / 2;                       // J per atom
    auto run = [&](double factor) {
        char extra[512];
        std::snprintf(extra, sizeof extra,
                      "material[1]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                      "sim:spin-transfer-torque-polarization-unit-vector = 0,0,-1\n"
                      "material[1]:spin-transfer-relaxation-torque = %.17g !T\n",
                      ku, factor * critical);
        // 20 ns: below a_c the tilt decays at gamma (a_c - a_j), above it grows at that rate
        // (e-folding in about 3 ns at 2 % from a_c), and the spin reverses.
        return final_spin(one_spin(alpha, theta0, 5e-14, 400000) + extra);
    };
    const Vec3 below = run(0.98), above = run(1.02);
    EXPECT_GT(below[2], std::cos(theta0 / 2)) << "0.98 a_c: the tilt should have decayed";
    EXPECT_LT(above[2], -0.99) << "1.02 a_c: the spin should have switched to -z";
}

TEST(SpinTorque, SpinOrbitTorqueIsTheSameTermWithItsOwnPolarisation) {
    const std::string base = one_spin(0.2, 0.7, 1e-15, 500) + "sim:applied-field-strength = 1 !T\n";
    const Vec3 stt = final_spin(base +
                                "sim:spin-transfer-torque-polarization-unit-vector = 1,0,1\n"
                                "material[1]:spin-transfer-relaxation-torque = 0.8 !T\n"
                                "material[1]:spin-transfer-precession-torque = -0.3 !T\n"
                                "material[1]:spin-transfer-torque-asymmetry = 0.2\n");
    const Vec3 sot = final_spin(base +
                                "sim:spin-orbit-torque-polarization-unit-vector = 1,0,1\n"
                                "material[1]:spin-orbit-anti-damping-torque = 0.8 !T\n"
                                "material[1]:spin-orbit-torque = -0.3 !T\n"
                                "material[1]:spin-orbit-torque-asymmetry = 0.2\n");
    for (int c = 0; c < 3; ++c)
        EXPECT_EQ(std::memcmp(&stt[c], &sot[c], sizeof(double)), 0) << c;
    const Vec3 none = final_spin(base);
    EXPECT_GT(std::abs(none[0] - stt[0]) + std::abs(none[2] - stt[2]), 1e-3);
}

TEST(SpinTorque, InputsWhereATorqueHasNoMeaningAreRefused) {
    const std::string base = one_spin(0.1, 0.5, 1e-15, 10);
    const std::string torque = "material[1]:spin-transfer-relaxation-torque = 0.1 !T\n";
    const std::string polariser = "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n";
    EXPECT_NE(test::input_refusal(base + torque).find("needs its polariser"), std::string::npos);
    EXPECT_NE(test::input_refusal(base + torque + polariser + "sim:integrator = monte-carlo\n")
                  .find("monte-carlo has no spin torques"),
              std::string::npos);
    EXPECT_NE(
        test::input_refusal(base + torque + polariser + "sim:program = relax\n").find("relax"),
        std::string::npos);
    EXPECT_EQ(test::input_refusal(base + torque + polariser), "");
    // A polariser alone is allowed (no torque constant: nothing acts, as in VAMPIRE).
    EXPECT_EQ(test::input_refusal(base + polariser), "");
}

TEST(SpinTorque, ElectricalPulseRisesFlowsAndFalls) {
    Config c;
    c.pulse.electrical_rise = 2e-12;
    c.pulse.electrical_time = 10e-12;
    c.pulse.electrical_fall = 4e-12;
    EXPECT_EQ(electrical_pulse_current(c, 0), 0.0);
    EXPECT_DOUBLE_EQ(electrical_pulse_current(c, 1e-12), 0.5);
    EXPECT_EQ(electrical_pulse_current(c, 2e-12), 1.0);
    EXPECT_EQ(electrical_pulse_current(c, 11.9e-12), 1.0);
    EXPECT_DOUBLE_EQ(electrical_pulse_current(c, 13e-12), 0.75);
    EXPECT_EQ(electrical_pulse_current(c, 16e-12), 0.0);
    EXPECT_EQ(electrical_pulse_current(c, 1e-9), 0.0);
    c.pulse.electrical_rise = c.pulse.electrical_fall = 0;  // VAMPIRE's defaults: a square pulse
    EXPECT_EQ(electrical_pulse_current(c, 0), 1.0);
    EXPECT_EQ(electrical_pulse_current(c, 10e-12), 0.0);
}

// The shipped example: one pulse of damping-like spin-orbit torque with an in-plane field
// reverses the perpendicular island, which stays reversed after the current stops.
TEST(SpinTorque, TheSwitchingExampleReversesItsIsland) {
    std::ifstream in(MINIASD_SOURCE_DIR "/input/spin-orbit-switching/input");
    ASSERT_TRUE(in) << "input/spin-orbit-switching/input";
    std::stringstream text;
    text << in.rdbuf();
    const Config c = test::config_from_text(text.str());
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    run_program(sim);
    const Spins& s = sim.spins();
    double mz = 0;
    for (std::int64_t i = 0; i < sim.system().n_owned; ++i)
        mz += s.z[i];
    mz /= double(sim.system().n_owned);
    EXPECT_LT(mz, -0.99) << "the island should end reversed";
    EXPECT_EQ(sim.state().current, 0.0) << "no current after the pulse";
}

TEST(SpinTorque, ElectricalPulseNeedsATorqueAndItsKeywordsTheProgram) {
    const std::string base = one_spin(0.1, 0.5, 1e-15, 10);
    EXPECT_NE(test::input_refusal(base + "sim:program = electrical-pulse\n")
                  .find("drives the spin torques"),
              std::string::npos);
    EXPECT_NE(
        test::input_refusal(base + "sim:electrical-pulse-time = 1 !ps\n").find("has no effect"),
        std::string::npos);
}
