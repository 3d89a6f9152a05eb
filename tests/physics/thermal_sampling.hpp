// Shared by the thermal-equilibrium tests: many independent spins (no exchange) sampled at
// intervals longer than their relaxation time, so each spin contributes many nearly independent
// samples of the Boltzmann distribution. Works on any number of ranks.
#pragma once

#include <cmath>
#include <functional>
#include <string>

#include "support/test_support.hpp"

namespace miniasd::test {

// Calls `sample(s_z)` for every owned spin after each of `samples` intervals of `interval` steps,
// following `equilibration` steps. `body` holds the material and field keywords.
inline void sample_thermal_spins(const std::string& body, int equilibration, int interval,
                                 int samples, const std::function<void(double)>& sample) {
    const std::string common =
        "create:crystal-structure = sc\n"
        "dimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 48 !A\ndimensions:system-size-y = 24 !A\n"
        "dimensions:system-size-z = 24 !A\n"  // 16 x 8 x 8 = 1024 spins
        "material[1]:initial-spin-direction = random\n"
        "sim:time-step = 1 !fs\n"
        "sim:integrator-random-seed = 4242\n";
    Simulation sim(parallel::Comm::world(), config_from_text(common + body), quiet_options());
    Phase phase;
    phase.temperature = phase.equilibration_temperature = sim.config().sim.temperature;
    phase.steps = equilibration;
    phase.increment = equilibration;
    sim.run(phase);
    // run() continues the step count, so each interval draws fresh noise.
    phase.steps = phase.increment = interval;
    for (int k = 0; k < samples; ++k) {
        sim.run(phase);
        for (std::int64_t i = 0; i < sim.system().n_owned; ++i)
            sample(sim.spins().z[i]);
    }
}

// Simpson's rule on [a, b] with n (even) intervals.
inline double integrate(const std::function<double(double)>& f, double a, double b, int n = 20000) {
    const double h = (b - a) / n;
    double sum = f(a) + f(b);
    for (int i = 1; i < n; ++i)
        sum += f(a + i * h) * (i % 2 ? 4 : 2);
    return sum * h / 3;
}

}  // namespace miniasd::test
