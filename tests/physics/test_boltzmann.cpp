// Independent spins with uniaxial anisotropy at temperature T sample the Boltzmann distribution
//   P(theta) ∝ sin(theta) exp(-k_u sin^2(theta) / k_B T),
// i.e. u = cos(theta) has density ∝ exp(kappa u^2), kappa = k_u / k_B T. Checked through <u^2>
// and a chi-square test of the histogram of |u|.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "physics/thermal_sampling.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

// `integrator` holds the sim:integrator line; samples every `interval` steps after `equilibration`.
void check_uniaxial_boltzmann(const std::string& integrator, int equilibration, int interval,
                              int samples) {
    const double temperature = 10.0;  // K
    const double kappa = 2.0;
    const double ku = kappa * constants::boltzmann * temperature;  // J
    char body[768];
    std::snprintf(body, sizeof body,
                  "material[1]:atomic-spin-moment = 2.22 !muB\n"
                  "material[1]:damping-constant = 1\n"
                  "material[1]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "sim:temperature = %.17g\n%s",
                  ku, temperature, integrator.c_str());
    constexpr int bins = 10;
    std::vector<double> hist(bins, 0.0);
    double sum_u2 = 0, sum_u4 = 0, count = 0;
    test::sample_thermal_spins(body, equilibration, interval, samples, [&](double u) {
        hist[std::min(bins - 1, int(std::abs(u) * bins))] += 1;
        sum_u2 += u * u;
        sum_u4 += u * u * u * u;
        count += 1;
    });
    const parallel::Comm world = parallel::Comm::world();
    world.sum_in_place(hist);
    sum_u2 = world.sum(sum_u2);
    sum_u4 = world.sum(sum_u4);
    count = world.sum(count);

    auto weight = [&](double u) { return std::exp(kappa * u * u); };
    const double z = test::integrate(weight, 0, 1);
    const double expected_u2 =
        test::integrate([&](double u) { return u * u * weight(u); }, 0, 1) / z;
    const double mean_u2 = sum_u2 / count;
    // Consecutive samples of one spin are correlated (LLG: about e^{-500/400}); allow for that
    // by halving the effective sample count.
    const double n_eff = count / 2;
    const double se = std::sqrt((sum_u4 / count - mean_u2 * mean_u2) / n_eff);
    EXPECT_NEAR(mean_u2, expected_u2, 5 * se) << "standard error " << se;
    // The uniform distribution (kappa = 0) would give 1/3: far outside the tolerance.
    EXPECT_GT(std::abs(expected_u2 - 1.0 / 3.0), 20 * se);

    double chi2 = 0;
    for (int k = 0; k < bins; ++k) {
        const double p = test::integrate(weight, double(k) / bins, double(k + 1) / bins, 200) / z;
        const double expected = p * n_eff;
        const double observed = hist[k] / 2;
        chi2 += (observed - expected) * (observed - expected) / expected;
    }
    // 9 degrees of freedom: P(chi2 > 33) is about 1e-4.
    EXPECT_LT(chi2, 33.0);
}

}  // namespace

TEST(Boltzmann, UniaxialSpinSamplesTheBoltzmannDistribution) {
    // Relaxation in the anisotropy field takes about 0.4 ps = 400 steps; sample every 500.
    check_uniaxial_boltzmann("", 3000, 500, 40);
}

// Metropolis with the adaptive Gaussian move samples the same distribution; a spin decorrelates
// in a few sweeps, so samples every 10 sweeps.
TEST(Boltzmann, MonteCarloSamplesTheBoltzmannDistribution) {
    check_uniaxial_boltzmann("sim:integrator = monte-carlo\n", 200, 10, 100);
}

TEST(Boltzmann, MonteCarloWithUniformMovesSamplesTheBoltzmannDistribution) {
    check_uniaxial_boltzmann("sim:integrator = monte-carlo\nmontecarlo:algorithm = uniform\n", 200,
                             10, 100);
}
