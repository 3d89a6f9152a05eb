// Prepared initial states (sim:initial-spin-configuration): each profile against its formula,
// the skyrmion's topological charge (Berg-Luscher solid angles over the lattice's triangles) equal
// to its polarity, the keywords refused where they would have no effect, and the same bits on 1
// to P ranks x 1 and 2 threads for every state.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <string>

#include "support/decomposition.hpp"
#include "system/initial_state.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

constexpr double pi = 3.141592653589793;

// An sc monolayer of 40 x 40 cells of 3 A, periodic in x and y.
const std::string film =
    "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 12 !nm\ndimensions:system-size-y = 12 !nm\n"
    "dimensions:system-size-z = 3 !A\ncreate:periodic-boundaries-x\n"
    "create:periodic-boundaries-y\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
    "material[1]:exchange-matrix[1] = 1e-21\nmaterial[1]:damping-constant = 0.5\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "sim:applied-field-strength = 1 !T\nsim:temperature = 0\nsim:time-step = 1 !fs\n"
    "sim:total-time-steps = 20\nsim:time-steps-increment = 10\n";

struct Prepared {
    Config c;
    Lattice l;
    explicit Prepared(const std::string& extra)
        : c(test::config_from_text(film + extra)), l(make_lattice(c)) {}
    Vec3 at(double x, double y, double z = 0) const {  // positions in A
        return initial_direction(c, c.sim.seed, l, 0, 0, {x * 1e-10, y * 1e-10, z * 1e-10});
    }
    Vec3 site(std::int64_t cx, std::int64_t cy) const {
        return initial_direction(c, c.sim.seed, l, l.gid(cx, cy, 0, 0), 0,
                                 l.position(cx, cy, 0, 0));
    }
};

double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// The solid angle of the triangle (a, b, c), signed (Berg and Luscher, 1981).
double solid_angle(const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 bc{b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0]};
    return 2.0 * std::atan2(dot(a, bc), 1.0 + dot(a, b) + dot(b, c) + dot(c, a));
}

// Q = (1/4 pi) sum of the solid angles of the two triangles of every square plaquette.
double topological_charge(const Prepared& p) {
    const std::int64_t n = p.l.cells[0];
    double q = 0;
    for (std::int64_t y = 0; y < n; ++y)
        for (std::int64_t x = 0; x < n; ++x) {
            const Vec3 s00 = p.site(x, y), s10 = p.site((x + 1) % n, y),
                       s01 = p.site(x, (y + 1) % n), s11 = p.site((x + 1) % n, (y + 1) % n);
            q += solid_angle(s00, s10, s11) + solid_angle(s00, s11, s01);
        }
    return q / (4 * pi);
}

