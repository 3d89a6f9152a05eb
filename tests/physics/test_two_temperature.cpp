// The two-temperature model against an independent solution of its equations (fourth-order
// Runge-Kutta in temperature form, written here), its energy bookkeeping, and the laser-pulse and
// field-cool programs driving the spins' bath temperature.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

TwoTemperatureParameters gdfeco() {  // Ostler et al. 2011-like parameters, a strong pulse
    TwoTemperatureParameters p;
    p.gamma = 225;
    p.phonon_c = 3.1e6;
    p.coupling = 17e17;
    p.sink = 5e10;  // 20 ps to the substrate
    p.pulse_width = 50e-15;
    p.pulse_power = 40;
    p.bath = 300;
    return p;
}

// dT_e/dt and dT_p/dt of the model, RK4 with step h from 0 to t; returns {T_e, T_p}.
std::array<double, 2> reference(const TwoTemperatureParameters& p, double t, double h) {
    const TwoTemperatureModel pulse(p);  // only its source term
    auto rhs = [&](double time, const std::array<double, 2>& y) -> std::array<double, 2> {
        const double g = p.coupling * (y[0] - y[1]);
        return {(pulse.source(time) - g) / (p.gamma * y[0]),
                (g - p.sink * p.phonon_c * (y[1] - p.bath)) / p.phonon_c};
    };
    std::array<double, 2> y{p.bath, p.bath};
    for (double s = 0; s < t - 0.5 * h; s += h) {
        const auto k1 = rhs(s, y);
        const auto k2 = rhs(s + h / 2, {y[0] + h / 2 * k1[0], y[1] + h / 2 * k1[1]});
        const auto k3 = rhs(s + h / 2, {y[0] + h / 2 * k2[0], y[1] + h / 2 * k2[1]});
        const auto k4 = rhs(s + h, {y[0] + h * k3[0], y[1] + h * k3[1]});
        for (int i = 0; i < 2; ++i)
            y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return y;
}

}  // namespace

TEST(TwoTemperature, MatchesAnIndependentOdeSolution) {
    const TwoTemperatureParameters p = gdfeco();
    TwoTemperatureModel m(p);
    const double dt = 0.1e-15;
    double t = 0, peak = 0;
    for (double check : {0.15e-12, 0.3e-12, 1e-12, 3e-12}) {
        for (; t < check - 0.5 * dt; t += dt) {
            m.advance(t, dt);
            peak = std::max(peak, m.electron_temperature());
        }
        const auto ref = reference(p, check, 0.02e-15);
        EXPECT_NEAR(m.electron_temperature(), ref[0], 0.003 * ref[0]) << "t = " << check;
        EXPECT_NEAR(m.phonon_temperature(), ref[1], 0.003 * ref[1]) << "t = " << check;
    }
    EXPECT_GT(peak, 1500);  // the electrons were heated far above the lattice
    EXPECT_GT(m.phonon_temperature(), 350);
}

TEST(TwoTemperature, EnergyOfPulseElectronsPhononsAndSinkAddsUp) {
    const TwoTemperatureParameters p = gdfeco();
    TwoTemperatureModel m(p);
    const double dt = 0.1e-15;
    for (double t = 0; t < 10e-12; t += dt)
        m.advance(t, dt);
    EXPECT_NEAR(m.absorbed(), 1e7 * p.pulse_power, 1e-6 * 1e7 * p.pulse_power);  // whole pulse
    EXPECT_GT(m.sunk(), 0.05 * m.absorbed());
    EXPECT_NEAR(m.gained() + m.sunk(), m.absorbed(), 1e-9 * m.absorbed());
}

