// Hybrid constrained Monte Carlo (sim:integrator = hybrid-constrained-monte-carlo, sim:program =
// hybrid-cmc and reverse-hybrid-cmc, VAMPIRE's): with one material, constrained, the moves are
// the plain form's bit for bit; a constrained layer's magnetisation stays on its own direction
// through a sweep while a free layer of independent spins beside it samples the Boltzmann
// distribution of its field (the Langevin function); the sweep's order and the held angles are
// VAMPIRE's; the same bits on 1 and P ranks; the keywords' mistakes refused by name.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// bench/vampire-cmc's system (test_constrained_monte_carlo.cpp's): 1000 atoms at 10 K.
std::string single(const std::string& constraint, const std::string& program) {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 3 !nm\n"
           "material:num-materials = 1\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n" +
           constraint + program +
           "sim:minimum-temperature = 10\nsim:maximum-temperature = 10\n"
           "sim:equilibration-time-steps = 50\nsim:loop-time-steps = 150\n"
           "sim:time-steps-increment = 1\n";
}

// Two layers: material 1 below (exchange-coupled, constrained), material 2 above (independent
// spins: no exchange at all), in 5 T along z at 20 K.
std::string layers(const std::string& more = "") {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 3 !nm\n"
           "material:num-materials = 2\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[2]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
           "material[1]:constrained = true\nmaterial[1]:constraint-angle-phi-minimum = 30\n"
           "material[1]:constraint-angle-phi-maximum = 60\n"
           "material[1]:constraint-angle-phi-increment = 30\n"
           "material[1]:constraint-angle-theta = 20\n"
           "material[1]:constraint-angle-theta-minimum = 20\n"
           "material[1]:constraint-angle-theta-maximum = 20\n"
           "sim:applied-field-strength = 5 !T\nsim:program = hybrid-cmc\n"
           "sim:integrator = hybrid-constrained-monte-carlo\nsim:minimum-temperature = 20\n"
           "sim:maximum-temperature = 20\nsim:equilibration-time-steps = 200\n"
           "sim:loop-time-steps = 2000\nsim:time-steps-increment = 1\n" +
           more;
}

}  // namespace

TEST(HybridCmc, OneConstrainedMaterialMovesAsThePlainForm) {
    const std::string plain =
        single("sim:constraint-angle-phi = 30\nsim:constraint-angle-theta = 60\n",
               "sim:program = cmc-anisotropy\nsim:integrator = constrained-monte-carlo\n");
    const std::string hybrid = single(
        "material[1]:constrained = true\nmaterial[1]:constraint-angle-phi-minimum = 30\n"
        "material[1]:constraint-angle-phi-maximum = 30\n"
        "material[1]:constraint-angle-theta-minimum = 60\n"
        "material[1]:constraint-angle-theta-maximum = 60\n",
        "sim:program = hybrid-cmc\nsim:integrator = hybrid-constrained-monte-carlo\n");
    std::vector<double> a, b;
    const int ranks = parallel::Comm::world().size();
    EXPECT_EQ(test::run_on_first_ranks(ranks, 1, plain,
                                       [&](Simulation& sim) { a = test::statistics_of(sim); }),
              "");
    EXPECT_EQ(test::run_on_first_ranks(ranks, 1, hybrid,
                                       [&](Simulation& sim) { b = test::statistics_of(sim); }),
              "");
    if (parallel::Comm::world().rank() == 0) {
        ASSERT_FALSE(a.empty());
        EXPECT_EQ(a, b);
    }
}

TEST(HybridCmc, TheConstrainedLayerKeepsItsDirectionAndTheFreeOneItsBoltzmannField) {
    // Independent spins, mu B / k T = 0.336: <m_z> = L(0.336) = 0.1112.
    const double x = 2 * 9.2740100783e-24 * 5 / (1.380649e-23 * 20);
    const double langevin = 1 / std::tanh(x) - 1 / x;
    const std::string error =
        test::run_on_first_ranks(parallel::Comm::world().size(), 1, layers(), [&](Simulation& sim) {
            // The last direction, phi = 60 and theta = 20, held exactly.
            const Vec3 n = direction_from_angles(20, 60);
            const Observables& o = sim.last_sample();
            for (int a = 0; a < 3; ++a)
                EXPECT_NEAR(o.material_m[0][std::size_t(a)] / o.material_m[0][3], n[std::size_t(a)],
                            1e-12);
            EXPECT_EQ(sim.state().material_constraint_phi, (std::vector<double>{60, 0}));
            EXPECT_EQ(sim.state().material_constraint_theta, (std::vector<double>{20, 0}));
            const Accumulator& acc = sim.state().accumulator;
            const double mz = acc.total(std::size_t(series::material(1, series::mat_z))).mean();
            EXPECT_NEAR(mz, langevin, 0.01) << "the free layer's <m_z> against L(mu B / k T)";
        });
    EXPECT_EQ(error, "");
}

TEST(HybridCmc, SameBitsOnAnyDecompositionWithTheReverseOrderAndRotation) {
    const parallel::Comm world = parallel::Comm::world();
    std::string text = layers("sim:constraint-rotation-update\n");
    text.replace(text.find("sim:program = hybrid-cmc"), 24, "sim:program = reverse-hybrid-cmc");
    text.replace(text.find("sim:loop-time-steps = 2000"), 26, "sim:loop-time-steps = 100");
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        EXPECT_EQ(test::run_on_first_ranks(
                      ranks, 1, text,
                      [&](Simulation& sim) { (first ? one : many) = test::statistics_of(sim); }),
                  "");
    }
    if (world.rank() == 0) EXPECT_EQ(one, many);
}

TEST(HybridCmc, MistakesAreRefusedByName) {
    auto refusal = [](std::string text, const std::string& from, const std::string& to) {
        text.replace(text.find(from), from.size(), to);
        return test::input_refusal(text);
    };
    EXPECT_NE(refusal(layers(), "sim:integrator = hybrid-constrained-monte-carlo",
                      "sim:integrator = monte-carlo")
                  .find("hybrid-cmc needs sim:integrator = hybrid-constrained-monte-carlo"),
              std::string::npos);
    EXPECT_NE(
        refusal(layers(), "sim:program = hybrid-cmc", "sim:program = curie-temperature")
            .find("runs in sim:program = hybrid-cmc, reverse-hybrid-cmc or exchange-stiffness"),
        std::string::npos);
    EXPECT_NE(refusal(layers(), "material[1]:constrained = true", "material[1]:constrained = false")
                  .find("has no effect on a material that is not constrained"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(layers("sim:constraint-angle-phi = 10\n"))
                  .find("sweep each material's own material[i]:constraint-angle-*"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(layers("sim:device = gpu\n")).find("CPU only"),
              std::string::npos);
    const std::string plain = "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n";
    EXPECT_NE(test::input_refusal(plain + "material[1]:constrained = true\n")
                  .find("has no effect without sim:integrator = hybrid-constrained-monte-carlo"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(plain + "sim:integrator = hybrid-constrained-monte-carlo\n"
                                          "sim:program = hybrid-cmc\n")
                  .find("no material is constrained"),
              std::string::npos);
}
