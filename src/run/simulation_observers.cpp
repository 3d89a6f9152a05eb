// The observers of the time loop (loop_observers.hpp), registered once: what acts at a sample,
// after a row and after a step, in the order it acts. The loops (simulation.cpp,
// simulation_relax.cpp) only announce the moments.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "run/simulation.hpp"
#include "util/environment.hpp"

namespace miniasd {

namespace {

// "A:B" as two numbers, or nothing when the text has no colon.
std::optional<std::pair<std::string, std::string>> colon_pair(const std::optional<std::string>& s) {
    if (!s || s->find(':') == std::string::npos) return std::nullopt;
    return std::make_pair(s->substr(0, s->find(':')), s->substr(s->find(':') + 1));
}

}  // namespace

void Simulation::register_observers() {
    register_row_observers();
    register_step_observers();
}

void Simulation::register_row_observers() {
    // Before a step: the program's drive (phase.hpp), the time-dependent bath or field of a
    // field cooling or laser pulse, set in the run state before the step reads it.
    observers_.add(
        "program drive",
        Rhythm::decided(
            LoopMoment::before_step,
            [this](std::int64_t) { return continuation_.phase && continuation_.phase->drive; },
            "every step of a phase with a drive (field-cool, laser-pulse, electrical-pulse)"),
        [this](std::int64_t n) { continuation_.phase->drive(state_, n); });
    // Before a step too: the structure factor's sample, of the spins the step starts from.
    register_spectra_observer();
    // At a sample (of a phase that writes its rows): the statistics row. VAMPIRE's output-rate
    // counts time steps: a sample's row is written when its step is a multiple of the rate (with
    // a rate that no sample step divides, no row at all).
    observers_.add("statistics row",
                   Rhythm::every_n(LoopMoment::sample, config_.columns.rate, "step"),
                   [this](std::int64_t) { write_row(); });
    // After a row: the snapshot, every atoms-output-rate rows (write_row's own IoTimer counts it).
    if (config_.output.atoms && options_.write_files)
        observers_.add(
            "snapshot", Rhythm::every_n(LoopMoment::row, config_.output.atoms_output_rate, "row"),
            [this](std::int64_t) {
                if (rows_.snapshots &&
                    in_field_range(config_.output, state_.field_branch, state_.field_strength))
                    write_snapshot();
            });
}

void Simulation::register_step_observers() {
    // After a step, in this order. First rank 0's progress line with its ETA (util/progress.hpp:
    // it prints at most every 5 s), counting the phase's steps.
    if (comm().is_root() && options_.progress)
        observers_.add(
            "progress line",
            Rhythm::decided(
                LoopMoment::after_step, [this](std::int64_t) { return rows_.progress != nullptr; },
                "every step of a phase, printed at most every 5 s"),
            [this](std::int64_t) { rows_.progress->update(state_.phase_step); });
    // Then the test hooks (docs/testing.md), as if the step itself
    // had been slow or had diverged.
    // MINIASD_TEST_SLOW_RANK=R:S: rank R sleeps S seconds per step, a known load imbalance.
    if (const auto slow = colon_pair(environment(EnvVar::test_slow_rank));
        slow && std::atoi(slow->first.c_str()) == comm().rank()) {
        const double seconds = std::atof(slow->second.c_str());
        if (seconds > 0)
            observers_.add("test hook: a slow rank",
                           Rhythm::every_n(LoopMoment::after_step, 1, "step"),
                           [seconds](std::int64_t) {
                               std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
                           });
    }
    // MINIASD_TEST_NAN_AT_STEP=G:N: atom G's spin becomes NaN after step N.
    if (const auto nan = colon_pair(environment(EnvVar::test_nan_at_step))) {
        const std::int64_t atom = std::atoll(nan->first.c_str()),
                           step = std::atoll(nan->second.c_str());
        observers_.add("test hook: a NaN spin",
                       Rhythm::decided(
                           LoopMoment::after_step, [step](std::int64_t n) { return n == step; },
                           "at step " + std::to_string(step)),
                       [this, atom](std::int64_t) { poison_spin(atom); });
    }
    // The stop vote: every rank completes the step's vote (and, when due, the wall-time check)
    // before anything that could fail, so no collective is left open if the spins do.
    observers_.add(
        "stop vote", Rhythm::every_n(LoopMoment::after_step, 1, "step"), [this](std::int64_t step) {
            Continuation& c = continuation_;
            c.checking = c.stop_policy.due();
            c.stopping = c.stop_policy.stop_after(
                step, c.checkpoints ? c.checkpoints->last_write_seconds() : 0.0, c.stop_why);
        });
    // The spins, checked finite at the stop policy's checks (a checkpoint checks its own).
    observers_.add(
        "finite-spin check",
        Rhythm::decided(
            LoopMoment::after_step, [this](std::int64_t) { return continuation_.checking; },
            "at the stop policy's checks, about once a second of steps"),
        [this](std::int64_t) { check_finite("during the run"); });
    if (!options_.write_files) return;  // no checkpoints, so no stops either
    if (config_.checkpoint.save == CheckpointSave::continuous)
        observers_.add("checkpoint",
                       Rhythm::every_n(LoopMoment::after_step, config_.checkpoint.rate, "step"),
                       [this](std::int64_t) {
                           if (!continuation_.stopping) write_checkpoint();  // the stop writes it
                       });
    observers_.add(
        "stop with a checkpoint",
        Rhythm::decided(
            LoopMoment::after_step, [this](std::int64_t) { return continuation_.stopping; },
            "when a signal or the wall-time limit says so"),
        [this](std::int64_t) { throw RunStopped(continuation_.stop_why, write_checkpoint()); });
}

}  // namespace miniasd
