// sim:program = exchange-stiffness (VAMPIRE's): the planes are VAMPIRE's (its log on
// bench/vampire-exchange-stiffness: 36 atoms at 0 A and at 33 A, the last plane at 60 A); each
// angle starts from VAMPIRE's twist; at 1 K the torque's slope is the exchange of the uniform
// twist on both sides of the middle plane, J (sin(theta/11) + sin(theta/10)) fitted, and VAMPIRE
// develop's on the same input; the planes stay held; the same bits on 1 and P ranks; the
// mistakes refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

const std::string bench = std::string(MINIASD_SOURCE_DIR) + "/bench/vampire-exchange-stiffness/";

// The bench's input, its temperatures and steps replaced by `loop`.
Config bench_config(const std::string& loop) {
    std::string text = test::read_text(bench + "input");
    for (const char* key :
         {"sim:minimum-temperature", "sim:maximum-temperature", "sim:temperature-increment",
          "sim:loop-time-steps", "sim:time-steps-increment", "sim:equilibration-time-steps",
          "sim:exchange-stiffness-maximum-angle"}) {
        const std::size_t at = text.find(std::string(key) + " =");
        text.erase(at, text.find('\n', at) - at + 1);
    }
    return test::config_from_files(text + loop, {{"m.mat", test::read_text(bench + "m.mat")}});
}

const std::string cold =
    "sim:exchange-stiffness-maximum-angle = 30.01\n"
    "sim:minimum-temperature = 1\nsim:maximum-temperature = 1\n"
    "sim:equilibration-time-steps = 1000\nsim:loop-time-steps = 5000\n"
    "sim:time-steps-increment = 5\n";

// The slopes (J per radian per atom) of the program state's finished points, per temperature.
std::vector<double> slopes(const RunState& s, std::size_t angles, std::size_t temperatures) {
    std::vector<double> x, out;
    for (std::size_t i = 0; i < angles; ++i)
        x.push_back(double(i) * 10 * 3.14159265358979323846 / 180);
    for (std::size_t j = 0; j < temperatures; ++j) {
        std::vector<double> y;
        for (std::size_t i = 0; i < angles; ++i)
            y.push_back(s.program_state[9 + 3 * (i * temperatures + j)]);
        out.push_back(stiffness_fit(x, y).slope);
    }
    return out;
}

// VAMPIRE develop's exchange-stiffness.txt rows: T, slope, intercept, m_first, m_middle.
std::vector<std::vector<double>> vampire_rows() {
    return test::rows_of(test::read_text(bench + "vampire-develop-output/exchange-stiffness.txt"));
}

// The bench's input (its material file inline) with `from` replaced by `to`: the refusal.
std::string mistake(const std::string& from, const std::string& to) {
    std::string text = test::read_text(bench + "input");
    text.replace(text.find("material:file = m.mat\n"), 22, test::read_text(bench + "m.mat"));
    text.replace(text.find(from), from.size(), to);
    return test::input_refusal(text);
}

}  // namespace

TEST(ExchangeStiffness, PlanesAndTwistAreVampiresAndTheSameOnAnyDecomposition) {
    const Config c = bench_config(
        "sim:minimum-temperature = 1\nsim:maximum-temperature = 1\n"
        "sim:exchange-stiffness-maximum-angle = 10.01\nsim:loop-time-steps = 20\n");
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        const std::string error = test::run_on_first_ranks(ranks, 1, c, [&](Simulation& sim) {
            (first ? one : many) = sim.state().program_state;
            ProgramHost host(sim);
            const StiffnessPlanes p = host.stiffness_planes();
            EXPECT_EQ(p.axis, 0);
            EXPECT_NEAR(p.first, 0, 1e-20);
            EXPECT_NEAR(p.middle, 33e-10, 1e-20);
            EXPECT_NEAR(p.last, 60e-10, 1e-20);
            EXPECT_EQ(p.atoms[0], 36);
            EXPECT_EQ(p.atoms[1], 36);
            // The held planes stayed on their directions (10 degrees last): their mean spins'
            // directions, not their lengths.
            const StiffnessSums q = host.stiffness_sums(p);
            EXPECT_NEAR(q.spin[0][0] / q.spin[0][2], 0, 1e-12);
            EXPECT_NEAR(q.spin[0][1] / q.spin[0][2], 0, 1e-12);
            EXPECT_NEAR(q.spin[1][1] / q.spin[1][2], std::tan(10 * 3.14159265358979323846 / 180),
                        1e-12);
            // A twist of 20 degrees: a spin at x turned about x by 20 degrees x 2x / 60 A,
            // mirrored past 30 A; the held planes along z (the middle one given z here).
            host.place_stiffness_twist(p, 20, {0, 0, 1});
            const Spins& s = sim.spins();
            const LocalSystem& sys = sim.system();
            for (std::int64_t i = 0; i < sys.n_owned; ++i) {
                const double x = sim.lattice().position(sys.gid[std::size_t(i)])[0];
                const double f = 2 * x / 60e-10 > 1 ? 2 - 2 * x / 60e-10 : 2 * x / 60e-10;
                const bool held = std::fabs(x) < 1e-11 || std::fabs(x - 33e-10) < 1e-11;
                const double a = held ? 0 : 20 * f * 3.14159265358979323846 / 180;
                EXPECT_NEAR(s.x[std::size_t(i)], 0, 1e-15);
                EXPECT_NEAR(s.y[std::size_t(i)], std::sin(a), 1e-14);
                EXPECT_NEAR(s.z[std::size_t(i)], std::cos(a), 1e-14);
            }
        });
        EXPECT_EQ(error, "");
    }
    if (world.rank() == 0) {
        ASSERT_EQ(one.size(), 9u + 2 * 3);  // the sums and two finished points
        EXPECT_EQ(one, many);
    }
}

