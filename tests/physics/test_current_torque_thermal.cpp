// A domain wall under Zhang-Li current torques (hamiltonian/current_torque.hpp) at 300 K drifts at
// its 0 K velocity. With beta = alpha the map S(r, t) = S'(r - u t, t) turns the stochastic
// Gilbert equation with the current torques into the one without them: the thermal field, white in
// time and from atom to atom, is white in the moving frame too. So at any temperature the wall is
// carried at u and only diffuses about x0 - u t (in the continuum; on the lattice the gradient is a
// central difference, and the same wire at 0 K gives the lattice's own velocity).
//
// The wire: simple cubic, 100 x 4 x 4 cells of 3 A, J = 3e-20 J (T_c about 3000 K: at 300 K this
// thin wire's |m| is 0.95), mu = 2 mu_B, easy axis z with K = J / 32 (delta = a sqrt(J / 2K) =
// 4a), alpha = beta = 1, P = 0.5 and j = 1e14 A/m^2 along x: u = 4213 m/s along -x. The current
// is about a hundred times a device's, so that in 5 ps the drift (21 nm) outruns the diffusion:
// each seed's velocity scatters by about 8 %, the mean of sixteen by about 2 %.
//
// In a hotter wire the drift falls below u: with J = 1e-20 J (|m| 0.66 to 0.84 at 300 K) it is
// 3872 +- 95 m/s over 24 seeds against 4168 m/s at 0 K, and 3997 +- 92 m/s at 100 K; halving the
// time step does not change it. Whether that is the lattice's physics (the central difference
// carries a thermal magnon of wave number k at u sin(ka) / (ka), not u) or an error is open
// (docs/physics.md, "At a temperature: an open question"); this test asserts the cooler case.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "physics/wire_tracks.hpp"

using namespace miniasd;
using namespace test::wires;

namespace {

constexpr double j_x = 1e14, polarisation = 0.5, time_step = 0.1e-15;  // A/m^2, -, s
constexpr int samples = 10;
constexpr std::int64_t steps = 5000;  // per sample: 0.5 ps

std::string thermal_wire(double temperature, int seed) {
    char text[2048];
    std::snprintf(text, sizeof text,
                  "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
                  "dimensions:system-size-x = 30 !nm\ndimensions:system-size-y = 1.2 !nm\n"
                  "dimensions:system-size-z = 1.2 !nm\n"
                  "material[1]:atomic-spin-moment = 2 !muB\n"
                  "material[1]:damping-constant = 1\nmaterial[1]:exchange-matrix[1] = 3e-20\n"
                  "material[1]:second-order-uniaxial-anisotropy-constant = 9.375e-22\n"
                  "material[1]:initial-spin-direction = 0,0,1\n"
                  "material[1]:domain-wall-second-magnetisation-vector = 0,0,-1\n"
                  "material[1]:spin-polarisation = %.17g\n"
                  "material[1]:non-adiabaticity = 1\n"
                  "sim:current-density = %.17g, 0, 0 !A/m2\n"
                  "sim:initial-spin-configuration = domain-wall\nsim:domain-wall-axis = x\n"
                  "sim:domain-wall-position = 0.85\nsim:domain-wall-width = %.17g !m\n"
                  "sim:temperature = %.17g\nsim:integrator-random-seed = %d\n"
                  "sim:time-step = %.17g !s\nsim:total-time-steps = 0\n"
                  "output:domain-wall-centre\n",
                  polarisation, j_x, M_PI * 4 * a, temperature, seed, time_step);
    return text;
}

// The wall's velocity along -x between the first and the last sample (m/s): the drift over the
// run's end points is the least-scattered estimate for a wall that diffuses.
double wall_velocity(double temperature, int seed) {
    const Track k = track_input(thermal_wire(temperature, seed), time_step, samples, steps);
    if (k.x.size() != std::size_t(samples)) return std::nan("");
    return (k.x.front() - k.x.back()) / (double((samples - 1) * steps) * time_step);
}

}  // namespace

TEST(CurrentTorqueThermal, WallDriftsAtItsZeroKelvinVelocityAt300K) {
    const double u = drift(polarisation, j_x, 2 * mu_b);
    const double cold = wall_velocity(0, 1);
    std::vector<double> v;
    for (int seed = 1; seed <= 16; ++seed)
        v.push_back(wall_velocity(300, seed));
    if (!parallel::Comm::world().is_root()) return;
    double mean = 0, var = 0;
    for (const double x : v)
        mean += x / double(v.size());
    for (const double x : v)
        var += (x - mean) * (x - mean) / double(v.size() - 1);
    const double error = std::sqrt(var / double(v.size()));  // the mean's standard error
    std::printf("u = %.1f m/s; 0 K: v = %.1f m/s; 300 K: v = %.1f +- %.1f m/s (%zu seeds:", u, cold,
                mean, error, v.size());
    for (const double x : v)
        std::printf(" %.0f", x);
    std::printf(")\n");
    EXPECT_NEAR(cold / u, 1, 0.02);               // the lattice's gradient, (a / delta)^2 / 6 = 1 %
    EXPECT_LT(error, 0.03 * cold);                // a comparison that means something
    EXPECT_LT(std::abs(mean - cold), 3 * error);  // the same drift, within three standard errors
}
