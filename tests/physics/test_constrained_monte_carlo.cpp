// Constrained Monte Carlo (sim:integrator = constrained-monte-carlo, sim:program =
// cmc-anisotropy): on a uniaxial ferromagnet the magnetisation stays on its constraint direction,
// the mean restoring torque is -N K(T) sin(2 phi) along y with K(T) / K(0) the Callen-Callen
// <|m|>^3 at low temperature, miniASD's torques and |m| agree with VAMPIRE's develop branch on the
// same input (bench/vampire-cmc, its stored output), the same bits on 1 and P ranks and on 2
// threads, and the mistakes of the keywords are refused by name.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// bench/vampire-cmc's system: 1000 atoms, K = 1e-23 J per atom, at 10 K; the polar angles given.
std::string input(const std::string& angles, std::int64_t loop = 1000) {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 3 !nm\n"
           "material:num-materials = 1\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
           "sim:program = cmc-anisotropy\nsim:integrator = constrained-monte-carlo\n" +
           angles +
           "sim:minimum-temperature = 10\nsim:maximum-temperature = 10\n"
           "sim:equilibration-time-steps = 200\nsim:loop-time-steps = " +
           std::to_string(loop) + "\nsim:time-steps-increment = 1\n";
}

constexpr double n_k = 1000 * 1e-23;  // N K(0), J

// The last row's <torque-y> and <|m|> of a run of `text`.
struct Point {
    double torque_y = 0, m = 0;
    Vec3 direction{};
};
// On `ranks` ranks (all of the world's when 0), each of which gets the point.
Point run_point(const std::string& text, int ranks = 0, int threads = 1,
                std::vector<double>* stats = nullptr) {
    if (ranks == 0) ranks = parallel::Comm::world().size();
    Point p;
    const std::string error = test::run_on_first_ranks(ranks, threads, text, [&](Simulation& sim) {
        const Accumulator& a = sim.state().accumulator;
        p.torque_y = a.total(std::size_t(series::torque(1, 1))).mean();
        p.m = a.total(series::m_length).mean();
        p.direction = sim.last_sample().direction();
        if (stats) *stats = test::statistics_of(sim);
    });
    EXPECT_EQ(error, "");
    return p;
}

}  // namespace

TEST(ConstrainedMonteCarlo, TheTorqueIsKOfTSin2PhiWithCallenCallensK) {
    const Point p15 = run_point(input("sim:constraint-angle-phi = 15\n"));
    const Point p45 = run_point(input("sim:constraint-angle-phi = 45\n"));
    // The direction is held: m / |m| on the constraint to rounding.
    EXPECT_NEAR(p45.direction[0], std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(p45.direction[1], 0.0, 1e-12);
    EXPECT_NEAR(p45.direction[2], std::sqrt(0.5), 1e-12);
    // -N K(T) sin(2 phi): the ratio of the two angles' torques is sin 30 / sin 90.
    EXPECT_NEAR(p15.torque_y / p45.torque_y, 0.5, 0.02);
    // K(T) / K(0) = <|m|>^3 (Callen-Callen, uniaxial, low T): within 2 %.
    const double k_ratio = -p45.torque_y / n_k;
    EXPECT_NEAR(k_ratio, std::pow(p45.m, 3), 0.02) << "K(T)/K(0) " << k_ratio << " m " << p45.m;
    EXPECT_LT(k_ratio, 0.95);  // and visibly below K(0) at 10 K
}

TEST(ConstrainedMonteCarlo, TorquesAndMagnetisationAgreeWithVampire) {
    // VAMPIRE's rows: phi, theta, T, <|m|>, <torque x y z>, ux uy uz |m| (bench/vampire-cmc).
    std::ifstream in(std::string(MINIASD_SOURCE_DIR) + "/bench/vampire-cmc/vampire-develop-output");
    ASSERT_TRUE(in) << "bench/vampire-cmc/vampire-develop-output";
    std::vector<std::vector<double>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream s(line);
        std::vector<double> v;
        for (double x; s >> x;)
            v.push_back(x);
        rows.push_back(v);
    }
    ASSERT_EQ(rows.size(), 7u);
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double phi = rows[k][0];
        const Point p =
            run_point(input("sim:constraint-angle-phi = " + std::to_string(int(phi)) + "\n"));
        // Within 1.5 % of N K (the statistical error of 1000 sweeps is a few 1e-3 of it).
        EXPECT_NEAR(p.torque_y, rows[k][5], 0.015 * n_k) << "phi " << phi;
        EXPECT_NEAR(p.m, rows[k][3], 3e-3) << "phi " << phi;
    }
}

TEST(ConstrainedMonteCarlo, SameBitsOnAnyDecompositionAndThreads) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string text = input(
        "sim:constraint-angle-phi = 30\n"
        "sim:constraint-angle-theta = 60\n",
        200);
    std::vector<double> one, many, threads;
    run_point(text, 1, 1, &one);
    run_point(text, world.size(), 1, &many);
    run_point(text, 1, 2, &threads);
    if (world.rank() == 0) {
        EXPECT_EQ(one, many);
        EXPECT_EQ(one, threads);
    }
}

TEST(ConstrainedMonteCarlo, MistakesAreRefusedByName) {
    const std::string base = input("sim:constraint-angle-phi = 30\n");
    auto refusal = [&](const std::string& from, const std::string& to) {
        std::string text = base;
        text.replace(text.find(from), from.size(), to);
        return test::input_refusal(text);
    };
    EXPECT_NE(refusal("sim:integrator = constrained-monte-carlo", "sim:integrator = monte-carlo")
                  .find("cmc-anisotropy needs sim:integrator = constrained-monte-carlo"),
              std::string::npos);
    EXPECT_NE(refusal("sim:program = cmc-anisotropy", "sim:program = curie-temperature")
                  .find("runs in sim:program = cmc-anisotropy"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "sim:device = gpu\n").find("CPU only"), std::string::npos);
    EXPECT_NE(test::input_refusal(base + "sim:constraint-angle-phi-maximum = 60\n"
                                         "sim:constraint-angle-phi-increment = 0\n")
                  .find("must be above 0"),
              std::string::npos);
    const std::string plain = "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n";
    EXPECT_NE(test::input_refusal(plain + "sim:constraint-angle-phi = 10\n")
                  .find("has no effect without sim:integrator = constrained-monte-carlo"),
              std::string::npos);
}

TEST(ConstrainedMonteCarlo, MaterialsOnSitesOfTheirOwnAreRefused) {
    // bcc with material 1 on the corners and 2 on the centres: the colours are the sites, so each
    // sublattice's moment would be held on its own. The error names the reason.
    const std::string text =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 1.2 !nm\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "material:num-materials = 2\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:unit-cell-category = 2\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[2]:atomic-spin-moment = 1 !muB\nmaterial[1]:exchange-matrix[2] = -1e-21\n"
        "material[2]:exchange-matrix[1] = -1e-21\nsim:program = cmc-anisotropy\n"
        "sim:integrator = constrained-monte-carlo\nsim:loop-time-steps = 10\n"
        "sim:minimum-temperature = 10\nsim:maximum-temperature = 10\n";
    const std::string error = test::run_on_first_ranks(parallel::Comm::world().size(), 1, text,
                                                       [](Simulation&) { ADD_FAILURE(); });
    EXPECT_NE(error.find("makes up 0 % of one colour of the lattice and 100 % of another"),
              std::string::npos)
        << error;
}
