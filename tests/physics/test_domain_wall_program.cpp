// sim:program = domain-wall (VAMPIRE's): the wall it places turns the spins at an even rate
// across sim:domain-wall-width (the profile at the start is the formula's, slice by slice); at
// 0 K with damping the wall relaxes to the continuum Bloch wall m_z = -tanh(x / delta),
// delta = a sqrt(J / 2K) (Hubert and Schaefer, "Magnetic Domains", section 3.6), within the
// discreteness of the lattice; the profile and the statistics are the same bits on 1 and P ranks;
// the keywords' mistakes are refused by name.
#include <gtest/gtest.h>

#include <cmath>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// A chain of 60 cells along x (open) with a 2 x 2 periodic cross-section, sc, a = 3 A;
// J / 2K = 16, so delta = 4 a = 12 A. The wall at the middle, 20 A wide, +z to -z.
std::string input(const std::string& more = "") {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-y\n"
           "create:periodic-boundaries-z\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size-x = 18 !nm\ndimensions:system-size-y = 0.6 !nm\n"
           "dimensions:system-size-z = 0.6 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:uniaxial-anisotropy-constant = 3.125e-23\n"
           "material[1]:initial-spin-direction = 0,0,1\n"
           "material[1]:domain-wall-second-magnetisation-vector = 0,0,-1\n"
           "material[1]:damping-constant = 1\nsim:domain-wall-position = 0.5\n"
           "sim:domain-wall-width = 20 !A\nsim:domain-wall-discretisation = 3 !A\n"
           "sim:program = domain-wall\nsim:time-step = 1 !fs\n"
           "sim:equilibration-time-steps = 0\nsim:total-time-steps = 30000\n"
           "sim:time-steps-increment = 10000\noutput:domain-wall-width\n" +
           more;
}

}  // namespace

TEST(DomainWallProgram, ThePlacedWallTurnsEvenlyAcrossItsWidth) {
    const parallel::Comm world = parallel::Comm::world();
    std::vector<std::string> texts;
    for (const int ranks : {1, world.size()}) {
        const parallel::Comm sub = world.split(world.rank() < ranks ? 0 : -1, world.rank());
        if (sub.valid()) {
            Simulation sim(sub, test::config_from_text(input()), test::quiet_options());
            ProgramHost host(sim);
            host.place_domain_wall();
            const WallSlices w = host.domain_wall_slices();
            ASSERT_EQ(w.slices, 61);
            for (std::int64_t k = 0; k < 60; ++k) {
                // Slice k holds the 4 atoms at x = 3k A; the wall spans 80 .. 100 A.
                EXPECT_EQ(w.atoms[std::size_t(k)], 4) << k;
                const double f = std::clamp((3.0 * double(k) - 80.0) / 20.0, 0.0, 1.0);
                const Vec3& m = w.mean[std::size_t(k)];
                // A Bloch wall: the spins turn about x, through -y.
                EXPECT_NEAR(m[2], std::cos(M_PI * f), 1e-12) << k;
                EXPECT_NEAR(m[1], -std::sin(M_PI * f), 1e-12) << k;
                EXPECT_EQ(m[0], 0.0) << k;
            }
            texts.push_back(domain_wall_text(w, 0));
        }
        world.barrier();
    }
    if (world.rank() == 0) {
        ASSERT_EQ(texts.size(), 2u);
        EXPECT_EQ(texts[0], texts[1]);
    }
}

TEST(DomainWallProgram, TheWallRelaxesToTheBlochWallOfWidthASqrtJOver2K) {
    const parallel::Comm world = parallel::Comm::world();
    std::vector<double> one, many;
    std::string profile_one, profile_many;
    for (const int ranks : {1, world.size()}) {
        const bool first = one.empty();
        const std::string error = test::run_on_first_ranks(ranks, 1, input(), [&](Simulation& sim) {
            const double delta = sim.last_sample().domain_wall_width;
            EXPECT_NEAR(delta, 12e-10, 0.02 * 12e-10) << "a sqrt(J / 2K)";
            EXPECT_NEAR(sim.last_sample().domain_wall_centre, 90e-10, 0.5e-10);
            (first ? one : many) = test::statistics_of(sim);
            (first ? profile_one : profile_many) =
                domain_wall_text(ProgramHost(sim).domain_wall_slices(), 30000);
        });
        EXPECT_EQ(error, "");
    }
    if (world.rank() == 0) {
        EXPECT_EQ(one, many);
        EXPECT_EQ(profile_one, profile_many);
    }
}

TEST(DomainWallProgram, MistakesAreRefusedByName) {
    // Without the program: the wall's keywords and its slices have no effect.
    std::string other = input();
    other.replace(other.find("sim:program = domain-wall"), 25, "sim:program = time-series");
    EXPECT_NE(test::input_refusal(other).find("'sim:domain-wall-position': has an effect only "
                                              "with sim:initial-spin-configuration = domain-wall "
                                              "or sim:program = domain-wall"),
              std::string::npos);
    other += "sim:initial-spin-configuration = domain-wall\n";
    EXPECT_NE(test::input_refusal(other).find("'sim:domain-wall-discretisation': has an effect "
                                              "only with sim:program = domain-wall (the slices"),
              std::string::npos);
    std::string flat = input();
    flat.replace(flat.find("magnetisation-vector = 0,0,-1"), 30, "magnetisation-vector = 0,0,1");
    EXPECT_NE(test::input_refusal(flat).find("so there is no wall"), std::string::npos);
    EXPECT_NE(test::input_refusal(input("sim:initial-spin-configuration = spiral\n"
                                        "sim:initial-spiral-wave-vector = 0.1, 0, 0\n"))
                  .find("leave sim:initial-spin-configuration out"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(input("sim:domain-wall-anti-pbc-x\n"))
                  .find("create:periodic-boundaries-x"),
              std::string::npos);
}
