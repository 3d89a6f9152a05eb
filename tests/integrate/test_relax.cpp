// The relaxation (sim:program = relax, sim:relax-first; integrate/minimiser.hpp) against exact
// minima: a DMI spiral chain turns by atan(D/J) per bond with the energy -sqrt(J^2 + D^2) per
// bond (interfacial and bulk DMI, both methods); a domain wall takes the width a sqrt(J/2k); a
// skyrmion relaxes to Q = -1 and to the energy long damped LLG precession reaches, the same bits
// on 1 and P ranks. The relaxation's keywords are refused where they would have no effect.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstring>
#include <string>

#include "support/decomposition.hpp"
#include "system/dmi_triangles.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

constexpr double pi = 3.141592653589793;
constexpr double J = 1e-21;

// A periodic chain of 36 atoms of 3 A along x, started from a spiral of one turn (10 degrees per
// bond) on a 70-degree cone about `axis`.
std::string chain(const std::string& dmi, const std::string& axis) {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 108 !A\n"
           "dimensions:system-size-y = 3 !A\ndimensions:system-size-z = 3 !A\n"
           "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n" +
           dmi +
           "sim:program = relax\nsim:total-time-steps = 100000\n"
           "sim:time-steps-increment = 100000\nsim:relax-torque-tolerance = 1e-10 !T\n"
           "sim:initial-spin-configuration = spiral\n"
           "sim:initial-spiral-wave-vector = 0.027777777777777776, 0, 0\n"
           "sim:initial-spiral-axis = " +
           axis + "\nsim:initial-spiral-cone-angle = 70\n";
}

Vec3 spin(const std::vector<double>& s, std::size_t i) {
    return {s[3 * i], s[3 * i + 1], s[3 * i + 2]};
}

// An open chain of `length` (A) of 3 A cells with exchange J, damping 0.5 and anisotropy
// k = J / (2 width^2) (a wall `width` cells wide), started from a wall at its middle.
std::string wall_chain(const char* length, double width) {
    char k[64];
    std::snprintf(k, sizeof k, "%.17g", J / (2 * width * width));
    return std::string(
               "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
               "dimensions:system-size-x = ") +
           length +
           " !A\ndimensions:system-size-y = 3 !A\ndimensions:system-size-z = 3 !A\n"
           "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
           "material[1]:damping-constant = 0.5\n"
           "material[1]:second-order-uniaxial-anisotropy-constant = " +
           k +
           "\nmaterial[1]:domain-wall-second-magnetisation-vector = 0, 0, -1\n"
           "sim:initial-spin-configuration = domain-wall\nsim:domain-wall-position = 0.5\n";
}

struct Relaxed {
    std::vector<double> spins;
    Observables sample;
    std::int64_t steps = 0;
};

Relaxed relax(int ranks, const std::string& input) {
    Relaxed r;
    const std::string error = test::run_on_first_ranks(ranks, 1, input, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.sample = sim.last_sample();
        r.steps = sim.steps_done();
    });
    EXPECT_EQ(error, "");
    return r;
}

