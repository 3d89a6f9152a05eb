// sim:program = hybrid-cmc and reverse-hybrid-cmc (programs.hpp): VAMPIRE's programs
// (program/hybrid_cmc.cpp) for hybrid constrained Monte Carlo. Material by material (all of
// them, in order, as VAMPIRE: a free material's "sweep" is its one held angle), the material's
// constraint angles are swept from their -minimum to their -maximum, azimuth theta outside and
// polar angle phi inside (reverse: phi outside); the materials not being swept hold theirs (their
// material[i]:constraint-angle-theta and -phi until their own sweep, its last angles after it).
// At each direction the constrained materials' spins start along their directions (or, with
// sim:constraint-rotation-update, the swept material's are turned from its last direction), and
// for each temperature of the Curie sweep's range the run equilibrates and samples
// loop-time-steps: one row of the statistics per temperature.
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

namespace {

struct Direction {
    double theta, phi;
};

// The material's sweep in VAMPIRE's order.
std::vector<Direction> directions(const MaterialConfig& m, bool reverse) {
    const std::vector<double> thetas = constraint_angles(
        m.constraint_theta_minimum, m.constraint_theta_maximum, m.constraint_theta_increment);
    const std::vector<double> phis = constraint_angles(
        m.constraint_phi_minimum, m.constraint_phi_maximum, m.constraint_phi_increment);
    std::vector<Direction> out;
    for (const double a : reverse ? phis : thetas)
        for (const double b : reverse ? thetas : phis)
            out.push_back(reverse ? Direction{b, a} : Direction{a, b});
    return out;
}

}  // namespace

void HybridCmcProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const std::size_t materials = c.materials.size();
    RunState& state = sim.state();
    state.material_constraint_theta.assign(materials, 0);
    state.material_constraint_phi.assign(materials, 0);
    for (std::size_t m = 0; m < materials; ++m) {
        state.material_constraint_theta[m] = c.materials[m].constraint_theta;
        state.material_constraint_phi[m] = c.materials[m].constraint_phi;
    }
    const std::vector<double> temperatures = sweep_points(
        c.sweep.minimum_temperature, c.sweep.maximum_temperature, c.sweep.temperature_increment);
    std::size_t points = 0;
    for (const MaterialConfig& m : c.materials)
        points += directions(m, reverse_).size() * temperatures.size();
    sim.plan_rows(static_cast<std::int64_t>(points));
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen,
                     "Hybrid constrained Monte Carlo: %zu points over %zu materials, %zu "
                     "temperatures from %g K to %g K at each direction\n",
                     points, materials, temperatures.size(), temperatures.front(),
                     temperatures.back());
    std::int64_t point = 0;
    for (std::size_t mat = 0; mat < materials; ++mat) {
        bool first = true;
        Direction last{};
        for (const Direction& d : directions(c.materials[mat], reverse_)) {
            state.material_constraint_theta[mat] = d.theta;
            state.material_constraint_phi[mat] = d.phi;
            if (start_direction(sim, temperatures.front())) {
                if (c.constraint.rotate && !first)
                    sim.turn_spins(direction_from_angles(last.theta, last.phi),
                                   state.material_constraint(mat), int(mat));
                else
                    for (std::size_t k = 0; k < materials; ++k)
                        if (c.materials[k].constrained)
                            sim.set_spins(state.material_constraint(k), int(k));
            }
            first = false;
            last = d;
            sweep_temperatures(sim, temperatures, point, [&](double t) {
                if (screen)
                    std::fprintf(screen,
                                 "  material %zu: theta = %-6g phi = %-6g T = %-8g K done\n",
                                 mat + 1, d.theta, d.phi, t);
            });
        }
    }
}

}  // namespace miniasd
