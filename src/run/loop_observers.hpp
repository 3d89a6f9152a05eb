// What acts around the time loop's steps. Each concern (the program's drive, statistics rows,
// snapshots, the progress line, the stop vote, the finite-spin check, checkpoints, the test
// hooks) is registered once, with the moment
// it acts at and its rhythm there, so the loops themselves (Simulation::run, Simulation::relax)
// stay a short list of named calls and the run can say what it does when (the run report's
// "Loop" line, docs/architecture.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace miniasd {

// The points of the loop observers act at; the count handed to them is given with each.
enum class LoopMoment {
    before_step,  // a step of a phase is next; count: its index in the phase (0, 1, ...)
    sample,       // a statistics sample of a phase that writes a row per sample; count: the step
    row,          // a statistics row was written; count: its index in the run (0, 1, ...)
    after_step,   // a step completed; count: the step's number in the run (1, 2, ...)
};

// When an observer acts at its moment: when the count is a multiple of `every`, or, for a
// rhythm another part decides (the stop policy's checks, about once a second of steps), when
// `when` says so; `words` says it for people ("every 100 steps").
struct Rhythm {
    LoopMoment moment = LoopMoment::after_step;
    std::int64_t every = 1;                  // > 0
    std::function<bool(std::int64_t)> when;  // replaces `every` when set
    std::string words;

    bool due(std::int64_t count) const { return when ? when(count) : count % every == 0; }

    // Every n-th count of the moment ("every 100 steps"; unit: what the count counts).
    static Rhythm every_n(LoopMoment m, std::int64_t n, const char* unit);
    // When `when` says so, described by `words`.
    static Rhythm decided(LoopMoment m, std::function<bool(std::int64_t)> when, std::string words);
};

class LoopObservers {
  public:
    using Act = std::function<void(std::int64_t count)>;

    // Registers `act` under `name` ("statistics row"): it runs at its rhythm's moment when the
    // rhythm is due, after the observers registered before it at that moment.
    void add(std::string name, Rhythm rhythm, Act act);
    // Runs every observer of moment `m` due at `count`, in the order they were registered.
    void notify(LoopMoment m, std::int64_t count) const;
    // "statistics row (at a sample, every 10 steps); snapshot (after a row, every 5 rows); ...":
    // what acts when, in registration order (the run report's "Loop" line).
    std::string schedule() const;
    std::size_t size() const { return entries_.size(); }

  private:
    struct Entry {
        std::string name;
        Rhythm rhythm;
        Act act;
    };
    std::vector<Entry> entries_;
};

}  // namespace miniasd
