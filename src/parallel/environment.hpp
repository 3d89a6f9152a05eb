// MPI start-up and shut-down for main() and the MPI test main: MPI_Init_thread and a guaranteed
// MPI_Finalize. The compute needs MPI_THREAD_FUNNELED (only the master thread calls MPI; OpenMP
// threads work between calls); asynchronous snapshot output needs MPI_THREAD_MULTIPLE (a
// background thread per rank writes through MPI while the master exchanges halos), so that is
// requested, unless MINIASD_MPI_THREAD_LEVEL names a lower level. Where the library provides
// less, snapshots are written synchronously (output/pipeline/snapshot_output.cpp says so to the
// user).
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
    // Called on every rank (collectively agreed) when a library left state that its MPI_Finalize
    // hook would crash on (HDF5 after a failed file close): the process then ends with status 1
    // without MPI_Finalize. Only on a path that already ends the run with an Error.
    static void skip_finalize();
    static int world_rank();
    // The thread level MPI provides (MPI_Query_thread: works whoever called MPI_Init_thread).
    static int thread_level();
    static const char* thread_level_name(int level);  // "MPI_THREAD_FUNNELED"
    // The level to request: MPI_THREAD_MULTIPLE, or MINIASD_MPI_THREAD_LEVEL = funneled |
    // serialized | multiple. Throws Error for another value.
    static int requested_thread_level();
    // MPI_Init_thread with requested_thread_level(); exits (status 2) below FUNNELED.
    static void init(int* argc, char*** argv);
    // Name of the MPI library, e.g. "Open MPI v4.1.4".
    static std::string library_version();
};

}  // namespace miniasd::parallel
