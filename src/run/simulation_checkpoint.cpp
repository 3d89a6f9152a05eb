// Simulation's checkpoints (docs/restart.md): loading one at start-up (the spins, and for
// `continue` the whole run state, after comparing the input with the fingerprint it was written
// with) and writing one.
#include <omp.h>

#include "run/simulation.hpp"
#include "util/build_info.hpp"
#include "util/error.hpp"
#include "util/random.hpp"

namespace miniasd {

namespace {

// The non-local stage whose held state a checkpoint at `step` must carry the spins of (the
// dipolar field between two evaluations), or null. The checkpoint format holds one such set; two
// stages needing one is refused.
NonLocalStage* held_state_stage(const Hamiltonian& h, std::int64_t step) {
    NonLocalStage* found = nullptr;
    for (NonLocalStage* stage : h.stages()) {
        if (stage->held_step(step) < 0) continue;
        if (found)
            throw Error(std::string("a checkpoint at step ") + std::to_string(step) +
                        " would need the held spins of both " + found->name() + " and " +
                        stage->name() + ": checkpoints carry one set");
        found = stage;
    }
    return found;
}

// What the input changed since the checkpoint's run, setting by setting.
InputChanges changes_since(const Checkpoints::Loaded& l, const Config& c) {
    // Setting by setting, whatever layout wrote the saved fingerprint (redescribe); version 1
    // files printed some numbers one unit in the last place off.
    InputChanges changes =
        compare_fingerprints(redescribe(l.run.fingerprint), describe(c), l.run.version < 2 ? 4 : 0);
    // The contents of the files the keywords name (a unit-cell file, the field-sweep file),
    // which the keywords' lines (their paths) do not show.
    const std::string saved_digest = fingerprint_digest(l.run.fingerprint);
    const std::string digest_now = fingerprint_digest(fingerprint(c));
    const auto shown = [](const std::string& d) {
        std::string s = d.empty() ? "(none)" : d;
        for (std::size_t at; (at = s.find("# ")) != std::string::npos;)
            s.erase(at, 2);
        return s;
    };
    if (saved_digest != digest_now)
        changes.refused.push_back("file contents: " + shown(saved_digest) + " -> " +
                                  shown(digest_now));
    return changes;
}

// What a loaded checkpoint says on rank 0's screen: its notes, where it came from, what changed.
void print_loaded(std::FILE* screen, const Checkpoints::Loaded& l, bool resume,
                  const InputChanges& changes, int ranks) {
    for (const std::string& n : l.notes)
        std::fprintf(screen, "Note: %s\n", n.c_str());
    if (l.run.random_numbers != random_numbers_id)
        std::fprintf(screen,
                     "Note: the checkpoint was written by a miniasd that drew its random "
                     "numbers as '%s'; this one draws '%s': the continued run's noise and "
                     "moves have the same distributions, but not the bits the older build "
                     "would have given\n",
                     l.run.random_numbers.empty() ? "philox4x32-10 ziggurat-256 (libm)"
                                                  : l.run.random_numbers.c_str(),
                     random_numbers_id);
    std::fprintf(screen, "%s from %s: step %lld, written by %d rank(s) x %d thread(s)%s\n",
                 resume ? "Continuing" : "Restarting with the spins", l.path.c_str(),
                 static_cast<long long>(l.run.state.step), l.run.ranks, l.run.threads,
                 l.run.ranks != ranks ? " (results do not depend on the rank count)" : "");
    for (const std::string& c : resume ? changes.allowed : changes.refused)
        std::fprintf(screen, "  changed: %s\n", c.c_str());
    if (!resume)
        for (const std::string& c : changes.allowed)
            std::fprintf(screen, "  changed: %s\n", c.c_str());
    std::fflush(screen);
}

// The running means a checkpoint from before their series lacks (they average the samples from
// `step` on).
void note_missing_means(std::FILE* screen, std::size_t had, std::size_t n, std::int64_t step) {
    // The running means the checkpoint lacks, in the order their series were added.
    const std::pair<int, const char*> added[] = {
        {series::direction(n, 0), "mean-magnetisation"},
        {series::torque(n, 0), "mean-total-torque"},
        {series::topological_charge(n), "mean-topological-charge"},
        {series::skyrmion_radius(n), "mean-skyrmion-radius"}};
    std::string lacking;
    for (const auto& a : added)
        if (had <= std::size_t(a.first))
            lacking += (lacking.empty() ? "" : ", ") + std::string(a.second);
    std::fprintf(screen,
                 "Note: the checkpoint was written before the running means of %s; they "
                 "average the samples after step %lld only\n",
                 lacking.c_str(), static_cast<long long>(step));
}

}  // namespace

void Simulation::load_checkpoint() {
    if (config_.checkpoint.load == CheckpointLoad::none) return;
    continuation_.checkpoints = std::make_unique<Checkpoints>(
        config_, config_.sim.time_step, lattice_, system_, comm(), options_.output_dir);
    std::FILE* screen = comm().is_root() ? options_.screen : nullptr;
    std::optional<Checkpoints::Loaded> l;
    {
        IoTimer t(timers_, account_.t_checkpoint);
        l = continuation_.checkpoints->load(spins_);
    }
    if (!l) {
        if (!config_.checkpoint.load_if_exists)
            throw Error("sim:load-checkpoint: there is no checkpoint in '" +
                        continuation_.checkpoints->directory() +
                        "' (sim:load-checkpoint-if-exists starts afresh without one)");
        if (screen)
            std::fprintf(screen, "No checkpoint in %s: starting afresh\n",
                         continuation_.checkpoints->directory().c_str());
        if (config_.initial.state == InitialState::file) load_initial_spins();
        return;
    }
    sync_.host_ahead = true;  // a device takes them before the next step
    // The ghosts' copies of the loaded spins.
    halo_.start(spins_.x.data(), spins_.y.data(), spins_.z.data());
    halo_.finish(spins_.x.data(), spins_.y.data(), spins_.z.data());
    const bool resume = config_.checkpoint.load == CheckpointLoad::resume;
    const InputChanges changes = changes_since(*l, config_);
    if (resume && !changes.refused.empty()) {
        std::string what;
        for (const std::string& c : changes.refused)
            what += "\n  " + c;
        throw Error(
            "cannot continue from " + l->path +
            ": the input differs from the run that wrote it in what the run computes:" + what +
            "\n(a continued run may change only the number of steps, the output and "
            "checkpoint settings; sim:load-checkpoint = restart starts a new run from "
            "its spins)");
    }
    if (screen) print_loaded(screen, *l, resume, changes, comm().size());
    if (!resume) return;
    // The whole run state; the program skips what the checkpoint had done.
    const double dt = state_.time_step;
    state_ = l->run.state;
    if (state_.time_step != dt)
        throw Error("cannot continue from " + l->path + ": sim:time-step changed");
    // A finished run continues too: a time series given more sim:total-time-steps goes on from
    // where it ended (its last sample is not taken twice).
    // A checkpoint from before the direction series (run-state version 3 and older), or before
    // the torque's or the topological charge's, continues with them empty: their means average only
    // the samples from here on.
    const std::size_t had = state_.accumulator.series(), n = config_.materials.size();
    if (had > 0 && state_.accumulator.widen(series_width()) && state_.accumulator.count() > 0 &&
        screen)
        note_missing_means(screen, had, n, state_.step);
    restore_held_state(l->path);
    restore_structure_factor(l->path);
    continuation_.resuming = true;
    continuation_.sampled_at_resume = state_.complete;
    state_.complete = false;
    continuation_.continued = true;
    if (!l->run.run_id.empty())
        continuation_.run_id = l->run.run_id;
    else
        continuation_.unnamed_run = true;  // a checkpoint from before run ids: keep the id drawn
    rows_.files.continue_from(l->run.outputs, l->run.output_digests);
}

// A checkpoint between two evaluations of a held field (the dipolar field's update rate) carries
// the spins of the last evaluation: the field is computed from them again, so the continued run
// holds the bits the uninterrupted one held. At most one stage holds such a state (the checkpoint
// carries one set of held spins).
void Simulation::restore_held_state(const std::string& path) {
    NonLocalStage* stage = held_state_stage(hamiltonian_, state_.step);
    if (const std::int64_t need = stage ? stage->held_step(state_.step) : -1; need >= 0) {
        std::optional<std::pair<Spins, std::int64_t>> held;
        {
            IoTimer t(timers_, account_.t_checkpoint);
            held = continuation_.checkpoints->load_held(path);
        }
        if (!held || held->second != need)
            throw Error("cannot continue from " + path + ": it was written at step " +
                        std::to_string(state_.step) +
                        ", between two evaluations of the dipolar field "
                        "(dipole:field-update-rate), and does not hold the spins of step " +
                        std::to_string(need) +
                        " that the field was computed from (a checkpoint of an older miniASD): "
                        "continue from one at a multiple of the rate");
        stage->restore_held_spins(held->first, held->second);
    }
}

std::string Simulation::write_checkpoint() {
    // No checkpoint of a diverged run: whoever asks for one (continuous, a stop, the end).
    check_finite("before the checkpoint of step " + std::to_string(state_.step));
    if (rows_.snapshots) {  // a checkpoint comes after the snapshots before it
        IoTimer t(timers_, account_.t_output);
        rows_.snapshots->wait_all();
    }
    IoTimer t(timers_, account_.t_checkpoint);  // checkpoints count as I/O, not as the loop's MPI
    if (!continuation_.checkpoints)
        continuation_.checkpoints = std::make_unique<Checkpoints>(
            config_, config_.sim.time_step, lattice_, system_, comm(), options_.output_dir);
    SavedRun run;
    run.state = state_;
    run.fingerprint = fingerprint(config_);
    run.run_id = continuation_.run_id;
    run.random_numbers = random_numbers_id;
    run.ranks = comm().size();
    run.threads = omp_get_max_threads();
    run.writer =
        std::string("miniasd ") + build_info::version + " (git " + build_info::git_hash + ")";
    // The length of every output file now, so a continued run cuts what comes after.
    if (rows_.table_file) std::fflush(rows_.table_file);
    if (comm().is_root()) {
        run.outputs = rows_.files.lengths();
        run.output_digests = rows_.files.digests(run.outputs);
    }
    // The spins a held field was computed from, when the next step does not compute it afresh.
    const NonLocalStage* stage = held_state_stage(hamiltonian_, state_.step);
    const std::int64_t held_step = stage ? stage->held_step(state_.step) : -1;
    const Spins* held = stage ? stage->held_spins() : nullptr;
    if (held_step >= 0 && !held)
        throw Error("internal error: a checkpoint at step " + std::to_string(state_.step) +
                    " needs the held spins of step " + std::to_string(held_step) +
                    ", which were never computed");
    pull_spins();
    std::string path =
        continuation_.checkpoints->write(spins_, run, held, held_step, structure_factor_state());
    if (comm().is_root() && options_.screen && options_.progress) {
        std::fprintf(options_.screen, "Checkpoint at step %lld: %s (%.2f s)\n",
                     static_cast<long long>(state_.step), path.c_str(),
                     continuation_.checkpoints->last_write_seconds());
        std::fflush(options_.screen);
    }
    return path;
}

}  // namespace miniasd
