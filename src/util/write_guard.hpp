// A guard against writes that never return. A collective MPI-IO or HDF5 call waits for every
// rank of the file; a rank that took an error path inside the library (a lock file it could not
// create on a full disk) never arrives, and the others would wait for ever, silently, for the
// rest of the job's allocation. Every snapshot and checkpoint write runs under a WriteGuard: if
// it has not finished by its deadline, the guard's thread prints what was being written, on
// which rank and for how long, and ends the job (with MPI_Abort where the MPI library allows a
// second thread to call it, else by ending this process, which the launcher turns into the
// end of the job).
//
// No MPI here: the way to end the job is installed by the parallel environment (configure).
#pragma once

#include <cstdint>
#include <string>

namespace miniasd {

class WriteGuard {
  public:
    // Arms the guard for `seconds` (s). `what` names the write ("writing spins-00000002.dat").
    WriteGuard(double seconds, std::string what);
    ~WriteGuard();  // disarms it
    WriteGuard(const WriteGuard&) = delete;
    WriteGuard& operator=(const WriteGuard&) = delete;

    // Once per process: this process's rank (for the message) and the function that ends the
    // job with an exit code; it is called from the guard's own thread. Without it the guard
    // ends the process with std::_Exit.
    static void configure(int rank, void (*end_job)(int code));

    // The deadline for a write of `bytes` bytes when the user allows `timeout` seconds: the
    // timeout, or 1 s per MB if that is longer (a large snapshot on a slow file system).
    static double deadline_for(double timeout, std::int64_t bytes);

  private:
    std::uint64_t id_;
};

}  // namespace miniasd