// Inputs within the keywords' ranges where an explicit Euler step diverges (dt G / (gamma T_e)
// far above 2: cold electrons, a strong coupling, the longest time step): the temperatures stay
// finite and non-negative, return to the bath, and the energy still adds up.
TEST(TwoTemperature, StableForColdElectronsStrongCouplingAndLongSteps) {
    for (const double bath : {0.0, 1.0, 300.0}) {
        TwoTemperatureParameters p = gdfeco();
        p.bath = bath;
        p.pulse_width = 1e-12;  // resolved by the long steps
        p.coupling = 1e22;
        p.sink = 1e14;
        TwoTemperatureModel m(p);
        const double dt = 1e-12;  // sim:time-step's upper bound
        double t = 0;
        for (int k = 0; k < 200; ++k, t += dt) {
            m.advance(t, dt);
            ASSERT_TRUE(std::isfinite(m.electron_temperature()) && m.electron_temperature() >= 0)
                << "bath " << bath << " step " << k << ": " << m.electron_temperature();
            ASSERT_TRUE(std::isfinite(m.phonon_temperature()) && m.phonon_temperature() >= 0)
                << "bath " << bath << " step " << k << ": " << m.phonon_temperature();
        }
        // Long after the pulse the sink has brought both back to the bath.
        EXPECT_NEAR(m.electron_temperature(), bath, 1e-6 * (bath + 1)) << bath;
        EXPECT_NEAR(m.phonon_temperature(), bath, 1e-6 * (bath + 1)) << bath;
        EXPECT_NEAR(m.gained() + m.sunk(), m.absorbed(), 1e-9 * m.absorbed()) << bath;
    }
}

TEST(TwoTemperature, LaserProgramDrivesTheBathWithTheElectronTemperature) {
    // Decoupled spins (no exchange): the model runs alone; the spins feel T_e. As in VAMPIRE the
    // pulse starts from, and its heat sink holds, sim:equilibration-temperature (300 K, the
    // reference's); sim:temperature has no effect (a warning says so).
    const Config c = test::config_from_text(
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 12 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\n"
        "sim:program = laser-pulse\nsim:temperature = 77\n"
        "sim:equilibration-temperature = 300\n"
        "sim:time-step = 0.1 !fs\nsim:equilibration-time-steps = 100\n"
        "sim:total-time-steps = 10000\nsim:time-steps-increment = 1000\n"
        "sim:laser-pulse-power = 40\nsim:laser-pulse-time = 50 !fs\n"
        "sim:two-temperature-electron-heat-capacity = 225\n"
        "sim:two-temperature-phonon-heat-capacity = 3.1e6\n"
        "sim:two-temperature-electron-phonon-coupling = 17e17\n"
        "sim:two-temperature-heat-sink-coupling = 5e10\n");
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("sim:temperature has no effect with sim:program = laser-pulse"),
              std::string::npos)
        << c.warnings[0];
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    LaserPulseProgram program;
    ProgramHost host(sim);
    program.run(host);
    const auto ref = reference(gdfeco(), 1e-12, 0.02e-15);  // 10000 steps of 0.1 fs
    EXPECT_NEAR(sim.state().temperature, ref[0], 0.003 * ref[0]);
    EXPECT_NEAR(sim.state().phonon_temperature, ref[1], 0.003 * ref[1]);
    ASSERT_NE(program.model(), nullptr);
    EXPECT_EQ(sim.state().temperature, program.model()->electron_temperature());
}

TEST(TwoTemperature, ADoublePulseDepositsBothAndCentresTheSecondAtItsDelay) {
    TwoTemperatureParameters p = gdfeco();
    p.second_width = 30e-15;
    p.second_power = 10;
    p.second_delay = 2e-12;
    const TwoTemperatureModel pulses(p);
    // The second Gaussian's peak, 2 sqrt(ln 2 / pi) / w of its 1e7 P J/m^3, at delay + 3 w (the
    // first pulse is long over).
    const double peak = 10 * 1e7 * 2 * std::sqrt(std::log(2.0) / M_PI) / 30e-15;
    EXPECT_NEAR(pulses.source(2e-12 + 90e-15), peak, 1e-12 * peak);
    EXPECT_NEAR(pulses.source(2e-12 + 90e-15 + 15e-15), 0.5 * peak, 1e-12 * peak);  // FWHM
    TwoTemperatureModel m(p);
    const double dt = 0.1e-15;
    for (double t = 0; t < 10e-12; t += dt)
        m.advance(t, dt);
    EXPECT_NEAR(m.absorbed(), 1e7 * (40 + 10), 1e-6 * 1e7 * 50);  // both pulses, whole
    EXPECT_NEAR(m.gained() + m.sunk(), m.absorbed(), 1e-9 * m.absorbed());
}

