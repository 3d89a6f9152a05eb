// sim:program = exchange-stiffness (programs.hpp): VAMPIRE's program (program/
// exchange_stiffness.cpp) for the exchange stiffness A(T) of ferro-, ferri- and antiferromagnets.
// Two planes of the one constrained material across sim:domain-wall-axis are held by constrained
// Monte Carlo (system/stiffness_planes.hpp): the first along +z, the middle one at the angle
// theta from z in the y-z plane, for theta = 0, step, ... below sim:exchange-stiffness-maximum-
// angle; every other atom moves freely. At each angle the spins start from VAMPIRE's twist, take
// 500 sweeps at the lowest temperature, and then, for each temperature of the Curie sweep's
// range, equilibrate and sample loop-time-steps: at every sample each plane's torque
// sum mu S x B (J) and the length of its mean spin. The mean torque per atom of each plane goes
// to exchange-stiffness-torques.txt; the net torque (t_middle,x - t_first,x) / 2 against theta
// (radians), fitted by a line at each temperature, gives exchange-stiffness.txt (T, slope
// dT/dtheta in J per atom, intercept, the planes' mean spin lengths at theta = 0) and the table
// exchange-stiffness-final-torques.txt. With a twist theta over n plane spacings the slope is
// J_eff / n per atom, from which A = slope * n * d / (2 a_plane) (docs/physics.md).
//
// The program state holds the present point's sums (torques 6, spin lengths 2, samples) and,
// for every finished point, its net torque and the two planes' spin lengths, so a continued run
// fits what the uninterrupted one would.
#include <cmath>
#include <cstdio>
#include <string>

#include "run/program_host.hpp"
#include "run/programs/point_table.hpp"
#include "run/programs/programs.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

constexpr std::size_t sums = 9;       // the present point's: torques 6, lengths 2, samples
constexpr std::size_t per_point = 3;  // a finished point's: net torque, m1, m2
constexpr double radians_per_degree = 3.14159265358979323846 / 180.0;

double length(const Vec3& v) {
    return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

}  // namespace

StiffnessFit stiffness_fit(const std::vector<double>& x, const std::vector<double>& y) {
    // VAMPIRE's least squares (vmath::regression), its sums in its order.
    const double n = double(x.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sx += x[i];
        sy += y[i];
    }
    for (std::size_t i = 0; i < x.size(); ++i)
        sxx += x[i] * x[i];
    for (std::size_t i = 0; i < x.size(); ++i)
        sxy += x[i] * y[i];
    StiffnessFit f;
    f.slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    f.intercept = (sy - f.slope * sx) / n;
    return f;
}

void ExchangeStiffnessProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const StiffnessPlanes planes = sim.stiffness_planes();
    const std::vector<double> angles = stiffness_angles(c.constraint.stiffness_maximum_angle,
                                                        c.constraint.stiffness_angle_increment);
    const std::vector<double> temperatures = sweep_points(
        c.sweep.minimum_temperature, c.sweep.maximum_temperature, c.sweep.temperature_increment);
    sim.plan_rows(static_cast<std::int64_t>(angles.size() * temperatures.size()));
    RunState& state = sim.state();
    std::vector<double>& saved = state.program_state;
    if (saved.size() < sums) saved.assign(sums, 0.0);
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen,
                     "Exchange stiffness: material %d's planes at %.6g A (%lld atoms, held along "
                     "z) and %.6g A (%lld atoms, at the angle) along %c, last plane %.6g A; %zu "
                     "angles x %zu temperatures from %g K to %g K\n",
                     planes.material + 1, planes.first * 1e10,
                     static_cast<long long>(planes.atoms[0]), planes.middle * 1e10,
                     static_cast<long long>(planes.atoms[1]), "xyz"[planes.axis],
                     planes.last * 1e10, angles.size(), temperatures.size(), temperatures.front(),
                     temperatures.back());
    PointTable torques(sim, "exchange-stiffness-torques.txt",
                       {"temperature(K)", "angle(degrees)", "m_first", "m_middle",
                        "torque_first_x(J)", "torque_first_y(J)", "torque_first_z(J)",
                        "torque_middle_x(J)", "torque_middle_y(J)", "torque_middle_z(J)"});
    const double per_first = 1.0 / double(planes.atoms[0]),
                 per_middle = 1.0 / double(planes.atoms[1]);
    std::int64_t point = 0;
    for (const double angle : angles) {
        // VAMPIRE's middle-plane direction: polar angle `angle` from z, azimuth 90 degrees.
        state.constraint_phi = angle;
        state.constraint_theta = 90;
        if (start_direction(sim, temperatures.front()))
            sim.place_stiffness_twist(planes, angle, state.constraint());
        Phase settle;  // VAMPIRE's 500 sweeps at the lowest temperature
        settle.equilibration_steps = 500;
        settle.temperature = settle.equilibration_temperature = temperatures.front();
        settle.sample_at_start = false;
        settle.row_per_sample = false;
        sim.run(settle);
        for (const double t : temperatures) {
            state.point = point++;
            Phase p = sweep_point_phase(c, t);
            p.sample_at_start = false;  // VAMPIRE samples after each time-steps-increment
            p.on_sample = [&](RunState& s) {
                const StiffnessSums q = sim.stiffness_sums(planes);
                for (std::size_t a = 0; a < 3; ++a) {
                    s.program_state[a] += q.torque[0][a];
                    s.program_state[3 + a] += q.torque[1][a];
                }
                s.program_state[6] += length(q.spin[0]) * per_first;
                s.program_state[7] += length(q.spin[1]) * per_middle;
                s.program_state[8] += 1;
            };
            if (!sim.run(p)) continue;  // done before the checkpoint this run continues
            // The point recorded before its row, whose writing may take a checkpoint.
            const double n = saved[8] > 0 ? saved[8] : 1.0;
            std::vector<double> row = {t, angle, saved[6] / n, saved[7] / n};
            for (std::size_t a = 0; a < 6; ++a)
                row.push_back(saved[a] * (a < 3 ? per_first : per_middle) / n);
            const double net = (row[7] - row[4]) * 0.5;
            std::fill(saved.begin(), saved.begin() + sums, 0.0);
            saved.insert(saved.end(), {net, row[2], row[3]});
            torques.write_row(row);
            sim.write_row();
            if (screen)
                std::fprintf(screen, "  angle = %-6g T = %-8g K: net torque %.6g J per atom\n",
                             angle, t, net);
        }
    }
    write_results(sim, angles, temperatures);
}

void ExchangeStiffnessProgram::write_results(ProgramHost& sim, const std::vector<double>& angles,
                                             const std::vector<double>& temperatures) {
    const std::vector<double>& saved = sim.state().program_state;
    const std::size_t nt = temperatures.size();
    auto at = [&](std::size_t i, std::size_t j, std::size_t k) {
        return saved[sums + (i * nt + j) * per_point + k];
    };
    std::vector<double> x;
    x.reserve(angles.size());
    for (const double a : angles)
        x.push_back(a * radians_per_degree);
    fits_.clear();
    PointTable fit(sim, "exchange-stiffness.txt",
                   {"temperature(K)", "slope(J/rad)", "intercept(J)", "m_first", "m_middle"});
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen, "Exchange stiffness: T, slope (J/rad per atom), intercept (J)\n");
    for (std::size_t j = 0; j < nt; ++j) {
        std::vector<double> y;
        for (std::size_t i = 0; i < angles.size(); ++i)
            y.push_back(at(i, j, 0));
        const StiffnessFit f = stiffness_fit(x, y);
        fits_.push_back(f);
        fit.write_row({temperatures[j], f.slope, f.intercept, at(0, j, 1), at(0, j, 2)});
        if (screen)
            std::fprintf(screen, "  %-8g K  %.6g  %.6g\n", temperatures[j], f.slope, f.intercept);
    }
    std::vector<std::string> headers = {"angle(rad)"};
    for (const double t : temperatures)
        headers.push_back("T=" + shortest(t) + "K");
    PointTable table(sim, "exchange-stiffness-final-torques.txt", headers);
    for (std::size_t i = 0; i < angles.size(); ++i) {
        std::vector<double> row = {x[i]};
        for (std::size_t j = 0; j < nt; ++j)
            row.push_back(at(i, j, 0));
        table.write_row(row);
    }
}

}  // namespace miniasd
