// A vote every rank casts and every rank learns the result of, without waiting for it: start()
// posts a non-blocking all-reduce (MPI_Iallreduce, MAX) of one small integer, finish() completes
// it. Posted before a time step and completed after it, the reduction travels while the step
// computes (the step's halo exchange drives MPI's progress), so a per-step agreement (has any
// rank received a stop signal?) costs one short wait instead of a blocking collective. Every
// rank must start and finish the same votes in the same order.
#pragma once

#include <mpi.h>

#include "parallel/comm.hpp"

namespace miniasd::parallel {

class MaxVote {
  public:
    explicit MaxVote(const Comm& comm) : comm_(comm) {}
    // A vote still open is completed, unless an exception is unwinding (the ranks may then not
    // all be here: waiting could hang where the job should end).
    ~MaxVote();
    MaxVote(const MaxVote&) = delete;
    MaxVote& operator=(const MaxVote&) = delete;

    // Collective (non-blocking): casts `local`. Not while a vote is open.
    void start(int local);
    // Collective: the largest value cast in the open vote (0 when none is open).
    int finish();
    bool open() const { return open_; }

  private:
    const Comm& comm_;
    MPI_Request request_ = MPI_REQUEST_NULL;
    int local_ = 0, result_ = 0;
    bool open_ = false;
};

}  // namespace miniasd::parallel
