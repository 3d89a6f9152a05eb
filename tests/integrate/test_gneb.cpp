// The geodesic nudged elastic band (sim:program = gneb; integrate/gneb.hpp) against exact
// barriers: a Stoner-Wohlfarth macrospin (easy axis z, field h = mu B / 2K against the start)
// crosses K (1 - h)^2 at cos(theta) = h; the chain is the same bits on 1 and P ranks and 1 and 2
// threads; the sphere's geometry (angles, the slerp of antiparallel spins, the Hermite path);
// and the chain's refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "support/decomposition.hpp"
#include "util/error.hpp"
#include "util/geodesic.hpp"

using namespace miniasd;

namespace {

constexpr double pi = 3.141592653589793;
constexpr double mu_b = 9.2740100783e-24;  // J/T

std::string number(double x) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", x);
    return text;
}

// One spin of 2 mu_B, anisotropy k (J) along z, a field b (T) along -z, from +z to -z.
std::string macrospin(double k, double b) {
    return "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:uniaxial-anisotropy-constant = " +
           number(k) +
           "\nmaterial[1]:initial-spin-direction = 0,0,1\n"
           "sim:applied-field-strength = " +
           number(b) +
           " !T\nsim:applied-field-unit-vector = 0,0,-1\n"
           "sim:program = gneb\nsim:total-time-steps = 20000\ngneb:images = 9\n"
           "gneb:final-spin-direction = 0,0,-1\ngneb:torque-tolerance = 1e-11 !T\n";
}

// Lesson 9's monolayer, 16 x 16 atoms, a skyrmion collapsing to the uniform state: a chain of
// 6 images, 150 iterations (not converged: the velocity projection's dynamics are compared too).
std::string collapse() {
    return "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size-x = 48 !A\ndimensions:system-size-y = 48 !A\n"
           "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21 !J\n"
           "material[1]:interfacial-dmi-constant[1] = 1.8e-22 !J\n"
           "material[1]:second-order-uniaxial-anisotropy-constant = 3e-23 !J\n"
           "material[1]:initial-spin-direction = 0,0,1\n"
           "sim:initial-spin-configuration = skyrmion\nsim:initial-skyrmion-radius = 0.9 !nm\n"
           "sim:program = gneb\nsim:total-time-steps = 150\ngneb:images = 6\n"
           "gneb:final-spin-direction = 0,0,1\ngneb:torque-tolerance = 1e-4 !T\n";
}

struct Chain {
    EnergyPath path;
    std::vector<double> spins;  // the highest image's, in global-id order
};

Chain run_chain(int ranks, int threads, const std::string& input) {
    Chain c;
    const std::string error = test::run_on_first_ranks(ranks, threads, input, [&](Simulation& sim) {
        c.path = sim.energy_path();
        c.spins = test::gather_spins(sim);
    });
    EXPECT_EQ(error, "") << ranks << " ranks";
    return c;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string refusal(const std::string& input) {
    return test::input_refusal(input);
}

}  // namespace

// E(theta) = -K cos^2(theta) + mu B cos(theta): minima at 0 and pi, the saddle at cos = h, the
// barrier from theta = 0 is K (1 - h)^2 and from theta = pi K (1 + h)^2.
TEST(Gneb, AStonerWohlfarthMacrospinCrossesAtKOneMinusHSquared) {
    const double k = 1e-23;
    for (double h : {0.0, 0.25, 0.6}) {
        const double b = h * 2 * k / (2 * mu_b);
        const Chain c = run_chain(1, 1, macrospin(k, b));
        if (!parallel::Comm::world().is_root()) continue;
        const EnergyPath& p = c.path;
        ASSERT_EQ(p.energy.size(), 9u);
        EXPECT_TRUE(p.converged) << "h = " << h << ", force " << p.force;
        const std::size_t top = p.highest();
        EXPECT_EQ(p.type[top], "climbing");
        EXPECT_NEAR(p.barrier_forward() / (k * (1 - h) * (1 - h)), 1.0, 1e-6) << "h = " << h;
        EXPECT_NEAR(p.barrier_backward() / (k * (1 + h) * (1 + h)), 1.0, 1e-6) << "h = " << h;
        EXPECT_NEAR(p.magnetisation[top][2], h, 1e-6) << "h = " << h;
        EXPECT_NEAR(c.spins[2], h, 1e-6) << "the spins end as the climbing image's";
        // The whole half turn, and dE/ds = 0 at the saddle.
        EXPECT_NEAR(p.reaction_coordinate.back(), pi, 1e-9);
        EXPECT_NEAR(p.slope[top] / k, 0.0, 1e-6);
    }
}