TEST(TwoTemperature, ADoubleSquarePulseHoldsEachTemperatureInItsWindow) {
    // 10 fs at 400 K, 20 fs at the bath, 10 fs at 600 K (VAMPIRE's double-pulse-square): the
    // bath temperature of the last step taken, at t = total - 1 fs.
    const std::string base =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 6 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:program = laser-pulse\nsim:laser-pulse-temporal-profile = double-pulse-square\n"
        "sim:equilibration-temperature = 50\nsim:maximum-temperature = 400\n"
        "sim:second-laser-pulse-maximum-temperature = 600\nsim:time-step = 1 !fs\n"
        "sim:laser-pulse-time = 10 !fs\nsim:second-laser-pulse-delay-time = 20 !fs\n"
        "sim:second-laser-pulse-time = 10 !fs\n";
    for (const auto& [steps, expected] :
         std::vector<std::pair<int, double>>{{5, 400}, {20, 50}, {36, 600}, {45, 50}}) {
        Simulation sim(
            parallel::Comm::world(),
            test::config_from_text(base + "sim:total-time-steps = " + std::to_string(steps) + "\n"),
            test::quiet_options());
        LaserPulseProgram program;
        ProgramHost host(sim);
        program.run(host);
        EXPECT_EQ(sim.state().temperature, expected) << steps << " steps";
    }
    // The second pulse's keywords only where its profile reads them.
    EXPECT_NE(test::input_refusal(base + "sim:second-laser-pulse-power = 5\n")
                  .find("has no effect with double-pulse-square"),
              std::string::npos);
    std::string single = base;
    single.replace(single.find("double-pulse-square"), 19, "square");
    EXPECT_NE(test::input_refusal(single).find(
                  "has no effect without sim:laser-pulse-temporal-profile = double-pulse"),
              std::string::npos);
}

TEST(TwoTemperature, CyclesRepeatThePulseAndTheCooling) {
    // sim:simulation-cycles (VAMPIRE's runs): three pulses in a row deposit three times the
    // energy, the model going on from where each left it; three coolings each start again at
    // the maximum temperature, the equilibration only before the first.
    const std::string box =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 6 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:time-step = 1 !fs\nsim:total-time-steps = 1000\nsim:time-steps-increment = 100\n"
        "sim:simulation-cycles = 3\n";
    {
        Simulation sim(parallel::Comm::world(),
                       test::config_from_text(box + "sim:program = laser-pulse\n"
                                                    "sim:equilibration-temperature = 10\n"
                                                    "sim:laser-pulse-time = 20 !fs\n"),
                       test::quiet_options());
        LaserPulseProgram program;
        ProgramHost host(sim);
        program.run(host);
        ASSERT_NE(program.model(), nullptr);
        EXPECT_NEAR(program.model()->absorbed(), 3 * 20 * 1e7, 1e-6 * 3 * 20 * 1e7);
        EXPECT_EQ(sim.state().step, 3000);
        EXPECT_EQ(sim.state().rows, 11 + 2 * 10);
    }
    const Config c = test::config_from_text(box +
                                            "sim:program = field-cool\n"
                                            "sim:maximum-temperature = 600\n"
                                            "sim:minimum-temperature = 10\n"
                                            "sim:equilibration-time-steps = 50\n"
                                            "sim:cooling-time = 0.2 !ps\n");
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    run_program(sim);
    EXPECT_EQ(sim.state().step, 50 + 3000);
    EXPECT_EQ(sim.state().temperature, cooling_temperature(c, 999e-15));  // the last step's
    EXPECT_EQ(sim.state().rows, 11 + 2 * 10);
    // Only where VAMPIRE repeats.
    EXPECT_NE(test::input_refusal(box + "sim:program = time-series\n")
                  .find("has no effect without sim:program = field-cool"),
              std::string::npos);
}

