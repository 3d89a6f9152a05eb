// sim:program = lagrange-multiplier (VAMPIRE's LaGrange-Multiplier): at 0 K the magnetisation is
// steered onto each constraint direction nu, and the constraint's field normal to nu balances the
// anisotropy's, (2 k_u / mu_s) sin(phi) cos(phi) for a uniaxial ferromagnet (a macrospin at
// 0 K); the rows agree with VAMPIRE's develop branch on bench/vampire-lagrange (its stored
// output); the same bits on 1 and P ranks; the keywords' mistakes refused by name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "run/programs/programs.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

const std::string bench = std::string(MINIASD_SOURCE_DIR) + "/bench/vampire-lagrange/";

// The bench's input with its material file, the polar angles replaced by `angles` when given.
Config bench_config(const std::string& angles = "") {
    std::string text = test::read_text(bench + "input");
    if (!angles.empty()) {
        const std::size_t from = text.find("sim:constraint-angle-phi-minimum");
        const std::size_t to = text.find("sim:loop-time-steps");
        text.replace(from, to - from, angles);
    }
    return test::config_from_files(text, {{"m.mat", test::read_text(bench + "m.mat")}});
}

}  // namespace

TEST(Lagrange, TheRowsAgreeWithVampire) {
    const parallel::Comm world = parallel::Comm::world();
    const parallel::Comm one = world.split(world.rank() == 0 ? 0 : -1, world.rank());
    if (one.valid()) {
        const std::string dir = (std::filesystem::temp_directory_path() /
                                 ("miniasd-lagrange-" + std::to_string(::getpid())))
                                    .string();
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = dir;
        {
            Simulation sim(one, bench_config(), o);
            run_program(sim);
        }
        const auto mine = test::rows_of(test::read_text(dir + "/output"));
        const auto theirs = test::rows_of(test::read_text(bench + "vampire-develop-output"));
        ASSERT_EQ(mine.size(), 4u);
        ASSERT_EQ(theirs.size(), 4u);
        for (std::size_t r = 0; r < 4; ++r) {
            ASSERT_EQ(mine[r].size(), 10u);
            ASSERT_EQ(theirs[r].size(), 10u);
            EXPECT_EQ(mine[r][0], theirs[r][0]);  // phi
            // VAMPIRE prints 6 digits; its gyromagnetic ratio is 1.76e11, miniASD's CODATA's.
            for (std::size_t k = 2; k < 6; ++k)
                EXPECT_NEAR(mine[r][k], theirs[r][k], 2e-6) << "row " << r << " column " << k;
            // The torques are rounding-level at the converged state, 1e-26 J against N K = 1e-21.
            for (std::size_t k = 6; k < 9; ++k)
                EXPECT_NEAR(mine[r][k], theirs[r][k], 5e-27) << "row " << r << " column " << k;
        }
        std::filesystem::remove_all(dir);
    }
    world.barrier();
}

TEST(Lagrange, TheConstraintFieldBalancesTheAnisotropy) {
    const std::string error = test::run_on_first_ranks(
        parallel::Comm::world().size(), 1,
        bench_config("sim:constraint-angle-phi = 30\nsim:constraint-angle-theta = 40\n"),
        [](Simulation& sim) {
            const Vec3 nu = direction_from_angles(40, 30);
            const Vec3 m = sim.last_sample().direction();
            for (std::size_t a = 0; a < 3; ++a)
                EXPECT_NEAR(m[a], nu[a], 1e-5);
            // B_L normal to nu, against the anisotropy's pull towards z.
            const Vec3 b = sim.state().lagrange_field;
            const double along = b[0] * nu[0] + b[1] * nu[1] + b[2] * nu[2];
            const Vec3 normal{b[0] - along * nu[0], b[1] - along * nu[1], b[2] - along * nu[2]};
            const double size =
                std::sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
            const double phi = 30 * M_PI / 180;
            const double anisotropy = 2 * 1e-23 / (2 * 9.2740100783e-24);  // 2 k_u / mu_s, T
            EXPECT_NEAR(size, anisotropy * std::sin(phi) * std::cos(phi), 1e-3 * anisotropy);
            EXPECT_LT(normal[2], 0) << "the constraint field pulls away from the easy axis";
        });
    EXPECT_EQ(error, "");
}

TEST(Lagrange, SameBitsOnAnyDecomposition) {
    const parallel::Comm world = parallel::Comm::world();
    Config c = bench_config();
    c.sweep.loop_steps = 300;
    std::vector<double> one, many;
    EXPECT_EQ(
        test::run_on_first_ranks(1, 1, c, [&](Simulation& sim) { one = test::statistics_of(sim); }),
        "");
    EXPECT_EQ(test::run_on_first_ranks(world.size(), 1, c,
                                       [&](Simulation& sim) { many = test::statistics_of(sim); }),
              "");
    if (world.rank() == 0) EXPECT_EQ(one, many);
}

TEST(Lagrange, MistakesAreRefusedByName) {
    const std::string base =
        "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:program = lagrange-multiplier\nsim:loop-time-steps = 10\n";
    EXPECT_NE(test::input_refusal(base + "sim:integrator = monte-carlo\n").find("use llg-heun"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "sim:temperature = 10\n").find("runs at 0 K"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "sim:constraint-rotation-update\n")
                  .find("turns the magnetisation to each new direction"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "sim:device = gpu\n").find("CPU only"), std::string::npos);
}
