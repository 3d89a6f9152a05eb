// sim:program = lagrange-multiplier (programs.hpp): VAMPIRE's LaGrange-Multiplier program
// (program/lagrange.cpp, simulate/fields.cpp calculate_lagrange_fields). The constraint
// direction nu (sim:constraint-angle-theta outside, -phi inside, VAMPIRE's loops) is imposed on
// the magnetisation m = sum mu S / sum mu by a field on every atom,
//   B_L = N (lambda / |m| - nu),  N = 10 (VAMPIRE's),
// whose lambda is integrated before every step (VAMPIRE: after every step, the same sequence)
// from the magnetisation's distance to nu:
//   lambda += -N (m / |m| - nu) gamma dt,
// an integral controller that settles where lambda / |m| - nu holds the magnetisation on nu
// against the other fields. VAMPIRE's field has a third part, -N (lambda . S) S / |m|^3, along
// each spin: it exerts no torque, so the LLG motion is the same without it. lambda lives in the
// program state (checkpointed, with the field it gave) and carries from one direction to the next,
// as in VAMPIRE.
#include <cmath>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {
constexpr double lagrange_n = 10.0;  // VAMPIRE's sim::lagrange_N
}

Vec3 lagrange_lambda(const Vec3& lambda, const Vec3& m, const Vec3& nu, double dt) {
    const double length = std::sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
    const double step = constants::gyromagnetic_ratio * dt;  // VAMPIRE's reduced time step
    Vec3 out;
    for (std::size_t a = 0; a < 3; ++a)
        out[a] = lambda[a] - lagrange_n * (m[a] / length - nu[a]) * step;
    return out;
}

Vec3 lagrange_field(const Vec3& lambda, const Vec3& m, const Vec3& nu) {
    const double length = std::sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
    return {lagrange_n * (lambda[0] / length - nu[0]), lagrange_n * (lambda[1] / length - nu[1]),
            lagrange_n * (lambda[2] / length - nu[2])};
}

void LagrangeMultiplierProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const ConstraintSection& k = c.constraint;
    const std::vector<double> thetas =
        constraint_angles(k.theta_minimum, k.theta_maximum, k.theta_increment);
    const std::vector<double> phis =
        constraint_angles(k.phi_minimum, k.phi_maximum, k.phi_increment);
    sim.plan_rows(static_cast<std::int64_t>(thetas.size() * phis.size()));
    RunState& state = sim.state();
    // The program state: lambda (T) and the field B_L it gave (T), so that a continued run's
    // first sample sees the field the uninterrupted run's did.
    if (state.program_state.size() != 6) state.program_state.assign(6, 0.0);
    state.lagrange_field = {state.program_state[3], state.program_state[4], state.program_state[5]};
    std::FILE* screen = sim.screen();
    const double dt = c.sim.time_step;
    for (const double theta : thetas)
        for (const double phi : phis) {
            Phase p;
            p.steps = c.sweep.loop_steps;
            p.increment = c.sim.steps_increment;
            p.row_per_sample = false;
            p.sample_at_start = false;
            state.constraint_theta = theta;
            state.constraint_phi = phi;
            p.drive = [&sim, dt](RunState& s, std::int64_t) {
                const Vec3 m = sim.magnetisation();
                const Vec3 nu = s.constraint();
                const Vec3 lambda = lagrange_lambda(
                    {s.program_state[0], s.program_state[1], s.program_state[2]}, m, nu, dt);
                s.lagrange_field = lagrange_field(lambda, m, nu);
                for (std::size_t a = 0; a < 3; ++a) {
                    s.program_state[a] = lambda[a];
                    s.program_state[3 + a] = s.lagrange_field[a];
                }
            };
            if (!sim.run(p)) continue;  // done before the checkpoint this run continues
            sim.write_row();
            const Vec3 m = sim.magnetisation();  // collective: every rank, screen or not
            if (screen) {
                std::fprintf(screen,
                             "  theta = %-6g phi = %-6g: m = (%.6f, %.6f, %.6f), constraint field "
                             "(%.4g, %.4g, %.4g) T\n",
                             theta, phi, m[0], m[1], m[2], state.lagrange_field[0],
                             state.lagrange_field[1], state.lagrange_field[2]);
            }
        }
}

}  // namespace miniasd