// A macrospin with cubic anisotropy k_c (easy <100>) and a field b along -z, from +z to -z: the
// path through +x, E(theta) = -(k_c/2)(sin^4 + cos^4) + mu b cos(theta), has a minimum near 90
// degrees between two saddles. With falling images, one image falls into that minimum; the
// climbing image sits on the higher saddle (near 45 degrees). Both angles from dE/dtheta = 0 by
// bisection, within 1e-6.
TEST(Gneb, AFallingImageFindsTheMinimumOnThePath) {
    const double kc = 1e-23, mu = 2 * mu_b, b = 0.1;
    const auto slope = [&](double t) {  // dE/dtheta
        const double s = std::sin(t), c = std::cos(t);
        return -2 * kc * s * c * (s * s - c * c) - mu * b * s;
    };
    const auto root = [&](double lo, double hi) {
        for (int k = 0; k < 200; ++k) {
            const double mid = 0.5 * (lo + hi);
            ((slope(lo) > 0) == (slope(mid) > 0) ? lo : hi) = mid;
        }
        return 0.5 * (lo + hi);
    };
    const double saddle = root(0.2, 1.3), minimum = root(1.4, 2.0);
    const Chain c = run_chain(
        1, 1,
        "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:cubic-anisotropy-constant = " +
            number(kc) +
            "\nmaterial[1]:initial-spin-direction = 0,0,1\nsim:applied-field-strength = " +
            number(b) +
            " !T\nsim:applied-field-unit-vector = 0,0,-1\nsim:program = gneb\n"
            "sim:total-time-steps = 50000\ngneb:images = 10\ngneb:falling-images = true\n"
            "gneb:final-spin-direction = 0,0,-1\ngneb:torque-tolerance = 1e-11 !T\n");
    if (!parallel::Comm::world().is_root()) return;
    const EnergyPath& p = c.path;
    EXPECT_TRUE(p.converged) << p.force;
    int falling = 0;
    for (std::size_t k = 0; k < p.type.size(); ++k) {
        const double theta = std::acos(p.magnetisation[k][2]);
        if (p.type[k] == "falling") {
            ++falling;
            EXPECT_NEAR(theta, minimum, 1e-6) << "image " << k;
        }
        if (p.type[k] == "climbing") {
            EXPECT_NEAR(theta, saddle, 1e-6) << "image " << k;
        }
    }
    EXPECT_EQ(falling, 1);
    EXPECT_EQ(p.type[p.highest()], "climbing");
}

// Each rank holds its atoms of every image; every sum is exact: the same energies, distances,
// slopes and spins on 1 and P ranks, 1 and 2 threads, after relaxing the end points and 150
// iterations of the velocity projection.
TEST(Gneb, TheChainIsTheSameBitsOnAnyDecomposition) {
    const int p = parallel::Comm::world().size();
    const Chain one = run_chain(1, 1, collapse());
    for (const auto& [ranks, threads] : {std::pair{1, 2}, std::pair{p, 1}, std::pair{p, 2}}) {
        const Chain other = run_chain(ranks, threads, collapse());
        if (!parallel::Comm::world().is_root()) continue;
        const std::string what = std::to_string(ranks) + " x " + std::to_string(threads);
        EXPECT_TRUE(same_bits(one.path.energy, other.path.energy)) << what;
        EXPECT_TRUE(same_bits(one.path.reaction_coordinate, other.path.reaction_coordinate))
            << what;
        EXPECT_TRUE(same_bits(one.path.slope, other.path.slope)) << what;
        EXPECT_TRUE(same_bits(one.spins, other.spins)) << what;
        EXPECT_EQ(one.path.force, other.path.force) << what;
    }
    if (!parallel::Comm::world().is_root()) return;
    // A skyrmion's collapse: uphill from the skyrmion, far downhill to the uniform state.
    EXPECT_GT(one.path.barrier_forward(), 0);
    EXPECT_GT(one.path.barrier_backward(), one.path.barrier_forward());
    EXPECT_FALSE(one.path.converged);
    EXPECT_EQ(one.path.iterations, 150);
}

