// When a run stops early with a checkpoint: a signal from the batch system (SIGTERM, SIGUSR1) on
// any rank, or a wall-time limit near enough that two more checks and a checkpoint would not fit.
// The signal is agreed on about every millisecond of steps (every step when steps are slower):
// each rank casts the signal it has seen into a non-blocking vote before a step and reads the
// result after it, so every rank stops at the same step boundary, within a millisecond and a
// step of the first rank seeing the signal, whatever process got it first (a batch system's SIGTERM
// to the launcher and the ranks at once leaves about a second before the launcher kills them: a
// once-per-second check lost the checkpoint 3 times in 8). The wall-time limit is checked
// collectively about once per second of steps (the same step count on every rank: all see the same
// reduced times). The policy counts the steps it is shown itself, so a loop whose step numbers
// start again (the relaxation before a program, sim:relax-first, then the program from step 0)
// keeps its checks about a second apart.
#pragma once

#include <cstdint>
#include <string>

#include "parallel/comm.hpp"
#include "parallel/max_vote.hpp"

namespace miniasd {

class StopPolicy {
  public:
    // wall_time_limit: s, 0 for none; atoms: of the whole system, to estimate a first checkpoint.
    StopPolicy(const parallel::Comm& comm, double wall_time_limit, std::int64_t atoms);

    // Collective, before every step: casts this rank's stop signal into the step's vote.
    void before_step();
    // Collective after every step (every rank calls it after every step): completes the step's
    // vote, and checks the wall-time limit when that check is due.
    // last_checkpoint_s: how long the last checkpoint took (0: none yet). True, with the reason in
    // `why`, when the run must stop now. MINIASD_TEST_STOP_AT_STEP=N stops after the step
    // numbered N (`step`: the run's step, or the relaxation's before a program), as a signal
    // would (docs/testing.md).
    bool stop_after(std::int64_t step, double last_checkpoint_s, std::string& why);

    // Whether the next stop_after will check (every rank sees the same answer).
    bool due() const { return seen_ + 1 >= next_check_; }

  private:
    bool check(double last_checkpoint_s, std::string& why);

    const parallel::Comm& comm_;
    parallel::MaxVote signal_vote_;  // the step's vote on the stop signal
    double wall_time_limit_;         // s
    std::int64_t atoms_;
    std::int64_t seen_ = 0;                          // steps shown to stop_after
    std::int64_t next_check_ = 1, interval_ = 1;     // in steps seen
    std::int64_t vote_period_ = 1, since_vote_ = 0;  // steps between votes; since the last
    double job_start_ = 0, last_check_ = 0;          // wall seconds: absolute; since job_start_
    std::int64_t test_stop_step_ = -1;
};

}  // namespace miniasd
