// A progress line with rate and ETA, printed by rank 0 only and only for runs that last more than
// a few seconds (short runs stay quiet so test output is readable).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace miniasd {

class Progress {
  public:
    // total_steps: steps the run will take; atoms: global atom count (for the atom-step rate).
    // active: false on every rank but rank 0.
    Progress(std::string label, std::int64_t total_steps, std::int64_t atoms, bool active,
             std::FILE* out = stdout, double interval_s = 5.0);

    // Call after each step with the number of steps done; prints at most every interval_s.
    void update(std::int64_t steps_done) {
        if (active_ && (steps_done & 15) == 0) maybe_print(steps_done);
    }
    void finish(std::int64_t steps_done);

  private:
    void maybe_print(std::int64_t steps_done);
    std::string label_;
    std::int64_t total_;
    std::int64_t atoms_;
    bool active_;
    std::FILE* out_;
    double interval_;
    double start_;
    double last_print_;
    bool printed_ = false;
};

// For a minimiser's progress lines: when a line is due (at most every interval_s; the first call
// only starts the clock) and how soon a quantity falling exponentially (a largest torque or
// force) reaches its tolerance, from how fast its logarithm fell since the last line.
class ConvergenceEta {
  public:
    explicit ConvergenceEta(double tolerance, double interval_s = 5.0)
        : tolerance_(tolerance), interval_(interval_s) {}
    // Whether a line is due with the present value (then eta() is its estimate).
    bool due(double value);
    std::string eta() const;  // "unknown" when the value has not been falling

  private:
    double tolerance_, interval_;
    double last_ = -1, last_log_ = 0, rate_ = 0, left_ = 0;
};

}  // namespace miniasd