TEST(ExchangeStiffness, TheColdSlopeIsTheTwistsExchangeAndVampires) {
    // Uniform twists over 11 and 10 plane spacings, J = 1e-20 J: the torque on each held plane
    // is J (sin(theta/11) + sin(theta/10)) per atom; its line over 0-30 degrees.
    std::vector<double> x, y;
    for (int i = 0; i < 4; ++i) {
        const double theta = i * 10 * 3.14159265358979323846 / 180;
        x.push_back(theta);
        y.push_back(1e-20 * (std::sin(theta / 11) + std::sin(theta / 10)));
    }
    const double exact = stiffness_fit(x, y).slope;
    const std::vector<std::vector<double>> vampire = vampire_rows();
    ASSERT_EQ(vampire.size(), 3u);
    EXPECT_NEAR(vampire[0][1] / exact, 1, 0.02);
    const std::string error =
        test::run_on_first_ranks(1, 1, bench_config(cold), [&](Simulation& sim) {
            const double slope = slopes(sim.state(), 4, 1)[0];
            EXPECT_NEAR(slope / exact, 1, 0.02);
            EXPECT_NEAR(slope / vampire[0][1], 1, 0.02);
            // The planes' mean spin lengths at 0 degrees, VAMPIRE's.
            EXPECT_NEAR(sim.state().program_state[10], vampire[0][3], 1e-4);
            EXPECT_NEAR(sim.state().program_state[11], vampire[0][4], 1e-4);
        });
    EXPECT_EQ(error, "");
}

TEST(ExchangeStiffness, MistakesAreRefusedByName) {
    EXPECT_NE(
        mistake("sim:integrator = hybrid-constrained-monte-carlo", "sim:integrator = monte-carlo")
            .find("exchange-stiffness needs sim:integrator = hybrid-constrained-monte-carlo"),
        std::string::npos);
    EXPECT_NE(mistake("material[1]:constrained = true", "material[1]:constrained = false")
                  .find("exchange-stiffness needs one constrained material"),
              std::string::npos);
    EXPECT_NE(mistake("sim:program", "material[1]:constraint-angle-phi = 10\nsim:program")
                  .find("has no effect with sim:program = exchange-stiffness"),
              std::string::npos);
    EXPECT_NE(mistake("sim:exchange-stiffness-maximum-angle = 30.01",
                      "sim:exchange-stiffness-maximum-angle = 5")
                  .find("the torque's slope needs at least two"),
              std::string::npos);
    EXPECT_NE(mistake("sim:exchange-stiffness-angle-increment = 10",
                      "sim:exchange-stiffness-angle-increment = 100")
                  .find("exchange-stiffness-angle-increment"),
              std::string::npos);
    EXPECT_NE(mistake("sim:program = exchange-stiffness", "sim:program = hybrid-cmc")
                  .find("has no effect without sim:program = exchange-stiffness"),
              std::string::npos);
    // Two constrained materials (VAMPIRE allows one).
    const std::string two =
        "material:num-materials = 2\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-20\nmaterial[1]:constrained = true\n"
        "material[2]:atomic-spin-moment = 2 !muB\nmaterial[2]:constrained = true\n"
        "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n";
    EXPECT_NE(
        mistake(test::read_text(bench + "m.mat"), two).find("holds the planes of one constrained"),
        std::string::npos);
    // Too short along the axis: the middle plane within 1 A of the last (VAMPIRE's check), at
    // the run's start.
    Config c = bench_config(cold);
    c.structure.system_size[0] = 0.9e-9;  // 3 planes: 0, 3, 6 A; the middle at 6 A
    const std::string error = test::run_on_first_ranks(1, 1, c, [](Simulation&) {});
    if (parallel::Comm::world().rank() == 0) {
        EXPECT_NE(error.find("its middle plane must lie at least 1 A"), std::string::npos) << error;
    }
}
