// Stoner-Wohlfarth: a single-domain particle with uniaxial anisotropy k_u and moment mu_s in a
// field at angle psi to its easy axis switches at
//   h_sw = H_K (cos^{2/3} psi + sin^{2/3} psi)^{-3/2},   H_K = 2 k_u / mu_s,
// where its energy minimum disappears. For psi <= 45 degrees the magnetisation along the field
// jumps sign there, so the hysteresis-loop program's coercive field is h_sw. Independent spins
// (no exchange) are many copies of one particle.
//   Monte Carlo at T = 0 with small local moves is a quasi-static descent: a move is taken only
//   when it lowers the energy, so the particle leaves its minimum exactly when the minimum
//   disappears, even along the easy axis (psi = 0, where the torque vanishes and LLG would wait
//   for round-off). LLG at T = 0, real damped dynamics, checks 30 and 45 degrees too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double ku = 1e-23;                  // J
const double mu = constants::bohr_magneton;   // J/T
const double anisotropy_field = 2 * ku / mu;  // 2.157 T

double switching_field(double psi_degrees) {
    const double p = psi_degrees * M_PI / 180;
    return anisotropy_field *
           std::pow(std::pow(std::cos(p), 2.0 / 3) + std::pow(std::sin(p), 2.0 / 3), -1.5);
}

// Eight independent particles along +z, the field direction at psi in the x-z plane, T = 0.
Config particles(double psi_degrees, const std::string& extra) {
    const double p = psi_degrees * M_PI / 180;
    char text[1024];
    std::snprintf(text, sizeof text,
                  "create:crystal-structure = sc\n"
                  "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 6 !A\n"
                  "material[1]:atomic-spin-moment = 1 !muB\n"
                  "material[1]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "material[1]:initial-spin-direction = 0,0,1\n"
                  "sim:applied-field-unit-vector = %.17g,0,%.17g\n"
                  "sim:temperature = 0\n%s",
                  ku, std::sin(p), std::cos(p), extra.c_str());
    return test::config_from_text(text);
}

// Runs a loop at field angle psi and returns the two coercive fields (T).
std::pair<double, double> loop(double psi_degrees, const std::string& integrator) {
    Simulation sim(parallel::Comm::world(),
                   particles(psi_degrees,
                             "sim:program = hysteresis-loop\n"
                             "sim:maximum-applied-field-strength = 3 !T\n" +
                                 integrator),
                   test::quiet_options());
    HysteresisLoopProgram program;
    ProgramHost host(sim);
    program.run(host);
    return {program.coercive_down(), program.coercive_up()};
}

void expect_switching(double psi, const std::string& integrator, double tolerance) {
    const auto [down, up] = loop(psi, integrator);
    const double expected = switching_field(psi);
    EXPECT_NEAR(down, -expected, tolerance * expected) << "psi = " << psi << " deg, way down";
    EXPECT_NEAR(up, expected, tolerance * expected) << "psi = " << psi << " deg, way up";
    if (parallel::Comm::world().is_root())
        std::printf("psi = %2.0f deg: switching at %.4f / %.4f T, Stoner-Wohlfarth %.4f T\n", psi,
                    down, up, expected);
}

// VAMPIRE's `angle` move: steps of a fixed 0.02 rad at T = 0, local as a quasi-static loop needs
// (the adaptive width would restart at 60 rad and let a particle jump into the reversed state as
// soon as that is lower in energy).
const std::string monte_carlo =
    "sim:integrator = monte-carlo\nmontecarlo:algorithm = angle\n"
    "sim:applied-field-strength-increment = 0.01 !T\n"
    "sim:loop-time-steps = 300\nsim:time-steps-increment = 100\n";

// What a run printed to a temporary file given as its screen; closes the file.
std::string read_and_close(std::FILE* screen) {
    std::rewind(screen);
    std::string text;
    for (int ch; (ch = std::fgetc(screen)) != EOF;)
        text += static_cast<char>(ch);
    std::fclose(screen);
    return text;
}

}  // namespace

