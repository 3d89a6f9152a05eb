#include "parallel/environment.hpp"
#include "util/environment.hpp"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "parallel/halo.hpp"
#include "util/error.hpp"
#include "util/write_guard.hpp"

namespace miniasd::parallel {

namespace {

int provided_level = MPI_THREAD_SINGLE;
bool finalize_skipped = false;

// How the write guard (util/write_guard.hpp) ends the job from its own thread: MPI_Abort where
// the library allows any thread to call MPI; otherwise ending this process, which mpirun and
// srun --kill-on-bad-exit turn into the end of the job (the other ranks' guards fire too, as
// they wait in the same write).
void end_job(int code) {
    if (provided_level >= MPI_THREAD_MULTIPLE) MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);
}

}  // namespace

Environment::Environment(int* argc, char*** argv) {
    // Open MPI's MPI-IO layer (OMPIO) opens every file with a shared-file-pointer component.
    // miniASD never uses shared file pointers, and both components that need files of their
    // own break runs: "sm" keeps a POSIX semaphore in /dev/shm named after the file's base name
    // (sem.OMPIO_spins-00000002.dat), which a killed job leaves behind and which hangs every
    // later job on the node opening a file of that name; "lockedfile" creates a lock file
    // beside the data file, and on a full disk the rank that cannot create it takes an error
    // path the others never reach, so the open hangs for ever. Leave both out (OMPIO then uses
    // "individual", which needs no file), unless the user chose components themselves.
    // (Read by Open MPI at MPI_Init; other MPI libraries ignore it.)
    setenv("OMPI_MCA_sharedfp", "^sm,lockedfile", 0);
    init(argc, argv);
}

int Environment::requested_thread_level() {
    const std::string s = environment(EnvVar::mpi_thread_level).value_or("");
    if (s.empty()) return MPI_THREAD_MULTIPLE;
    if (s == "funneled") return MPI_THREAD_FUNNELED;
    if (s == "serialized") return MPI_THREAD_SERIALIZED;
    if (s == "multiple") return MPI_THREAD_MULTIPLE;
    throw Error("MINIASD_MPI_THREAD_LEVEL = '" + s +
                "': expected funneled, serialized or multiple");
}

void Environment::init(int* argc, char*** argv) {
    int requested = MPI_THREAD_MULTIPLE;
    std::string bad;
    try {
        requested = requested_thread_level();
    } catch (const Error& e) {
        bad = e.what();
    }
    int provided = 0;
    MPI_Init_thread(argc, argv, requested, &provided);
    if (!bad.empty() || provided < MPI_THREAD_FUNNELED) {
        if (world_rank() == 0)
            std::fprintf(stderr, "miniasd: error: %s\n",
                         !bad.empty() ? bad.c_str()
                                      : "the MPI library does not provide MPI_THREAD_FUNNELED");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    provided_level = provided;
    WriteGuard::configure(world_rank(), &end_job);
    // Errors are checked at each call site and turned into exceptions.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

int Environment::thread_level() {
    int provided = MPI_THREAD_SINGLE;
    MPI_Query_thread(&provided);
    return provided;
}

const char* Environment::thread_level_name(int level) {
    switch (level) {
        case MPI_THREAD_SINGLE:
            return "MPI_THREAD_SINGLE";
        case MPI_THREAD_FUNNELED:
            return "MPI_THREAD_FUNNELED";
        case MPI_THREAD_SERIALIZED:
            return "MPI_THREAD_SERIALIZED";
        default:
            return "MPI_THREAD_MULTIPLE";
    }
}

void Environment::skip_finalize() {
    finalize_skipped = true;
}

Environment::~Environment() {
    if (finalize_skipped) {
        std::fflush(nullptr);
        std::_Exit(1);
    }
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    free_deferred_windows();
    MPI_Finalize();
}

void Environment::abort(int code) {
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
    std::exit(code);
}

int Environment::world_rank() {
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

std::string Environment::library_version() {
    char buf[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(buf, &len);
    std::string v(buf, static_cast<std::size_t>(len));
    const auto cut = v.find_first_of(",\n");
    return cut == std::string::npos ? v : v.substr(0, cut);
}

}  // namespace miniasd::parallel