std::string error_of(const std::string& input) {
    try {
        test::config_from_text(input);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

// E = sum over bonds of -J S_i.S_j + D_ij.(S_i x S_j): a flat spiral turning by q a per bond
// about D_ij's direction has -J cos(qa) -/+ D sin(qa) per bond, least at tan(qa) = D/J, where
// each bond has -sqrt(J^2 + D^2). D = J tan 10 degrees: the chain's one turn is that spiral.
TEST(Relax, ASpiralChainTurnsByArctanDOverJPerBond) {
    const double d = J * std::tan(10 * pi / 180);
    char text[96];
    std::snprintf(text, sizeof text, "%.17g", d);
    struct Case {
        std::string dmi, axis, method;
        Vec3 normal;  // the plane's normal: the axis the spins turn about
    };
    const Case cases[] = {
        // Interfacial: D_ij = D z x e_x = D y: a cycloid in the xz plane.
        // (A guess of the favoured sense: turning about -y. From the other sense, steepest
        // descent stops on the saddle of the flat spiral of that sense, a stationary state too.)
        {"material[1]:interfacial-dmi-constant[1] = " + std::string(text) + "\n",
         "0,-1,0",
         "velocity-projection",
         {0, 1, 0}},
        {"material[1]:interfacial-dmi-constant[1] = " + std::string(text) + "\n",
         "0,-1,0",
         "damped-llg",
         {0, 1, 0}},
        // Bulk: D_ij = D e_x: a helix in the yz plane.
        {"material[1]:bulk-dmi-constant[1] = " + std::string(text) + "\n",
         "-1,0,0",
         "velocity-projection",
         {1, 0, 0}},
    };
    for (const Case& c : cases) {
        const Relaxed r = relax(1, chain(c.dmi, c.axis) + "sim:relax-method = " + c.method + "\n");
        if (!parallel::Comm::world().is_root()) continue;
        const std::string what = c.dmi + c.method;
        ASSERT_EQ(r.spins.size(), 3u * 36) << what;
        for (std::size_t i = 0; i < 36; ++i) {
            const Vec3 a = spin(r.spins, i), b = spin(r.spins, (i + 1) % 36);
            const Vec3 cross{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                             a[0] * b[1] - a[1] * b[0]};
            const double along = a[0] * c.normal[0] + a[1] * c.normal[1] + a[2] * c.normal[2];
            EXPECT_NEAR(along, 0, 1e-6) << what << ": the spiral is flat, atom " << i;
            const double sine =
                cross[0] * c.normal[0] + cross[1] * c.normal[1] + cross[2] * c.normal[2];
            const double cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            // E favours D_ij.(S_i x S_j) < 0: the sense is fixed by D's sign.
            EXPECT_NEAR(-sine / cosine, d / J, 1e-6) << what << ": bond " << i;
        }
        EXPECT_NEAR(r.sample.total / -std::sqrt(J * J + d * d), 1.0, 1e-12) << what;
    }
}

// A wall across an open chain with uniaxial anisotropy k: theta(x) = 2 atan exp((x - x0) / w),
// w = a sqrt(J / 2k), and sum over atoms of sin^2 theta = 2 w / a.
TEST(Relax, ADomainWallTakesTheWidthOfExchangeAgainstAnisotropy) {
    const double width = 8;  // cells
    const std::string input =
        wall_chain("300", width) +
        "sim:program = relax\nsim:total-time-steps = 200000\n"
        "sim:time-steps-increment = 200000\n"
        "sim:relax-torque-tolerance = 1e-9 !T\nsim:domain-wall-width = 1 !nm\n";
    const Relaxed r = relax(1, input);
    if (!parallel::Comm::world().is_root()) return;
    ASSERT_EQ(r.spins.size(), 3u * 100);
    double sum = 0;
    for (std::size_t i = 0; i < 100; ++i) {
        const Vec3 s = spin(r.spins, i);
        sum += 1 - s[2] * s[2];
    }
    // The lattice's correction to the continuum width is of order (a / w)^2 / 12, 0.1 %.
    EXPECT_NEAR(sum / 2 / width, 1.0, 3e-3);
    EXPECT_GT(spin(r.spins, 0)[2], 0.999);
    EXPECT_LT(spin(r.spins, 99)[2], -0.999);
}

// A Neel skyrmion in an sc monolayer (interfacial DMI, anisotropy, field): relaxed, Q = -1; long
// damped precession (LLG, alpha = 1) from the same start reaches the same energy; the relaxed
// spins are the same bits on every rank count.
TEST(Relax, ASkyrmionRelaxesToTheEnergyDampedPrecessionReaches) {
    const std::string film =
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 9 !nm\ndimensions:system-size-y = 9 !nm\n"
        "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nmaterial[1]:interfacial-dmi-constant[1] = 3e-22\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 3e-23\n"
        "material[1]:damping-constant = 1\nsim:applied-field-strength = 2 !T\n"
        "sim:initial-spin-configuration = skyrmion\nsim:initial-skyrmion-radius = 1 !nm\n"
        "output:topological-charge\noutput:skyrmion-radius\n";
    const std::string relaxing = film +
                                 "sim:program = relax\nsim:total-time-steps = 20000\n"
                                 "sim:time-steps-increment = 1000\n"
                                 "sim:relax-torque-tolerance = 1e-8 !T\n";
    const Relaxed one = relax(1, relaxing);
    std::string finer = relaxing;
    finer.replace(finer.find("1e-8 !T"), 7, "1e-10 !T");
    const Relaxed closer = relax(1, finer);
    const int world = parallel::Comm::world().size();
    const Relaxed all = relax(world, relaxing);
    const Relaxed llg = relax(1, film +
                                     "sim:program = time-series\nsim:time-step = 2 !fs\n"
                                     "sim:total-time-steps = 40000\n"
                                     "sim:time-steps-increment = 40000\n");
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_LT(one.steps, 20000);
    EXPECT_NEAR(one.sample.topological_charge, -1, 1e-6);
    EXPECT_EQ(all.steps, one.steps) << world << " ranks";
    ASSERT_EQ(all.spins.size(), one.spins.size());
    EXPECT_EQ(std::memcmp(all.spins.data(), one.spins.data(), all.spins.size() * sizeof(double)), 0)
        << world << " ranks";
    EXPECT_NEAR(llg.sample.total / one.sample.total, 1.0, 1e-9);
    EXPECT_NEAR(llg.sample.topological_charge, -1, 1e-6);
    // The radius where S_z crosses zero: converged to 1e-3 A at the default tolerance's 1e-2.
    EXPECT_GT(one.sample.skyrmion_radius, 10e-10);  // it grew from the 1 nm it started at
    EXPECT_NEAR(closer.sample.skyrmion_radius, one.sample.skyrmion_radius, 1e-13);
}

// sim:relax-first relaxes before the program's first step: its first sample is the minimum.
TEST(Relax, RelaxFirstStartsTheProgramFromTheMinimum) {
    const double d = J * std::tan(10 * pi / 180);
    char text[96];
    std::snprintf(text, sizeof text, "material[1]:interfacial-dmi-constant[1] = %.17g\n", d);
    std::string input = chain(text, "0,1,0");
    input.replace(input.find("sim:program = relax"), 19, "sim:program = time-series");
    input += "sim:relax-first\nsim:time-step = 1 !fs\n";
    input.replace(input.find("sim:total-time-steps = 100000"), 29, "sim:total-time-steps = 10");
    input.replace(input.find("sim:time-steps-increment = 100000"), 33,
                  "sim:time-steps-increment = 10");
    const Relaxed r = relax(1, input);
    // Too few steps to converge: an error before the program.
    const std::string error =
        test::run_on_first_ranks(1, 1, input + "sim:relax-maximum-steps = 3\n", [](Simulation&) {});
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_EQ(r.steps, 10);  // the relaxation's steps are not the program's
    EXPECT_NEAR(r.sample.total / -std::sqrt(J * J + d * d), 1.0, 1e-12);
    EXPECT_NE(error.find("did not converge in 3 steps"), std::string::npos) << error;
}

TEST(Relax, KeywordsWithoutEffectAreRefused) {
    const std::string base = chain("", "0,1,0");
    auto with = [&](const std::string& from, const std::string& to) {
        std::string s = base;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    EXPECT_NE(
        error_of(with("sim:total-time-steps = 100000\n", "")).find("needs sim:total-time-steps"),
        std::string::npos);
    EXPECT_NE(error_of(base + "sim:temperature = 10\n").find("must be 0 K"), std::string::npos);
    EXPECT_NE(error_of(base + "sim:relax-first\n").find("relaxes already"), std::string::npos);
    EXPECT_NE(error_of(base + "sim:relax-maximum-steps = 5\n").find("sim:relax-first's limit"),
              std::string::npos);
    EXPECT_NE(error_of(base + "sim:integrator = monte-carlo\n").find("no effect"),
              std::string::npos);
    const std::string series = with("sim:program = relax", "sim:program = time-series");
    EXPECT_NE(error_of(series + "sim:relax-method = damped-llg\n").find("without a relaxation"),
              std::string::npos);
    EXPECT_EQ(error_of(series + "sim:relax-first\nsim:relax-method = damped-llg\n"), "");
    // Interfacial DMI between two materials is one constant: two that differ are refused.
    EXPECT_NE(error_of(base + "material:num-materials = 2\nmaterial[2]:atomic-spin-moment = 1\n"
                              "material[2]:maximum-height = 0\n"
                              "material[1]:interfacial-dmi-constant[2] = 1e-22\n"
                              "material[2]:interfacial-dmi-constant[1] = 2e-22\n")
                  .find("differs"),
              std::string::npos);
}

// The texture columns on prepared states: a skyrmion's radius and centre as prepared, and a wall
// relaxed in an open chain, then driven by a field along +z: the +z domain grows, so the wall's
// centre moves towards the -z side at the precessional velocity of a wall with no hard axis,
// v = alpha gamma delta B / (1 + alpha^2) (Walker's solution for a zero breakdown field).
TEST(Relax, TextureColumnsFollowSkyrmionsAndWalls) {
    const std::string film =
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 12 !nm\ndimensions:system-size-y = 12 !nm\n"
        "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nsim:initial-spin-configuration = skyrmion\n"
        "sim:initial-skyrmion-radius = 2 !nm\nsim:initial-skyrmion-centre = 0.25, 0.75\n"
        "output:skyrmion-radius\noutput:skyrmion-centre\nsim:total-time-steps = 0\n";
    const Relaxed prepared = relax(1, film);
    const int world = parallel::Comm::world().size();
    const Relaxed spread = relax(world, film);
    const double width = 8;  // cells
    const std::string chain_input = wall_chain("600", width) +
                                    "sim:relax-first\nsim:relax-torque-tolerance = 1e-9 !T\n"
                                    "sim:time-step = 1 !fs\nsim:total-time-steps = 0\n"
                                    "output:domain-wall-centre\noutput:domain-wall-width\n";
    std::vector<double> centre, wall_width;
    const std::string error = test::run_on_first_ranks(world, 1, chain_input, [&](Simulation& sim) {
        centre.push_back(sim.observe().domain_wall_centre);
        wall_width.push_back(sim.observe().domain_wall_width);
        for (int p = 0; p < 4; ++p) {  // 4 x 2 ps in 0.2 T
            Phase phase = time_series_phase(sim.config());
            phase.steps = 2000;
            phase.increment = 2000;
            phase.field_strength = 0.2;
            sim.run(phase);
            centre.push_back(sim.last_sample().domain_wall_centre);
            wall_width.push_back(sim.last_sample().domain_wall_width);
        }
    });
    EXPECT_EQ(error, "");
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_NEAR(prepared.sample.skyrmion_radius, 20e-10, 0.2e-10);  // as prepared, on a lattice
    EXPECT_EQ(prepared.sample.skyrmion_count, 1);
    EXPECT_NEAR(prepared.sample.skyrmion_centre[0], 30e-10, 1e-15);
    EXPECT_NEAR(prepared.sample.skyrmion_centre[1], 90e-10, 1e-15);
    EXPECT_EQ(spread.sample.skyrmion_radius, prepared.sample.skyrmion_radius);
    // The wall prepared on the atom at 300 A (of 0, 3, ... 597 A) relaxes there: centred on an
    // atom it is a stationary state, and the chain's ends, 33 widths away, pull with a force
    // below any tolerance. As wide as the lattice's w = a sqrt(J/2k) (the continuum's, to 0.2 %).
    ASSERT_EQ(centre.size(), 5u);
    EXPECT_NEAR(centre[0], 300e-10, 1e-13);
    EXPECT_NEAR(wall_width[0] / (3e-10 * width), 1.0, 3e-3);
    const double gamma = 1.760859e11, alpha = 0.5, b = 0.2;
    const double v = alpha * gamma * wall_width[0] * b / (1 + alpha * alpha);  // m/s
    for (std::size_t p = 1; p < centre.size(); ++p)
        EXPECT_GT(centre[p], centre[p - 1]) << "the wall moves towards the -z domain";
    // After the first 2 ps (the wall starts from rest), the steady velocity.
    const double measured = (centre[4] - centre[2]) / 4e-12;
    EXPECT_NEAR(measured / v, 1.0, 0.03) << measured << " m/s against " << v;
}

// The start-up line of interfacial DMI on a simple cubic lattice: D against D_c = (4/pi)
// sqrt(J k / 2) (lesson 9's film: 0.77).
TEST(Relax, TheSummaryComparesDWithTheCriticalDmi) {
    const std::string film =
        "create:crystal-structure = sc\ndimensions:system-size-z = 3 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 3e-23\n";
    const std::string below =
        critical_dmi(test::config_from_text(film + "material[1]:interfacial-dmi-constant[1] = "
                                                   "1.2e-22\n"));
    EXPECT_NE(below.find("D/D_c = 0.77, D_c = (4/pi) sqrt(J k/2) = 1.559e-22 J"), std::string::npos)
        << below;
    EXPECT_NE(below.find("metastable"), std::string::npos);
    const std::string above = critical_dmi(
        test::config_from_text(film + "material[1]:interfacial-dmi-constant[1] = 3e-22\n"));
    EXPECT_NE(above.find("a spiral is the ground state"), std::string::npos) << above;
    EXPECT_EQ(critical_dmi(test::config_from_text(film)), "");
}

// Two walls in a periodic chain, tanh profiles of width delta at 150 and 450 A of 600:
// domain-wall-width is the first wall's own width, delta, not the sum of both (it reported 2
// delta); a relaxation that loses its texture says so: a skyrmion without DMI collapses, the
// charge goes from -1 to 0, and the radius column then holds NaN with a count of 0 (it held a
// count of 1 and R = 0).
TEST(Relax, TwoWallsGiveOneWallsWidthAndALostSkyrmionIsReported) {
    const double delta = 24e-10;  // m
    {
        Simulation sim(
            parallel::Comm::world(),
            test::config_from_text(wall_chain("600", 8) + "create:periodic-boundaries-x\n"
                                                          "sim:total-time-steps = 0\n"
                                                          "output:domain-wall-width\n"),
            test::quiet_options());
        Spins& s = sim.spins();
        for (std::int64_t i = 0; i < sim.system().n_owned; ++i) {
            const double x = 3e-10 * double(sim.system().gid[std::size_t(i)]);
            const double theta = 2 * std::atan(std::exp((x - 150e-10) / delta)) -
                                 2 * std::atan(std::exp((x - 450e-10) / delta));
            s.x[std::size_t(i)] = std::sin(theta);
            s.y[std::size_t(i)] = 0;
            s.z[std::size_t(i)] = std::cos(theta);
        }
        const Observables o = sim.observe();
        EXPECT_NEAR(o.domain_wall_centre, 150e-10, 1e-13);
        EXPECT_NEAR(o.domain_wall_width / delta, 1.0, 1e-3);
    }

    const std::string film =
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 90 !A\ndimensions:system-size-y = 90 !A\n"
        "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nsim:applied-field-strength = 8 !T\n"
        "sim:initial-spin-configuration = skyrmion\nsim:initial-skyrmion-radius = 9 !A\n"
        "sim:program = relax\nsim:total-time-steps = 20000\n"
        "sim:relax-torque-tolerance = 1e-5 !T\noutput:skyrmion-radius\n";
    Relaxation r;
    Observables end;
    const std::string error =
        test::run_on_first_ranks(1, 1, film, [&](Simulation& sim) { end = sim.last_sample(); });
    EXPECT_EQ(error, "");
    {
        Simulation sim(parallel::Comm::world(), test::config_from_text(film),
                       test::quiet_options());
        sim.start_run();
        r = sim.relax(true);
    }
    if (!parallel::Comm::world().is_root()) return;
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(r.charge_before, -1, 1e-6);
    EXPECT_NEAR(r.charge_after, 0, 1e-6);
    EXPECT_EQ(end.skyrmion_count, 0);
    EXPECT_TRUE(std::isnan(end.skyrmion_radius));
}
