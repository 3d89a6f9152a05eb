// Every environment variable miniASD reads, in one table: its name, who sets it, its meaning and
// its default. Code reads them only through environment() below (the `environment` test fails on
// a getenv anywhere else), and docs/input-reference.md, "Environment variables", lists the table
// (a test compares the two).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace miniasd {

enum class EnvVar {
    // Tuning and diagnosis (users)
    halo,               // MINIASD_HALO
    mpi_thread_level,   // MINIASD_MPI_THREAD_LEVEL
    no_fused_heun,      // MINIASD_NO_FUSED_HEUN
    no_stencil_runs,    // MINIASD_NO_STENCIL_RUNS
    measure_bandwidth,  // MINIASD_MEASURE_BANDWIDTH
    // Read from the OpenMP runtime and the batch system (reported, or a default chosen)
    omp_num_threads,  // OMP_NUM_THREADS
    omp_places,       // OMP_PLACES
    omp_proc_bind,    // OMP_PROC_BIND
    slurm_job_id,     // SLURM_JOB_ID
    pbs_jobid,        // PBS_JOBID
    // Test hooks (docs/testing.md): faults and timings injected on purpose
    test_stop_at_step,      // MINIASD_TEST_STOP_AT_STEP
    test_slow_rank,         // MINIASD_TEST_SLOW_RANK
    test_nan_at_step,       // MINIASD_TEST_NAN_AT_STEP
    test_ranks_per_node,    // MINIASD_TEST_RANKS_PER_NODE
    test_auto_times,        // MINIASD_TEST_AUTO_TIMES
    test_slow_write,        // MINIASD_TEST_SLOW_WRITE
    test_fail_write,        // MINIASD_TEST_FAIL_WRITE
    test_lose_write,        // MINIASD_TEST_LOSE_WRITE
    test_hang_write,        // MINIASD_TEST_HANG_WRITE
    test_emulate_gpu,       // MINIASD_TEST_EMULATE_GPU
    test_checkpoint_crash,  // MINIASD_TEST_CHECKPOINT_CRASH
};

struct EnvVarInfo {
    EnvVar var;
    const char* name;
    const char* kind;     // "tuning", "runtime" or "test"
    const char* value;    // what it takes
    const char* unset;    // what happens without it
    const char* meaning;  // one sentence
};

// Every variable, in the order of the docs' table.
const std::vector<EnvVarInfo>& environment_variables();
const EnvVarInfo& info(EnvVar v);

// The variable's value; nullopt when it is unset (an empty value counts as set).
std::optional<std::string> environment(EnvVar v);
// Whether it is set (to anything, including empty).
inline bool environment_set(EnvVar v) {
    return environment(v).has_value();
}

// The table as Markdown (the docs' section; `miniasd --input-reference` prints it too).
std::string environment_reference();

}  // namespace miniasd
