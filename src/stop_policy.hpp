// When a run stops early with a checkpoint: a signal from the batch system (SIGTERM, SIGUSR1) on
// any rank, or a wall-time limit near enough that two more checks and a checkpoint would not fit.
// The ranks agree collectively, about once per second of steps (the same step count on every
// rank: all see the same reduced times), so none waits for another in a checkpoint.
#pragma once

#include <cstdint>
#include <string>

#include "parallel/comm.hpp"

namespace miniasd {

class StopPolicy {
  public:
    // wall_time_limit: s, 0 for none; atoms: of the whole system, to estimate a first checkpoint.
    StopPolicy(const parallel::Comm& comm, double wall_time_limit, std::int64_t atoms);

    // Collective when a check is due after `step` (every rank calls it after every step).
    // last_checkpoint_s: how long the last checkpoint took (0: none yet). True, with the reason in
    // `why`, when the run must stop now. MINIASD_TEST_STOP_AT_STEP=N stops after step N, as a
    // signal would (docs/testing.md).
    bool stop_after(std::int64_t step, double last_checkpoint_s, std::string& why);

  private:
    bool check(std::int64_t step, double last_checkpoint_s, std::string& why);

    const parallel::Comm& comm_;
    double wall_time_limit_;  // s
    std::int64_t atoms_;
    std::int64_t next_check_ = 1, interval_ = 1;  // in steps
    double job_start_ = 0, last_check_ = 0;       // wall seconds: absolute; since job_start_
    std::int64_t test_stop_step_ = -1;
};

}  // namespace miniasd
