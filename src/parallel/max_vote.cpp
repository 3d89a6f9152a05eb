#include "parallel/max_vote.hpp"

#include <exception>

#include "parallel/mpi_clock.hpp"
#include "util/error.hpp"

namespace miniasd::parallel {

MaxVote::~MaxVote() {
    if (open_ && std::uncaught_exceptions() == 0) MPI_Wait(&request_, MPI_STATUS_IGNORE);
}

void MaxVote::start(int local) {
    if (open_) throw LocalError("MaxVote::start: a vote is already open");
    local_ = local;
    result_ = local;
    if (comm_.size() > 1) {
        const MpiClock clock;
        if (MPI_Iallreduce(&local_, &result_, 1, MPI_INT, MPI_MAX, comm_.handle(), &request_) !=
            MPI_SUCCESS)
            throw LocalError("MPI call failed: MPI_Iallreduce");
    }
    open_ = true;
}

int MaxVote::finish() {
    if (!open_) return 0;
    if (comm_.size() > 1) {
        const MpiClock clock;
        if (MPI_Wait(&request_, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            throw LocalError("MPI call failed: MPI_Wait (MaxVote)");
    }
    open_ = false;
    return result_;
}

}  // namespace miniasd::parallel