std::string error_of(const std::string& extra) {
    try {
        test::config_from_text(film + extra);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(InitialStates, ASkyrmionHasItsRadiusHelicityPolarityAndCharge) {
    const Prepared neel(
        "sim:initial-spin-configuration = skyrmion\n"
        "sim:initial-skyrmion-radius = 2 !nm\n");
    // The centre, 60 A: the core (polarity -1 by default); S_z = 0 at the radius, in-plane
    // spins along the outward radius (Neel); the far field the other way.
    EXPECT_EQ(neel.at(60, 60)[2], -1.0);
    const Vec3 east = neel.at(80, 60), north = neel.at(60, 80);
    EXPECT_NEAR(east[2], 0.0, 1e-15);
    EXPECT_NEAR(east[0], 1.0, 1e-15);
    EXPECT_NEAR(north[1], 1.0, 1e-15);
    EXPECT_GT(neel.at(0, 0)[2], 0.9999);
    EXPECT_NEAR(topological_charge(neel), -1.0, 1e-9);

    const Prepared bloch(
        "sim:initial-spin-configuration = skyrmion\n"
        "sim:initial-skyrmion-radius = 2 !nm\n"
        "sim:initial-skyrmion-helicity = 90\n"
        "sim:initial-skyrmion-polarity = 1\n");
    const Vec3 b = bloch.at(80, 60);
    EXPECT_NEAR(b[1], 1.0, 1e-15);  // in-plane spins along the azimuth
    EXPECT_EQ(bloch.at(60, 60)[2], 1.0);
    EXPECT_NEAR(topological_charge(bloch), 1.0, 1e-9);

    // Two centres, one across the periodic edge from an atom near x = 0: each atom takes its
    // nearest, images included; two skyrmions give Q = -2.
    const Prepared two(
        "sim:initial-spin-configuration = skyrmion\n"
        "sim:initial-skyrmion-radius = 1.5 !nm\n"
        "sim:initial-skyrmion-centre = 0.95, 0.5; 0.4, 0.5\n");
    EXPECT_EQ(two.at(114, 60)[2], -1.0);
    EXPECT_EQ(two.at(48, 60)[2], -1.0);
    EXPECT_NEAR(two.at(3, 60)[2], two.at(105, 60)[2], 1e-12);  // 9 A either side of 114 A
    EXPECT_NEAR(two.at(0, 60)[2], two.at(108, 60)[2], 1e-12);  // 6 A either side
    EXPECT_NEAR(topological_charge(two), -2.0, 1e-9);
}

TEST(InitialStates, ASpiralTurnsByItsWaveVectorOnItsCone) {
    const Prepared flat(
        "sim:initial-spin-configuration = spiral\n"
        "sim:initial-spiral-wave-vector = 0.1, 0, 0\n");
    // 36 degrees per 3 A cell along x, in the plane normal to z; nothing along y.
    for (std::int64_t x = 0; x < 10; ++x) {
        EXPECT_NEAR(dot(flat.site(x, 0), flat.site(x + 1, 0)), std::cos(0.2 * pi), 1e-14) << x;
        EXPECT_NEAR(flat.site(x, 0)[2], 0.0, 1e-15);
        EXPECT_EQ(flat.site(x, 0)[0], flat.site(x, 7)[0]);
    }
    const Prepared cone(
        "sim:initial-spin-configuration = spiral\n"
        "sim:initial-spiral-wave-vector = 0, 0.25, 0\n"
        "sim:initial-spiral-axis = 1, 0, 0\nsim:initial-spiral-cone-angle = 30\n");
    for (std::int64_t y = 0; y < 8; ++y)
        EXPECT_NEAR(cone.site(3, y)[0], std::cos(pi / 6), 1e-15) << y;
    // A quarter turn per cell about x: opposite in-plane parts two cells apart.
    const Vec3 a = cone.site(0, 0), b = cone.site(0, 2);
    EXPECT_NEAR(a[1], -b[1], 1e-15);
    EXPECT_NEAR(a[2], -b[2], 1e-15);
}

TEST(InitialStates, ADomainWallFollowsTheTanhProfileOfItsWidth) {
    const Prepared wall(
        "sim:initial-spin-configuration = domain-wall\n"
        "sim:domain-wall-position = 0.5\nsim:domain-wall-width = 2 !nm\n"
        "material[1]:domain-wall-second-magnetisation-vector = 0, 0, -1\n");
    // S_z = -tanh(pi u / w) across x; a Bloch wall (turning about x, the normal): S_x = 0.
    for (double u : {-30.0, -10.0, -1.5, 0.0, 2.0, 7.0, 25.0}) {
        const Vec3 s = wall.at(60 + u, 10);
        EXPECT_NEAR(s[2], -std::tanh(pi * u / 20.0), 1e-14) << u;
        EXPECT_EQ(s[0], 0.0) << u;
        EXPECT_NEAR(dot(s, s), 1.0, 1e-15);
    }
    // A 90-degree wall turns about m1 x m2, half way at the centre.
    const Prepared ninety(
        "sim:initial-spin-configuration = domain-wall\n"
        "sim:domain-wall-axis = y\nsim:domain-wall-width = 2 !nm\n"
        "material[1]:domain-wall-second-magnetisation-vector = 1, 0, 0\n");
    const Vec3 s = ninety.at(10, 30);  // position 0.25 by default: y = 30 A
    EXPECT_NEAR(s[0], std::sqrt(0.5), 1e-15);
    EXPECT_NEAR(s[2], std::sqrt(0.5), 1e-15);
}

TEST(InitialStates, KeywordsWithoutTheirStateOrAStateWithoutItsKeywordsAreRefused) {
    EXPECT_NE(error_of("sim:initial-skyrmion-radius = 2 !nm\n")
                  .find("has an effect only with sim:initial-spin-configuration = skyrmion"),
              std::string::npos);
    EXPECT_NE(
        error_of("sim:initial-spin-configuration = spiral\nsim:initial-skyrmion-polarity = 1\n")
            .find("only with sim:initial-spin-configuration = skyrmion"),
        std::string::npos);
    EXPECT_NE(error_of("sim:domain-wall-width = 2 !nm\n")
                  .find("has an effect only with sim:initial-spin-configuration = domain-wall or "
                        "sim:program = domain-wall"),
              std::string::npos);
    EXPECT_NE(error_of("sim:initial-spin-configuration = skyrmion\n")
                  .find("needs sim:initial-skyrmion-radius"),
              std::string::npos);
    EXPECT_NE(error_of("sim:initial-spin-configuration = spiral\n")
                  .find("needs sim:initial-spiral-wave-vector"),
              std::string::npos);
    EXPECT_NE(error_of("sim:initial-spin-configuration = domain-wall\n").find("no wall"),
              std::string::npos);
    EXPECT_NE(error_of("sim:initial-spin-configuration = skyrmion\n"
                       "sim:initial-skyrmion-radius = 2 !nm\n"
                       "sim:initial-skyrmion-centre = 0.5, 1.5\n")
                  .find("fractions of the system from 0 to 1"),
              std::string::npos);
    EXPECT_NE(error_of("sim:initial-spin-configuration = skyrmion\n"
                       "sim:initial-skyrmion-radius = 2 !nm\n"
                       "sim:initial-skyrmion-polarity = 0\n")
                  .find("expected -1 or 1"),
              std::string::npos);
}

TEST(InitialStates, EveryStateGivesTheSameBitsOnAnyRanksAndThreads) {
    const char* states[] = {
        "sim:initial-spin-configuration = random\n",
        "sim:initial-spin-configuration = skyrmion\nsim:initial-skyrmion-radius = 2 !nm\n"
        "sim:initial-skyrmion-centre = 0.3, 0.3; 0.7, 0.6\n",
        "sim:initial-spin-configuration = spiral\nsim:initial-spiral-wave-vector = 0.05, 0.1, 0\n"
        "sim:initial-spiral-cone-angle = 60\n",
        "sim:initial-spin-configuration = domain-wall\nsim:domain-wall-width = 3 !nm\n"
        "material[1]:domain-wall-second-magnetisation-vector = 0, 0, -1\n",
    };
    for (const char* state : states) {
        const Config c = test::config_from_text(film + state);
        const test::Gathered ref = test::run_gathered(1, 1, c);
        const int world = parallel::Comm::world().size();
        for (int threads : {1, 2})
            for (int ranks = 1; ranks <= world; ++ranks)
                test::expect_same_bits(test::run_gathered(ranks, threads, c), ref,
                                       std::string(state) + " on " + std::to_string(ranks) +
                                           " ranks x " + std::to_string(threads) + " threads");
        omp_set_num_threads(1);
    }
}

TEST(InitialStates, RandomDirectionsFollowTheSpinInitialisationSeed) {
    // Without create:spin-initialisation-random-seed the directions are keyed by
    // sim:integrator-random-seed; with it, by it alone (the thermal seed no longer matters).
    const Prepared plain(
        "sim:initial-spin-configuration = random\n"
        "sim:integrator-random-seed = 7\n");
    const Prepared seeded(
        "sim:initial-spin-configuration = random\n"
        "sim:integrator-random-seed = 7\n"
        "create:spin-initialisation-random-seed = 99\n");
    const Prepared other_run(
        "sim:initial-spin-configuration = random\n"
        "sim:integrator-random-seed = 8\n"
        "create:spin-initialisation-random-seed = 99\n");
    const Prepared as_run(
        "sim:initial-spin-configuration = random\n"
        "sim:integrator-random-seed = 99\n");
    int differ = 0;
    for (std::int64_t x = 0; x < 10; ++x) {
        EXPECT_EQ(seeded.site(x, 3), other_run.site(x, 3)) << x;
        EXPECT_EQ(seeded.site(x, 3), as_run.site(x, 3)) << x;
        differ += plain.site(x, 3) != seeded.site(x, 3) ? 1 : 0;
        EXPECT_NEAR(dot(seeded.site(x, 3), seeded.site(x, 3)), 1, 1e-15);
    }
    EXPECT_EQ(differ, 10);
    // A material's random direction too.
    const Prepared material(
        "material[1]:initial-spin-direction = random\n"
        "create:spin-initialisation-random-seed = 99\n");
    EXPECT_EQ(material.site(4, 4), as_run.site(4, 4));
}