TEST(StonerWohlfarth, MonteCarloSwitchesAtTheAnisotropyFieldAlongTheEasyAxis) {
    expect_switching(0, monte_carlo, 0.01);
}

TEST(StonerWohlfarth, MonteCarloSwitchingFieldAt30And45Degrees) {
    expect_switching(30, monte_carlo, 0.01);
    expect_switching(45, monte_carlo, 0.01);
}

// VAMPIRE's partial-hysteresis-loop: one branch up from sim:minimum-applied-field-strength. From
// -3 T the particles first follow the field, then switch at h_sw on the way up, as on the full
// loop's upper branch; a branch that starts above h_sw keeps them along the field throughout, and
// the screen says that m.h did not cross zero (and names no way down).
TEST(StonerWohlfarth, PartialLoopSwitchesOnItsWayUp) {
    auto partial = [](const std::string& extra, std::FILE* screen) {
        RunOptions options = test::quiet_options();
        options.screen = screen;
        Simulation sim(parallel::Comm::world(),
                       particles(30,
                                 "sim:program = partial-hysteresis-loop\n"
                                 "sim:maximum-applied-field-strength = 3 !T\n" +
                                     extra + monte_carlo),
                       options);
        HysteresisLoopProgram program(HysteresisKind::partial);
        ProgramHost host(sim);
        program.run(host);
        EXPECT_TRUE(std::isnan(program.coercive_down()));
        return program.coercive_up();
    };
    const double up = partial("sim:minimum-applied-field-strength = -3 !T\n", nullptr);
    EXPECT_NEAR(up, switching_field(30), 0.01 * switching_field(30));
    std::FILE* screen = std::tmpfile();
    EXPECT_TRUE(std::isnan(partial("sim:minimum-applied-field-strength = 1 !T\n", screen)));
    const std::string text = read_and_close(screen);
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_NE(text.find("Partial hysteresis loop: 1 T to 3 T"), std::string::npos) << text;
    EXPECT_NE(text.find("Coercive field: none on the way up (m.h did not cross zero between 1 and "
                        "3 T)"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("way down"), std::string::npos) << text;
}

// VAMPIRE's static-hysteresis-loop: the spins relaxed at each field by the minimiser. The
// particles leave their minimum where it disappears, so both coercive fields are h_sw within one
// field increment: 2K/mu along the easy axis (tilted by 0.01 degree, where h_sw is 0.5 % lower:
// exactly along it the torque vanishes and nothing would move) and K/mu at 45 degrees. With a step
// limit too short to converge, the screen says at how many fields it stopped short.
TEST(StonerWohlfarth, StaticLoopSwitchesAtTheSwitchingField) {
    auto static_loop = [](double psi, const std::string& extra, std::FILE* screen) {
        RunOptions options = test::quiet_options();
        options.screen = screen;
        Simulation sim(parallel::Comm::world(),
                       particles(psi,
                                 "sim:program = static-hysteresis-loop\n"
                                 "sim:maximum-applied-field-strength = 3 !T\n"
                                 "sim:applied-field-strength-increment = 0.05 !T\n" +
                                     extra),
                       options);
        HysteresisLoopProgram program(HysteresisKind::static_loop);
        ProgramHost host(sim);
        program.run(host);
        return std::pair{program.coercive_down(), program.coercive_up()};
    };
    for (const auto& [psi, expected] :
         {std::pair{0.01, anisotropy_field}, std::pair{45.0, 0.5 * anisotropy_field}}) {
        const auto [down, up] = static_loop(psi, "sim:loop-time-steps = 5000\n", nullptr);
        EXPECT_NEAR(down, -expected, 0.05) << "psi = " << psi << " deg";
        EXPECT_NEAR(up, expected, 0.05) << "psi = " << psi << " deg";
    }
    std::FILE* screen = std::tmpfile();
    static_loop(45, "sim:loop-time-steps = 2\n", screen);
    const std::string text = read_and_close(screen);
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_NE(text.find("Static hysteresis loop: 3 T to -3 T"), std::string::npos) << text;
    EXPECT_NE(text.find("NOT converged"), std::string::npos) << text;
    EXPECT_NE(text.find("of the 242 fields the relaxation stopped at sim:loop-time-steps"),
              std::string::npos)
        << text;
}

// LLG at T = 0 in fields held just below and just above h_sw: below, the particle stays in its
// minimum; above, it must reverse. (A field ramp would measure a later field: near h_sw the
// passage through the vanishing minimum slows down as 1/sqrt(h - h_sw).) Returns m.h at the end.
double llg_after_field_steps(double psi_degrees, const std::vector<double>& fractions) {
    Simulation sim(
        parallel::Comm::world(),
        particles(psi_degrees, "material[1]:damping-constant = 1\nsim:time-step = 20 !fs\n"),
        test::quiet_options());
    for (double f : fractions) {
        Phase phase;
        phase.field_strength = -f * switching_field(psi_degrees);  // against the magnetisation
        phase.steps = phase.increment = 25000;                     // 500 ps, ~100 relaxation times
        sim.run(phase);
    }
    return sim.state().accumulator.total(series::alignment).mean();
}

void expect_llg_bracket(double psi) {
    EXPECT_GT(llg_after_field_steps(psi, {0.5, 0.9, 0.98}), 0.0) << psi << " deg: switched early";
    EXPECT_LT(llg_after_field_steps(psi, {0.5, 0.9, 1.02}), 0.0) << psi << " deg: did not switch";
}

TEST(StonerWohlfarth, LlgSwitchesWithinTwoPercentOfTheSwitchingFieldAt30Degrees) {
    expect_llg_bracket(30);
}

TEST(StonerWohlfarth, LlgSwitchesWithinTwoPercentOfTheSwitchingFieldAt45Degrees) {
    expect_llg_bracket(45);
}

// The same loop with exchange between the particles (now one exchange-coupled cube): at 0 K no
// single-spin move lowers the energy until the field beats the exchange field, so the loop does
// not switch within 3 T. The input is warned about at start-up, and the result says that the
// branches did not cross zero instead of printing "nan".
TEST(StonerWohlfarth, ZeroKelvinMonteCarloWithExchangeIsWarnedAndNeverPrintsNan) {
    Config c = particles(0,
                         "sim:program = hysteresis-loop\n"
                         "sim:maximum-applied-field-strength = 3 !T\n"
                         "material[1]:exchange-matrix[1] = 1e-21\n" +
                             monte_carlo);
    bool warned = false;
    for (const std::string& w : c.warnings)
        warned = warned || w.find("Monte Carlo at 0 K takes only moves") != std::string::npos;
    EXPECT_TRUE(warned);
    RunOptions options = test::quiet_options();
    std::FILE* screen = std::tmpfile();
    options.screen = screen;
    Simulation sim(parallel::Comm::world(), c, options);
    HysteresisLoopProgram program;
    ProgramHost host(sim);
    program.run(host);
    EXPECT_TRUE(std::isnan(program.coercive_down()));
    const std::string text = read_and_close(screen);
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_EQ(text.find("nan"), std::string::npos) << text;
    EXPECT_NE(text.find("none on the way down (m.h did not cross zero between 3 and -3 T)"),
              std::string::npos)
        << text;
    // Without exchange (independent particles) nothing is warned.
    for (const std::string& w : particles(0,
                                          "sim:program = hysteresis-loop\n"
                                          "sim:maximum-applied-field-strength = 3 !T\n" +
                                              monte_carlo)
                                    .warnings)
        EXPECT_EQ(w.find("Monte Carlo at 0 K"), std::string::npos) << w;
}
