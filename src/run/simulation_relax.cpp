// The relaxation loop (sim:program = relax, sim:relax-first): the minimiser's steps
// (integrate/minimiser.hpp) with the run's statistics, checkpoints and stops around them.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "integrate/minimiser.hpp"
#include "run/simulation.hpp"
#include "util/error.hpp"
#include "util/progress.hpp"

namespace miniasd {

namespace {

// Prints rank 0's progress lines at most every 5 s: the step, the largest torque and an estimate
// of the time left from how fast the torque's logarithm has been falling toward the tolerance.
class RelaxProgress {
  public:
    RelaxProgress(std::FILE* out, double tolerance)
        : out_(out), tolerance_(tolerance), eta_(tolerance) {}
    void update(std::int64_t step, double torque) {
        if (!out_ || !eta_.due(torque)) return;
        std::fprintf(out_, "  relax: step %lld  largest torque %.3e T (tolerance %.1e T)  ETA %s\n",
                     static_cast<long long>(step), torque, tolerance_, eta_.eta().c_str());
        std::fflush(out_);
    }

  private:
    std::FILE* out_;
    double tolerance_;
    ConvergenceEta eta_;
};

// The relaxation's outcome on rank 0's screen (torques to 4 digits, the energy to 10), and a
// warning when the number of skyrmions changed (`random_start`: not from a random state, whose
// charge means nothing).
void print_outcome(std::FILE* out, bool program, const Relaxation& r, double tolerance,
                   bool random_start) {
    std::fprintf(out,
                 "%s %s after %lld steps: largest torque %.4g T (tolerance %.4g T), energy %.10g "
                 "J/atom\n",
                 program ? "Relaxation" : "Relaxation before the program",
                 r.converged ? "converged" : "did NOT converge", static_cast<long long>(r.steps),
                 r.torque, tolerance, r.energy);
    if (r.converged && r.steps == 0 && r.torque == 0)
        std::fprintf(
            out,
            "Note: the initial spins are stationary already (no torque at all), so nothing "
            "moved; a symmetric start (every spin exactly along or against the field and "
            "the axes) stays put even where it is not a minimum: tilt "
            "material[i]:initial-spin-direction a little, or start from random\n");
    if (!random_start && std::isfinite(r.charge_before) && std::isfinite(r.charge_after) &&
        std::round(r.charge_before) != std::round(r.charge_after))
        std::fprintf(stderr,
                     "miniasd: warning: the topological charge changed during the relaxation, "
                     "from %.0f to %.0f: the state it %s holds another number of skyrmions than "
                     "the start (one collapsed or left the sample, or one formed)\n",
                     std::round(r.charge_before), std::round(r.charge_after),
                     r.converged ? "converged to" : "reached");
}

}  // namespace

Relaxation Simulation::relax(bool program) {
    sync_field();
    pull_spins();
    sync_.host_ahead = true;  // a GPU integrator takes the relaxed spins before its first step
    bool skip_sample = false;
    if (program) {
        // A continued relaxation: its checkpoint's step had its row if due, and its running
        // means go on from the checkpoint's.
        const bool resumed = continuation_.resuming;
        if (resumed) {
            continuation_.resuming = false;
            skip_sample = continuation_.sampled_at_resume;
        }
        if (!rows_.started) start();
        state_.phase = 0;
        state_.temperature = state_.phonon_temperature = 0;
        if (!resumed)
            state_.accumulator.reset(series_width(),
                                     config_.sim.total_steps / config_.sim.steps_increment + 2);
    } else {
        claim_directories();  // before its checkpoints (continuous, or at a stop)
        // A checkpoint written in this relaxation: the relaxation goes on from it, and the
        // program then starts from its beginning, as in a run never stopped.
        if (state_.relax_first_step >= 0) continuation_.resuming = false;
        state_.relax_first_step = std::max<std::int64_t>(0, state_.relax_first_step);
    }
    // Before a program the count goes on from a checkpoint written during the relaxation.
    const std::int64_t first = program ? state_.step : state_.relax_first_step;
    const std::int64_t limit = program ? config_.sim.total_steps : config_.relax.max_steps;
    Minimiser minimiser(config_.relax.method, system_, hamiltonian_, halo_, comm());
    // A relaxation continued from a checkpoint written in it goes on with its step scale (0, as
    // for a new one, outside a relaxation).
    if (state_.relax_scale > 0) minimiser.resume(state_.relax_scale);
    RelaxProgress progress(comm().is_root() && options_.progress ? options_.screen : nullptr,
                           config_.relax.tolerance);
    const int timer = timers_.add(program ? "relax" : "relax first");
    const double start_wall = wall_seconds();
    const LoopCounters from = counters();
    Relaxation out;
    if (measures_.textures) out.charge_before = observe().topological_charge;
    std::int64_t k = first;
    bool last_sampled = false, last_row = false;  // at step k: a sample; a row
    try {
        for (;; ++k) {
            hamiltonian_.begin_iteration(k);
            last_sampled =
                program && k % config_.sim.steps_increment == 0 && !(skip_sample && k == first);
            const std::int64_t rows = state_.rows;
            if (last_sampled) sample(true);
            last_row = state_.rows > rows;
            timers_.start(timer);
            out.torque = minimiser.measure(spins_);
            state_.relax_scale = minimiser.scale();
            timers_.stop(timer);
            if (std::isnan(out.torque))
                throw Error("a field became non-finite while relaxing, at step " +
                            std::to_string(k) + ": a coupling or field is far too strong");
            if (out.torque < config_.relax.tolerance || k >= limit) break;
            progress.update(k, out.torque);
            continuation_.stop_policy.before_step();
            timers_.start(timer);
            minimiser.move(spins_);
            timers_.stop(timer);
            if (program) {
                ++state_.step;
                after_step(state_.step);
            } else {
                // The after-step observers with the relaxation's own step: continuous
                // checkpoints, the stop vote and a stop with a checkpoint, the test hooks.
                state_.relax_first_step = k + 1;
                observers_.notify(LoopMoment::after_step, k + 1);
            }
        }
    } catch (...) {
        if (program) end_loop_stretch(start_wall, from);
        throw;
    }
    // relax-first's scale ends with it; the relax program's stays in its end checkpoint, for a
    // continuation given more steps.
    if (!program) state_.relax_scale = 0;
    out.converged = out.torque < config_.relax.tolerance;
    out.steps = program ? k - first : k;
    if (!program) state_.relax_first_step = -1;  // the program's steps come next
    if (program) {
        // The last state's row and snapshot (unless its row was just written, which then took
        // the snapshot only when its rate said so).
        if (!last_row) {
            if (!last_sampled) sample(false);
            write_row(true);
        } else if (rows_.snapshots && !rows_.snapshot_written) {
            IoTimer t(timers_, account_.t_output);
            write_snapshot();
        }
        end_loop_stretch(start_wall, from);
    }
    const Observables end = program ? measures_.sample : observe();
    out.energy = end.total;
    if (measures_.textures) out.charge_after = end.topological_charge;
    if (comm().is_root() && options_.screen) {
        bool random = config_.initial.state == InitialState::random;
        for (const MaterialConfig& m : config_.materials)
            random =
                random || (config_.initial.state == InitialState::uniform && m.random_initial_spin);
        print_outcome(options_.screen, program, out, config_.relax.tolerance, random);
    }
    return out;
}

std::optional<Relaxation> Simulation::relax_point(std::int64_t max_steps) {
    const std::int64_t index = continuation_.phase_calls++;
    if (continuation_.resuming && index < state_.phase) return std::nullopt;
    if (continuation_.resuming && continuation_.sampled_at_resume) {
        continuation_.resuming = false;  // a finished run's end checkpoint: this point is done
        return std::nullopt;
    }
    std::int64_t first = 0;  // the point's steps taken before this job (a continued point)
    if (!rows_.started) start();
    if (continuation_.resuming) {
        continuation_.resuming = false;
        first = state_.phase_step;
    } else {
        state_.phase = index;
        state_.phase_step = 0;
    }
    state_.temperature = state_.phonon_temperature = 0;
    sync_field();
    pull_spins();
    sync_.host_ahead = true;  // a GPU integrator takes the relaxed spins before its next step
    Minimiser minimiser(config_.relax.method, system_, hamiltonian_, halo_, comm());
    if (first > 0 && state_.relax_scale > 0) minimiser.resume(state_.relax_scale);
    const int timer = timers_.add("relax");
    const double start_wall = wall_seconds();
    const LoopCounters from = counters();
    Relaxation out;
    std::int64_t k = first;
    try {
        for (;; ++k) {
            hamiltonian_.begin_iteration(state_.step);
            timers_.start(timer);
            out.torque = minimiser.measure(spins_);
            state_.relax_scale = minimiser.scale();
            timers_.stop(timer);
            if (std::isnan(out.torque))
                throw Error("a field became non-finite while relaxing at B = " +
                            std::to_string(state_.field_strength) +
                            " T: a coupling or field is far too strong");
            if (out.torque < config_.relax.tolerance || k >= max_steps) break;
            continuation_.stop_policy.before_step();
            timers_.start(timer);
            minimiser.move(spins_);
            timers_.stop(timer);
            ++state_.step;
            after_step(k + 1);
        }
    } catch (...) {
        end_loop_stretch(start_wall, from);
        throw;
    }
    end_loop_stretch(start_wall, from);
    state_.relax_scale = 0;
    out.converged = out.torque < config_.relax.tolerance;
    out.steps = k;
    state_.accumulator.reset(series_width(), 1);
    sample(false);
    out.energy = measures_.sample.total;
    return out;
}

}  // namespace miniasd
