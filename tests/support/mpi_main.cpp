// GoogleTest main for tests that run under mpiexec (docs/testing.md). Every rank runs every test;
// rank 0 prints the usual report, other ranks print only their failures (prefixed with the rank),
// and all ranks agree on the exit status, so one failing rank fails the test.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>

#include "parallel/environment.hpp"
#include "parallel/halo.hpp"

namespace {

class FailurePrinter : public testing::EmptyTestEventListener {
  public:
    explicit FailurePrinter(int rank) : rank_(rank) {}
    void OnTestPartResult(const testing::TestPartResult& r) override {
        if (!r.failed()) return;
        std::fprintf(stderr, "[rank %d] %s:%d: failure\n%s\n", rank_,
                     r.file_name() ? r.file_name() : "?", r.line_number(), r.summary());
    }

  private:
    int rank_;
};

}  // namespace

int main(int argc, char** argv) {
    // The thread level the program requests (asynchronous output needs MPI_THREAD_MULTIPLE).
    miniasd::parallel::Environment::init(&argc, &argv);
    testing::InitGoogleTest(&argc, argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) {
        testing::TestEventListeners& listeners = testing::UnitTest::GetInstance()->listeners();
        delete listeners.Release(listeners.default_result_printer());
        listeners.Append(new FailurePrinter(rank));
    }
    int local = RUN_ALL_TESTS();
    int global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0 && global != local)
        std::fprintf(stderr, "Some rank other than 0 failed (see its [rank N] lines above)\n");
    miniasd::parallel::free_deferred_windows();  // of simulations a test's expected error ended
    MPI_Finalize();
    return global;
}
