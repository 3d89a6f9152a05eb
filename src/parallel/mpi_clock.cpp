#include "parallel/mpi_clock.hpp"

#include <mpi.h>

namespace miniasd::parallel {

namespace {
thread_local double total = 0;  // s
thread_local int depth = 0;     // open MpiClock scopes plus pauses
}  // namespace

double mpi_seconds() {
    return total;
}

MpiClock::MpiClock() : start_(depth++ == 0 ? MPI_Wtime() : -1.0) {}

MpiClock::~MpiClock() {
    --depth;
    if (start_ >= 0) total += MPI_Wtime() - start_;
}

// A pause is an open scope that never counts: scopes inside it see depth > 0.
MpiClockPause::MpiClockPause() {
    ++depth;
}
MpiClockPause::~MpiClockPause() {
    --depth;
}

}  // namespace miniasd::parallel
