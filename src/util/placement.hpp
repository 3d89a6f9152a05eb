// Where this rank's OpenMP threads actually run: the host, the binding policy in effect and each
// thread's CPU, read back from the OpenMP runtime and the kernel (not from what was asked for),
// so the report can show an engineer whether OMP_PLACES / OMP_PROC_BIND / srun's binding took
// effect. No MPI: the report gathers the encoded text over ranks.
#pragma once

#include <string>
#include <vector>

#include "util/environment.hpp"

namespace miniasd {

struct ThreadPlacement {
    std::string host;          // gethostname()
    std::string proc_bind;     // omp_get_proc_bind(): false, true, primary, close, spread
    int places = 0;            // omp_get_num_places() (0: no place list)
    std::vector<int> cpu;      // per thread: sched_getcpu() when sampled
    std::vector<int> allowed;  // per thread: CPUs its affinity mask allows (1 = bound)

    // One line without blanks ("host|close|2|0:1,1:1") and back, to gather over ranks.
    std::string encode() const;
    static ThreadPlacement decode(const std::string& text);
};

// Runs one parallel region with the run's thread count; each thread reports its CPU and mask.
ThreadPlacement local_placement();

// Threads per rank for a rank's share of the atoms: at most `allowed` (OMP_NUM_THREADS, or the
// node's cores shared among its ranks) and at most one per min_atoms_per_thread atoms. A thread
// with less work costs more at the two barriers of each step than it saves: on 2 shared cores,
// 1000 sc atoms took 0.63 s on 1 thread and 2.24 s on 2, 2197 atoms 2.19 s and 1.57 s; a single
// spin ran 25 times slower on 2 threads.
inline constexpr int min_atoms_per_thread = 1000;
int threads_for_work(long long atoms_per_rank, int allowed);

// This host's CPU: /proc/cpuinfo's model name ("unknown" without it) and its physical cores (the
// distinct (physical id, core id) pairs; the logical CPUs when those are not listed).
struct HostFacts {
    std::string cpu_model = "unknown";
    int cores = 0;
};
HostFacts host_facts();

// The value of an environment variable, or "(unset)".
std::string environment_or_unset(EnvVar v);

// Facts about a whole job's placement, from every rank's (rank order).
struct PlacementSummary {
    int hosts = 0;
    int max_ranks_per_host = 0, min_ranks_per_host = 0;
    bool unbound = false;    // some thread may run on more than one CPU
    std::string shared_cpu;  // "" or a description of two threads on one CPU of one host
};
PlacementSummary summarise(const std::vector<ThreadPlacement>& ranks);

}  // namespace miniasd
