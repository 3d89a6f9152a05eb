// A material's own oscillating field in the fmr program (VAMPIRE's material[i]:fmr-field-*): on
// a spin along z, the small transverse field H sin(wt) x turns it by the linear LLG response,
// S_y = -g' H (1 - cos wt) / w and S_x = alpha g' H (1 - cos wt) / w (g' = gamma / (1 + alpha^2)),
// while a material without one stays exactly along z; the column shows H sin(wt) of the last
// step; the same bits on 1 and P ranks; the keywords' mistakes refused by name.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

// 2 x 2 x 2 independent spins (no exchange), material 1 below and 2 above, at 0 K; material 1
// has 0.01 T at 10 GHz along x; 5000 steps of 10 fs end at half a period.
std::string layers(const std::string& more = "") {
    return "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size = 6 !A\nmaterial:num-materials = 2\n"
           "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 2 !muB\n"
           "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
           "material[1]:damping-constant = 0.1\nmaterial[2]:damping-constant = 0.1\n"
           "material[1]:fmr-field-strength = 0.01 !T\n"
           "material[1]:fmr-field-frequency = 10 !GHz\n"
           "material[1]:fmr-field-unit-vector = 1,0,0\n"
           "sim:program = fmr\nsim:time-step = 10 !fs\nsim:total-time-steps = 5000\n"
           "sim:time-steps-increment = 100\noutput:material-fmr-field-strength\n" +
           more;
}

}  // namespace

TEST(MaterialFmr, TheMaterialsOwnFieldTurnsItsSpinsByTheLinearResponse) {
    const double alpha = 0.1, h = 0.01, w = 2 * M_PI * 10e9, t = 50e-12;
    const double g = constants::gyromagnetic_ratio / (1 + alpha * alpha);
    const double turn = g * h * (1 - std::cos(w * t)) / w;  // 0.0558
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        EXPECT_EQ(test::run_on_first_ranks(
                      ranks, 1, layers(),
                      [&](Simulation& sim) {
                          const Observables& o = sim.last_sample();
                          const auto& m1 = o.material_m[0];
                          EXPECT_NEAR(m1[1] * m1[3], -turn, 0.01 * turn);
                          EXPECT_NEAR(m1[0] * m1[3], alpha * turn, 0.01 * alpha * turn);
                          // Without a field of its own, material 2 has felt nothing at all.
                          const auto& m2 = o.material_m[1];
                          EXPECT_EQ(m2[0], 0.0);
                          EXPECT_EQ(m2[1], 0.0);
                          EXPECT_NEAR(m2[2], 1.0, 1e-15);
                          // The last step's field (it began at 4999 steps).
                          const std::vector<double>& f = sim.state().material_fmr_field;
                          ASSERT_EQ(f.size(), 2u);
                          EXPECT_NEAR(f[0], h * std::sin(w * 4999 * 10e-15), 1e-12 * h);
                          EXPECT_EQ(f[1], 0.0);
                          (first ? one : many) = test::statistics_of(sim);
                      }),
                  "");
        if (world.size() == 1) break;
    }
    if (world.rank() == 0 && world.size() > 1) {
        EXPECT_EQ(one, many);
    }
}

TEST(MaterialFmr, MistakesAreRefusedByName) {
    std::string text = layers();
    text.replace(text.find("sim:program = fmr"), 17, "sim:program = time-series");
    EXPECT_NE(test::input_refusal(text).find("acts only in sim:program = fmr"), std::string::npos);
    text = layers();
    text.replace(text.find("material[1]:fmr-field-unit-vector = 1,0,0\n"), 42, "");
    EXPECT_NE(test::input_refusal(text).find("needs material[1]:fmr-field-strength, "),
              std::string::npos);
    EXPECT_NE(test::input_refusal(layers("sim:device = gpu\n")).find("on the CPU only"),
              std::string::npos);
}
