// One spin in a field B along z (no exchange, no anisotropy, T = 0) against the analytic solution
// of the LLG equation:
//   phi(t) = gamma B t / (1 + alpha^2)
//   tan(theta/2) = tan(theta0/2) exp(-alpha gamma B t / (1 + alpha^2))
// and Heun's second-order convergence: halving dt divides the error by about 4.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double b_field = 10.0;  // T
constexpr double alpha = 0.1;
constexpr double theta0 = M_PI / 3;
constexpr double t_end = 2e-12;  // s: about half a precession period

// Distance between the simulated and the analytic spin at t_end.
double error_at(double dt) {
    const auto steps = static_cast<long long>(std::llround(t_end / dt));
    char text[1024];
    std::snprintf(text, sizeof text,
                  "dimensions:unit-cell-size = 3 !A\n"
                  "dimensions:system-size = 3 !A\n"
                  "material[1]:atomic-spin-moment = 2 !muB\n"
                  "material[1]:damping-constant = %.17g\n"
                  "material[1]:initial-spin-direction = %.17g, 0, %.17g\n"
                  "sim:applied-field-strength = %.17g !T\n"
                  "sim:time-step = %.17g !s\n"
                  "sim:total-time-steps = %lld\n"
                  "sim:time-steps-increment = %lld\n",
                  alpha, std::sin(theta0), std::cos(theta0), b_field, dt, steps, steps);
    Simulation sim(parallel::Comm::world(), test::config_from_text(text), test::quiet_options());
    EXPECT_EQ(sim.system().n_owned, 1);
    run_program(sim);

    const double g = constants::gyromagnetic_ratio / (1 + alpha * alpha);
    const double phi = g * b_field * t_end;
    const double theta =
        2 * std::atan(std::tan(theta0 / 2) * std::exp(-alpha * g * b_field * t_end));
    const double ex = std::sin(theta) * std::cos(phi), ey = std::sin(theta) * std::sin(phi),
                 ez = std::cos(theta);
    const Spins& s = sim.spins();
    return std::sqrt((s.x[0] - ex) * (s.x[0] - ex) + (s.y[0] - ey) * (s.y[0] - ey) +
                     (s.z[0] - ez) * (s.z[0] - ez));
}

}  // namespace

TEST(Precession, DampedPrecessionMatchesTheAnalyticSolution) {
    const double e = error_at(1e-15);
    // Heun's local error is ~(omega dt)^3 per step: ~1e-5 over 2000 steps at omega dt = 1.6e-3.
    EXPECT_LT(e, 5e-5);
}

TEST(Precession, HeunConvergesAtSecondOrder) {
    const double e4 = error_at(4e-15), e2 = error_at(2e-15), e1 = error_at(1e-15);
    const double r1 = e4 / e2, r2 = e2 / e1;
    EXPECT_GT(r1, 3.5) << e4 << " " << e2;
    EXPECT_LT(r1, 4.5);
    EXPECT_GT(r2, 3.5) << e2 << " " << e1;
    EXPECT_LT(r2, 4.5);
}
