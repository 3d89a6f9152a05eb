#include <cstdio>
#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "run/simulation.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

std::unique_ptr<Program> make_program(const Config& c) {
    switch (c.sim.program) {
        case ProgramKind::time_series:
            break;
        case ProgramKind::benchmark:
            return std::make_unique<BenchmarkProgram>();
        case ProgramKind::curie_temperature:
            return std::make_unique<CurieTemperatureProgram>();
        case ProgramKind::hysteresis_loop:
            return std::make_unique<HysteresisLoopProgram>();
        case ProgramKind::field_cool:
            return std::make_unique<FieldCoolProgram>();
        case ProgramKind::laser_pulse:
            return std::make_unique<LaserPulseProgram>();
        case ProgramKind::relax:
            return std::make_unique<RelaxProgram>();
        case ProgramKind::electrical_pulse:
            return std::make_unique<ElectricalPulseProgram>();
        case ProgramKind::gneb:
            return std::make_unique<GnebProgram>();
        case ProgramKind::fmr:
            return std::make_unique<FmrProgram>();
        case ProgramKind::diagnostic_boltzmann:
            return std::make_unique<BoltzmannProgram>();
        case ProgramKind::field_pulse:
            return std::make_unique<FieldPulseProgram>();
        case ProgramKind::effective_damping:
            return std::make_unique<EffectiveDampingProgram>();
        case ProgramKind::partial_hysteresis_loop:
            return std::make_unique<HysteresisLoopProgram>(HysteresisKind::partial);
        case ProgramKind::static_hysteresis_loop:
            return std::make_unique<HysteresisLoopProgram>(HysteresisKind::static_loop);
        case ProgramKind::field_sweep:
            return std::make_unique<HysteresisLoopProgram>(HysteresisKind::sweep);
        case ProgramKind::cmc_anisotropy:
            return std::make_unique<CmcAnisotropyProgram>();
        case ProgramKind::localised_field_cool:
            return std::make_unique<FieldCoolProgram>(true);
        case ProgramKind::domain_wall:
            return std::make_unique<DomainWallProgram>();
        case ProgramKind::hybrid_cmc:
            return std::make_unique<HybridCmcProgram>(false);
        case ProgramKind::reverse_hybrid_cmc:
            return std::make_unique<HybridCmcProgram>(true);
        case ProgramKind::lagrange_multiplier:
            return std::make_unique<LagrangeMultiplierProgram>();
        case ProgramKind::setting:
            return std::make_unique<SettingProgram>();
        case ProgramKind::exchange_stiffness:
            return std::make_unique<ExchangeStiffnessProgram>();
    }
    return std::make_unique<TimeSeriesProgram>();
}

Phase sweep_point_phase(const Config& c, double t) {
    Phase p;
    p.equilibration_steps = c.sim.equilibration_steps;
    p.steps = c.sweep.loop_steps;
    p.increment = c.sim.steps_increment;
    p.temperature = p.equilibration_temperature = t;
    p.row_per_sample = false;
    return p;
}

bool start_direction(ProgramHost& sim, double t) {
    Phase start;
    start.sample_at_start = false;
    start.row_per_sample = false;
    start.temperature = start.equilibration_temperature = t;
    return sim.run(start);
}

void sweep_temperatures(ProgramHost& sim, const std::vector<double>& temperatures,
                        std::int64_t& point, const std::function<void(double)>& done) {
    for (const double t : temperatures) {
        sim.state().point = point++;
        if (!sim.run(sweep_point_phase(sim.config(), t)))
            continue;  // done before the checkpoint this run continues
        sim.write_row();
        done(t);
    }
}

std::vector<double> sweep_points(double from, double to, double step) {
    std::vector<double> p;
    const double span = std::abs(to - from);
    const double dir = to >= from ? 1.0 : -1.0;
    // A tolerance of 1e-9 steps so 0..1000 by 10 ends at 1000, not at 990 from rounding.
    const auto n = static_cast<std::int64_t>(std::floor(span / step + 1e-9));
    for (std::int64_t k = 0; k <= n; ++k)
        p.push_back(from + dir * double(k) * step);
    if (span - double(n) * step > 1e-9 * step) p.push_back(to);
    return p;
}

double zero_crossing(const std::vector<double>& x, const std::vector<double>& y) {
    for (std::size_t k = 0; k + 1 < x.size() && k + 1 < y.size(); ++k) {
        if (y[k] == 0) return x[k];
        if ((y[k] > 0) != (y[k + 1] > 0) && y[k + 1] != y[k])
            return x[k] + (x[k + 1] - x[k]) * (0 - y[k]) / (y[k + 1] - y[k]);
    }
    if (!y.empty() && y.back() == 0) return x.back();
    return std::nan("");
}

int run_program(Simulation& sim) {
    const Config& c = sim.config();
    const std::unique_ptr<Program> program = make_program(c);
    sim.start_run();
    // sim:relax-first: before a new run's program, or to finish the relaxation a continued
    // run's checkpoint was written in.
    const bool relax_first =
        sim.continued() ? sim.state().relax_first_step >= 0 : sim.first_step() == 0;
    if (c.sim.preconditioning_steps > 0 && !sim.continued() && sim.first_step() == 0)
        sim.precondition();
    if (c.relax.first && c.sim.program != ProgramKind::relax && relax_first) {
        const Relaxation r = sim.relax(false);
        if (!r.converged)
            throw Error("the relaxation before the program (sim:relax-first) did not converge in " +
                        std::to_string(r.steps) + " steps: the largest torque is " + g4(r.torque) +
                        " T, above sim:relax-torque-tolerance = " + g4(c.relax.tolerance) +
                        " T. Raise sim:relax-maximum-steps or the tolerance");
    }
    ProgramHost host(sim);
    program->run(host);
    sim.finish_run();
    return program->exit_status();
}

}  // namespace miniasd
