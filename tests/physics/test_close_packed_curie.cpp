// Curie temperatures of the two close-packed lattices, fcc and hcp, with nearest-neighbour
// exchange J (12 neighbours each), found by Monte Carlo from the crossing of the Binder cumulants
// of two system sizes, against the published classical Heisenberg value k_B T_c / J = 3.18
// (high-temperature series; the two close-packed lattices share their series to high order, as
// their Ising critical couplings agree to four digits). The issue asks for 2 %. The start-up
// summary's mean-field value, z J / 3 k_B = 4 J / k_B, is checked on the same systems: the
// fluctuations the mean field leaves out lower T_c by a fifth.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "system/exchange_summary.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double exchange = 1e-21;                                 // J per link
constexpr double published = 3.18;                                 // k_B T_c / J
const double curie = published * exchange / constants::boltzmann;  // 230.3 K

// A periodic box of nx x ny x nz cells of `crystal` (unit-cell-size 3 A), swept by Monte Carlo
// at 223, 230 and 237 K (0.97, 1.00 and 1.03 T_c).
std::string box(const std::string& crystal, int nx, int ny, int nz) {
    char text[1400];
    const double a = 3.0;  // A: a_x of the cell; its y and z sides follow the crystal
    const double ky = crystal == "hcp" ? 0.5773502691896258 : 1.0;
    const double kz = crystal == "hcp" ? 0.9428090415820634 : 1.0;
    std::snprintf(text, sizeof text,
                  "create:crystal-structure = %s\n"
                  "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
                  "create:periodic-boundaries-z\n"
                  "dimensions:unit-cell-size = %.17g !A\n"
                  "dimensions:system-size-x = %.17g !A\n"
                  "dimensions:system-size-y = %.17g !A\n"
                  "dimensions:system-size-z = %.17g !A\n"
                  "material[1]:atomic-spin-moment = 2 !muB\n"
                  "material[1]:exchange-matrix[1] = %.17g\n"
                  "material[1]:initial-spin-direction = 0,0,1\n"
                  "sim:program = curie-temperature\n"
                  "sim:integrator = monte-carlo\n"
                  "sim:integrator-random-seed = 17\n"
                  "sim:minimum-temperature = 223\nsim:maximum-temperature = 237\n"
                  "sim:temperature-increment = 7\n"
                  "sim:equilibration-time-steps = 2000\nsim:loop-time-steps = 16000\n"
                  "sim:time-steps-increment = 2\n",
                  crystal.c_str(), a, a * nx, a * ky * ny, a * kz * nz, exchange);
    return text;
}

struct Sweep {
    std::vector<std::vector<double>> points;  // T, <|m|>, err, chi, err, C, err, U4, err, ...
    double mean_field = 0;                    // K, from the start-up summary
    std::int64_t atoms = 0;
};

Sweep sweep(const std::string& input) {
    Simulation sim(parallel::Comm::world(), test::config_from_text(input), test::quiet_options());
    Sweep s;
    s.mean_field = summarise_exchange(sim.config(), sim.lattice()).curie_temperature;
    s.atoms = sim.counted_atoms();
    CurieTemperatureProgram program;
    ProgramHost host(sim);
    program.run(host);
    s.points = program.points();
    return s;
}

void expect_binder_crossing_at_published_tc(const std::string& crystal, const Sweep& small,
                                            const Sweep& large) {
    ASSERT_EQ(small.points.size(), 3u);
    ASSERT_EQ(large.points.size(), 3u);
    std::vector<double> t, diff;
    for (std::size_t k = 0; k < 3; ++k) {
        t.push_back(small.points[k][0]);
        diff.push_back(large.points[k][7] - small.points[k][7]);
    }
    // Below T_c the larger box is more ordered (U4 nearer 2/3), above it less.
    ASSERT_GT(diff.front(), 0.0) << crystal;
    ASSERT_LT(diff.back(), 0.0) << crystal;
    const double crossing = zero_crossing(t, diff);
    EXPECT_NEAR(crossing / curie, 1.0, 0.02) << crystal << ": crossing at " << crossing << " K";
    // The mean field's T_c of the start-up summary: k_B T_c = z J / 3 with z = 12.
    EXPECT_NEAR(small.mean_field, 12 * exchange / (3 * constants::boltzmann), 1e-9);
    if (parallel::Comm::world().is_root())
        std::printf(
            "%s: Binder crossing of %lld and %lld atoms at %.2f K (k_B T / J = %.4f; "
            "published %.2f; mean field %.1f K)\n",
            crystal.c_str(), static_cast<long long>(small.atoms),
            static_cast<long long>(large.atoms), crossing,
            crossing * constants::boltzmann / exchange, published, small.mean_field);
}

}  // namespace

TEST(ClosePackedCurie, FccBinderCumulantsCrossAtThePublishedTc) {
    const Sweep small = sweep(box("fcc", 6, 6, 6));  // 864 atoms
    const Sweep large = sweep(box("fcc", 9, 9, 9));  // 2916 atoms
    EXPECT_EQ(small.atoms, 864);
    expect_binder_crossing_at_published_tc("fcc", small, large);
}

TEST(ClosePackedCurie, HcpBinderCumulantsCrossAtThePublishedTc) {
    // Orthohexagonal cells (4 atoms, sides a_x, a_x / sqrt 3, a_x 2 sqrt 2 / 3): boxes of about
    // equal sides, the larger 1.5 times the smaller in every direction.
    const Sweep small = sweep(box("hcp", 4, 6, 4));  // 384 atoms
    const Sweep large = sweep(box("hcp", 6, 9, 6));  // 1296 atoms
    EXPECT_EQ(small.atoms, 384);
    expect_binder_crossing_at_published_tc("hcp", small, large);
}
