// sim:program = localised-field-cool (VAMPIRE's): each material's thermal field cools from its
// material[i]:maximum-temperature to its -minimum-temperature by sim:cooling-function. The
// temperatures set are the formula's; a material held at 0 K keeps its spins exactly while a warm
// one beside it fluctuates at its own temperature (the Langevin function of its <m_z>); the same
// bits on 1 and P ranks; the keywords' mistakes refused by name.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// Two layers of independent spins (no exchange) in a 5 T field along z: material 1 below,
// material 2 above, both starting along z; the ranges given.
std::string input(const std::string& ranges, const std::string& more = "") {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size-x = 2.4 !nm\ndimensions:system-size-y = 2.4 !nm\n"
           "dimensions:system-size-z = 1.2 !nm\nmaterial:num-materials = 2\n"
           "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:maximum-height = 0.5\n"
           "material[2]:atomic-spin-moment = 2 !muB\nmaterial[2]:minimum-height = 0.5\n"
           "material[1]:damping-constant = 1\nmaterial[2]:damping-constant = 1\n"
           "sim:applied-field-strength = 5 !T\n" +
           ranges +
           "sim:program = localised-field-cool\nsim:time-step = 1 !fs\n"
           "sim:equilibration-time-steps = 2000\nsim:total-time-steps = 3000\n"
           "sim:time-steps-increment = 10\nsim:cooling-time = 1 !ps\n"
           "sim:cooling-function = linear\n" +
           more;
}

}  // namespace

TEST(LocalisedFieldCool, EachMaterialFeelsItsOwnCoolingTemperature) {
    // Material 1 held at 0 K, material 2 at 20 K (equilibrated there: material[i]:temperature is
    // the equilibration's, as in VAMPIRE). Independent spins in B = 5 T: material 2's <m_z> is the
    // Langevin function L(mu B / k T) = 0.1111 (0.056 at 40 K, 1 at 0 K).
    const std::string text = input(
        "material[1]:temperature = 0\nmaterial[2]:temperature = 20\n"
        "material[1]:minimum-temperature = 0\nmaterial[1]:maximum-temperature = 0\n"
        "material[2]:minimum-temperature = 20\nmaterial[2]:maximum-temperature = 20\n");
    const std::string error =
        test::run_on_first_ranks(parallel::Comm::world().size(), 1, text, [](Simulation& sim) {
            const Observables& o = sim.last_sample();
            EXPECT_NEAR(o.material_m[0][2], 1.0, 1e-12);  // not one spin moved
            EXPECT_NEAR(o.material_m[0][0], 0.0, 1e-12);
            const Accumulator& a = sim.state().accumulator;
            const double mz = a.total(std::size_t(series::material(1, series::mat_z))).mean();
            EXPECT_NEAR(mz, 0.1111, 0.03) << "material 2's <m_z> against L(mu B / k T)";
            EXPECT_EQ(sim.state().material_temperatures, (std::vector<double>{0, 20}));
        });
    EXPECT_EQ(error, "");
}

TEST(LocalisedFieldCool, TheTemperaturesFollowTheCoolingFunctionOnAnyDecomposition) {
    // Linear cooling over 1 ps: 3 ps in, every material is at its minimum; 0.25 ps in (a run of
    // 250 steps), a quarter of the way down.
    const std::string ranges =
        "material[1]:minimum-temperature = 20\nmaterial[1]:maximum-temperature = 420\n"
        "material[2]:minimum-temperature = 100\nmaterial[2]:maximum-temperature = 500\n";
    std::string quarter = input(ranges);
    quarter.replace(quarter.find("sim:total-time-steps = 3000"), 27, "sim:total-time-steps = 250");
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        std::vector<double>& out = one.empty() ? one : many;
        const std::string error = test::run_on_first_ranks(ranks, 1, quarter, [&](Simulation& sim) {
            const std::vector<double>& t = sim.state().material_temperatures;
            ASSERT_EQ(t.size(), 2u);
            EXPECT_NEAR(t[0], 20 + 0.75 * 400, 1e-9);
            EXPECT_NEAR(t[1], 100 + 0.75 * 400, 1e-9);
            out = test::statistics_of(sim);
        });
        EXPECT_EQ(error, "");
    }
    if (world.rank() == 0) EXPECT_EQ(one, many);
    const std::string error = test::run_on_first_ranks(1, 1, input(ranges), [](Simulation& sim) {
        EXPECT_EQ(sim.state().material_temperatures, (std::vector<double>{20, 100}));
    });
    EXPECT_EQ(error, "");
}

TEST(LocalisedFieldCool, MistakesAreRefusedByName) {
    const std::string range = "material[1]:maximum-temperature = 300\n";
    EXPECT_NE(test::input_refusal(input("")).find("give them"), std::string::npos);
    std::string other = input(range);
    other.replace(other.find("localised-field-cool"), 20, "time-series");
    EXPECT_NE(
        test::input_refusal(other).find("has no effect without sim:program = localised-field-cool"),
        std::string::npos);
    EXPECT_NE(test::input_refusal(input(range, "sim:integrator = monte-carlo\n"))
                  .find("LLG thermal field only"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(input(range, "sim:device = gpu\n")).find("CPU only"),
              std::string::npos);
    const Config c = test::config_from_text(input(range));
    bool warned = false;
    for (const std::string& w : c.warnings)
        warned = warned ||
                 w.find("material[2] has no minimum- or maximum-temperature") != std::string::npos;
    EXPECT_TRUE(warned);
}
