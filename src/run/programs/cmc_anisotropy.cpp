// sim:program = cmc-anisotropy (programs.hpp): VAMPIRE's program (program/cmc_anisotropy.cpp).
// The azimuths theta in the outer loop, the polar angles phi inside it, and at each direction
// the temperatures of the Curie sweep's range; a row of the statistics per temperature, whose
// constraint-phi and constraint-theta columns say where it was.
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

void CmcAnisotropyProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const ConstraintSection& k = c.constraint;
    const std::vector<double> thetas =
        constraint_angles(k.theta_minimum, k.theta_maximum, k.theta_increment);
    const std::vector<double> phis =
        constraint_angles(k.phi_minimum, k.phi_maximum, k.phi_increment);
    const std::vector<double> temperatures = sweep_points(
        c.sweep.minimum_temperature, c.sweep.maximum_temperature, c.sweep.temperature_increment);
    sim.plan_rows(static_cast<std::int64_t>(thetas.size() * phis.size() * temperatures.size()));
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen,
                     "Constrained Monte Carlo: %zu x %zu constraint directions, %zu "
                     "temperatures from %g K to %g K each\n",
                     thetas.size(), phis.size(), temperatures.size(), temperatures.front(),
                     temperatures.back());
    RunState& state = sim.state();
    std::int64_t point = 0;
    bool first = true;
    double last_theta = 0, last_phi = 0;
    for (const double theta : thetas)
        for (const double phi : phis) {
            state.constraint_theta = theta;
            state.constraint_phi = phi;
            if (start_direction(sim, temperatures.front())) {
                if (k.rotate && !first)
                    sim.turn_spins(direction_from_angles(last_theta, last_phi), state.constraint());
                else
                    sim.set_spins(state.constraint());
            }
            first = false;
            last_theta = theta;
            last_phi = phi;
            sweep_temperatures(sim, temperatures, point, [&](double t) {
                if (screen)
                    std::fprintf(screen, "  theta = %-6g phi = %-6g T = %-8g K done\n", theta, phi,
                                 t);
            });
        }
}

}  // namespace miniasd
