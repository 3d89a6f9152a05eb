// A paramagnet (independent classical spins) in a field B at temperature T: the mean moment along
// the field is the Langevin function <s_z> = coth(x) - 1/x, x = mu_s B / k_B T.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/thermal_sampling.hpp"
#include "util/units.hpp"

using namespace miniasd;

TEST(Langevin, ParamagnetFollowsTheLangevinFunction) {
    const double temperature = 10.0;  // K
    const double moment = 2.22 * constants::bohr_magneton;
    const double x = 2.0;
    const double field = x * constants::boltzmann * temperature / moment;  // T
    char body[512];
    std::snprintf(body, sizeof body,
                  "material[1]:atomic-spin-moment = 2.22 !muB\n"
                  "material[1]:damping-constant = 1\n"
                  "sim:applied-field-strength = %.17g\n"
                  "sim:temperature = %.17g\n",
                  field, temperature);
    double sum = 0, sum2 = 0, count = 0;
    // Relaxation time (1 + alpha^2) / (alpha gamma B) is about 0.85 ps; sample every 1000 steps.
    test::sample_thermal_spins(body, 3000, 1000, 30, [&](double sz) {
        sum += sz;
        sum2 += sz * sz;
        count += 1;
    });
    const parallel::Comm world = parallel::Comm::world();
    sum = world.sum(sum);
    sum2 = world.sum(sum2);
    count = world.sum(count);
    const double mean = sum / count;
    const double se = std::sqrt((sum2 / count - mean * mean) / (count / 1.5));
    const double langevin = 1.0 / std::tanh(x) - 1.0 / x;  // 0.5373
    EXPECT_NEAR(mean, langevin, 5 * se) << "standard error " << se;
    // A thermal field off by a factor 2 in variance would give L(1) = 0.313 or L(4) = 0.75.
    EXPECT_GT(std::abs(langevin - (1.0 / std::tanh(1.0) - 1.0)), 20 * se);
}