TEST(Gneb, AnglesAndTheGeodesicPath) {
    using namespace geodesic;
    // atan2 keeps the digits acos loses near 0 and pi.
    const double tiny = 1e-9;
    EXPECT_NEAR(angle({0, 0, 1}, {std::sin(tiny), 0, std::cos(tiny)}), tiny, 1e-22);
    EXPECT_NEAR(angle({0, 0, 1}, {std::sin(tiny), 0, -std::cos(tiny)}), pi - tiny, 1e-15);
    // Our atan2 (angle_of) against the library's over y >= 0, every x: within a few ulps, and
    // near the ends of each reduction interval (t = (2k + 1)/16) and the quadrants' edges.
    std::mt19937_64 g(3);
    std::uniform_real_distribution<double> unit(0, 1);
    int worst = 0;
    for (int n = 0; n < 2000000; ++n) {
        const double r = unit(g), phi = pi * unit(g), scale = std::pow(2.0, 40 * unit(g) - 20);
        const double y = n % 4 == 0 ? r * 1e-12 : scale * std::sin(phi),
                     x = n % 4 == 0 ? (n % 8 ? 1.0 : -1.0) : scale * std::cos(phi);
        const double mine = angle_of(y, x), theirs = std::atan2(y, x);
        std::int64_t a, b;
        std::memcpy(&a, &mine, sizeof a);
        std::memcpy(&b, &theirs, sizeof b);
        worst = std::max(worst, int(std::abs(a - b)));
        ASSERT_LE(std::abs(a - b), 4) << "atan2(" << y << ", " << x << ")";
    }
    for (int k = 0; k <= 16; ++k)
        for (const double x : {1.0, -1.0}) {
            const double t = k / 16.0, e = std::nextafter(t, 2.0);
            EXPECT_NEAR(angle_of(t, x), std::atan2(t, x), 1e-15) << t;
            EXPECT_NEAR(angle_of(e, x), std::atan2(e, x), 1e-15) << e;
            EXPECT_NEAR(angle_of(1, t * x), std::atan2(1, t * x), 1e-15) << t;
        }
    EXPECT_EQ(angle_of(0, 0), 0);
    EXPECT_EQ(angle_of(0, 2), 0);
    EXPECT_NEAR(angle_of(0, -2), pi, 0);
    EXPECT_NEAR(angle_of(3, 0), pi / 2, 0);
    RecordProperty("atan2_worst_ulps", worst);
    // Antiparallel spins turn toward the axis least aligned with them, x first on a tie.
    const Vec3 half = slerp({0, 0, 1}, {0, 0, -1}, 0.5);
    EXPECT_NEAR(half[0], 1, 1e-15);
    EXPECT_NEAR(half[2], 0, 1e-15);
    const Vec3 tilted = slerp({0.6, 0, 0.8}, {-0.6, 0, -0.8}, 0.5);
    EXPECT_NEAR(tilted[1], 1, 1e-15);  // y is the least aligned with (0.6, 0, 0.8)
    // The end points are reached, and equal spins stay.
    const Vec3 end = slerp({1, 0, 0}, {0, 1, 0}, 1.0);
    EXPECT_NEAR(end[1], 1, 1e-15);
    const Vec3 same = slerp({0, 1, 0}, {0, 1, 0}, 0.3);
    EXPECT_EQ(same[1], 1);
    // The Hermite path through E = s^3 - s with its slopes is the cubic itself.
    const std::vector<double> s = {0, 0.5, 1.5}, e = {0, -0.375, 1.875}, d = {-1, -0.25, 5.75};
    for (const auto& [x, y] : hermite_path(s, e, d, 7))
        EXPECT_NEAR(y, x * x * x - x, 1e-12) << x;
}

TEST(Gneb, ChainsThatCannotRunAreRefused) {
    const std::string base = macrospin(1e-23, 0.1);
    auto without = [&](const std::string& line) {
        std::string text = base;
        text.erase(text.find(line), line.size() + 1);
        return text;
    };
    EXPECT_NE(refusal(base + "gneb:images = 2\n").find("gneb:images"), std::string::npos);
    EXPECT_NE(refusal(without("gneb:final-spin-direction = 0,0,-1")).find("final state"),
              std::string::npos);
    EXPECT_NE(refusal(base + "gneb:final-spin-file = end.ovf\n").find("not both"),
              std::string::npos);
    EXPECT_NE(refusal(base + "sim:temperature = 300\n").find("must be 0 K"), std::string::npos);
    EXPECT_NE(refusal(base + "sim:integrator = monte-carlo\n").find("no effect"),
              std::string::npos);
    EXPECT_NE(refusal(base + "sim:save-checkpoint = continuous\n").find("not available"),
              std::string::npos);
    EXPECT_NE(refusal(without("sim:total-time-steps = 20000")).find("sim:total-time-steps"),
              std::string::npos);
    EXPECT_NE(refusal("create:single-spin\ngneb:images = 5\n").find("only with sim:program = gneb"),
              std::string::npos);
}
