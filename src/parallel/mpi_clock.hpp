// Wall time the calling thread spends inside MPI, for the report's "MPI time as a fraction of
// the run". Comm's collectives and HaloExchange open an MpiClock scope; nested scopes (a
// collective built from others) count once. Output and checkpoint scopes pause the clock with
// MpiClockPause, so the figure is the time loop's own communication and I/O shows as I/O.
// Thread-local: the background output thread's MPI never counts here.
#pragma once

namespace miniasd::parallel {

double mpi_seconds();  // s, accumulated by this thread since it started

class MpiClock {
  public:
    MpiClock();
    ~MpiClock();
    MpiClock(const MpiClock&) = delete;
    MpiClock& operator=(const MpiClock&) = delete;

  private:
    double start_ = 0;  // s; < 0 when an enclosing scope (or a pause) already counts
};

class MpiClockPause {
  public:
    MpiClockPause();
    ~MpiClockPause();
    MpiClockPause(const MpiClockPause&) = delete;
    MpiClockPause& operator=(const MpiClockPause&) = delete;
};

}  // namespace miniasd::parallel
