// MPI start-up and shut-down for main(): MPI_Init_thread with MPI_THREAD_FUNNELED (only the
// master thread calls MPI; OpenMP threads work between calls) and a guaranteed MPI_Finalize.
#pragma once

#include <string>

namespace miniasd::parallel {

class Environment {
  public:
    Environment(int* argc, char*** argv);
    ~Environment();
    Environment(const Environment&) = delete;
    Environment& operator=(const Environment&) = delete;

    // Ends every rank at once: for errors that only some ranks detected (LocalError).
    [[noreturn]] static void abort(int code);
    static int world_rank();
    // Name of the MPI library, e.g. "Open MPI v4.1.4".
    static std::string library_version();
};

}  // namespace miniasd::parallel