TEST(TwoTemperature, APhononCoupledLayerFeelsTheLatticeTemperature) {
    // Two ferromagnetic layers of one sc box, not coupled to each other, ordered at 10 K; the
    // upper one takes the phonon temperature (material[2]:use-phonon-temperature). The 50 fs
    // pulse (centred at 150 fs) takes the electrons to about 900 K and the lattice to about
    // 70 K; at 300 fs (electrons 250 K) the lower layer has demagnetised (|m| 0.3), the upper one
    // stays ordered (0.94).
    const std::string box =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 15 !A\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
        "material[1]:maximum-height = 0.5\nmaterial[2]:atomic-spin-moment = 2 !muB\n"
        "material[2]:exchange-matrix[2] = 5e-21\nmaterial[2]:minimum-height = 0.5\n"
        "material[2]:use-phonon-temperature\n";
    const std::string pulse =
        "sim:program = laser-pulse\nsim:equilibration-temperature = 10\n"
        "sim:time-step = 0.5 !fs\nsim:equilibration-time-steps = 100\n"
        "sim:total-time-steps = 600\nsim:time-steps-increment = 200\n"
        "sim:laser-pulse-power = 20\nsim:laser-pulse-time = 50 !fs\n"
        "sim:two-temperature-electron-heat-capacity = 225\n"
        "sim:two-temperature-phonon-heat-capacity = 3.1e6\n"
        "sim:two-temperature-electron-phonon-coupling = 17e17\n"
        "sim:two-temperature-heat-sink-coupling = 5e10\n";
    Simulation sim(parallel::Comm::world(), test::config_from_text(box + pulse),
                   test::quiet_options());
    LaserPulseProgram program;
    ProgramHost host(sim);
    program.run(host);
    const RunState& s = sim.state();
    ASSERT_EQ(s.material_temperatures.size(), 2u);
    EXPECT_EQ(s.material_temperatures[0], s.temperature);
    EXPECT_EQ(s.material_temperatures[1], s.phonon_temperature);
    EXPECT_GT(s.temperature, 3 * s.phonon_temperature);
    const Observables o = sim.observe();
    EXPECT_LT(o.material_m[0][3], 0.6);
    EXPECT_GT(o.material_m[1][3], 0.9);
    // Only where a pulse has a phonon temperature, and on the LLG thermal field.
    for (const auto& [other, why] :
         {std::pair<std::string, std::string>{"sim:laser-pulse-temporal-profile = square\n",
                                              "has an effect only under"},
          {"sim:integrator = monte-carlo\n", "acts on the LLG thermal field"}})
        EXPECT_NE(test::input_refusal(box + pulse + other).find(why), std::string::npos) << other;
    EXPECT_NE(
        test::input_refusal(box + "sim:program = time-series\n").find("has an effect only under"),
        std::string::npos);
}

// VAMPIRE's field cool: equilibration at the start (sim:equilibration-temperature, here its
// default, the maximum), cooling from sim:maximum-temperature to sim:minimum-temperature;
// sim:temperature has no part in it.
TEST(FieldCool, CoolingThroughTcInAFieldMagnetisesAlongTheField) {
    Config c = test::config_from_text(
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 24 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
        "material[1]:initial-spin-direction = 0,0,-1\n"
        "sim:program = field-cool\nsim:maximum-temperature = 200\nsim:minimum-temperature = 20\n"
        "sim:temperature = 500\n"
        "sim:cooling-time = 5 !ps\nsim:cooling-function = linear\n"
        "sim:applied-field-strength = 2 !T\nsim:applied-field-unit-vector = 1,0,0\n"
        "sim:time-step = 1 !fs\nsim:equilibration-time-steps = 2000\n"
        "sim:total-time-steps = 10000\nsim:time-steps-increment = 1000\n");
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("sim:temperature has no effect"), std::string::npos);
    EXPECT_DOUBLE_EQ(cooling_temperature(c, 0), 200);
    EXPECT_DOUBLE_EQ(cooling_temperature(c, 2.5e-12), 110);
    EXPECT_DOUBLE_EQ(cooling_temperature(c, 6e-12), 20);
    c.pulse.cooling_function = CoolingFunction::exponential;
    EXPECT_DOUBLE_EQ(cooling_temperature(c, 5e-12), 20 + 180 * std::exp(-1.0));
    c.pulse.cooling_function = CoolingFunction::linear;
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    ProgramHost host(sim);
    FieldCoolProgram().run(host);
    EXPECT_DOUBLE_EQ(sim.state().temperature, 20);
    // Started along -z, heated above T_c (104 K), cooled in a field along +x: ordered along +x.
    EXPECT_GT(sim.last_sample().m[0], 0.7);
}
