// The environment variables' table (environment.hpp): the one place that calls getenv.
#include "util/environment.hpp"

#include <cstdlib>
#include <sstream>

namespace miniasd {

const std::vector<EnvVarInfo>& environment_variables() {
    using V = EnvVar;
    static const std::vector<EnvVarInfo> table = {
        {V::halo, "MINIASD_HALO", "tuning", "messages, shared-memory", "shared-memory",
         "how ranks on one node exchange halos: through an MPI-3 shared-memory window, or by "
         "messages as between nodes (docs/performance.md); any other value is an error"},
        {V::mpi_thread_level, "MINIASD_MPI_THREAD_LEVEL", "tuning",
         "funneled, serialized, multiple", "multiple",
         "the MPI thread level requested at start-up; below multiple, snapshots are written "
         "synchronously (no background writer thread)"},
        {V::no_fused_heun, "MINIASD_NO_FUSED_HEUN", "tuning", "any (set or not)", "fused",
         "runs the Heun step's predictor and corrector as two passes over the atoms instead of "
         "fused in one (the same bits; for profiling)"},
        {V::no_stencil_runs, "MINIASD_NO_STENCIL_RUNS", "tuning", "any (set or not)",
         "stencil runs",
         "the exchange reads the neighbour table atom by atom instead of in runs "
         "of equal stencils (the same bits; for profiling)"},
        {V::measure_bandwidth, "MINIASD_MEASURE_BANDWIDTH", "tuning", "always, never",
         "measured after a time loop of 10 s or more",
         "whether the run report's roofline measures the memory bandwidth per core (a triad on "
         "every rank at once after the time loop, about 0.1 s and at most 96 MB per rank); any "
         "other value is an error"},
        {V::omp_num_threads, "OMP_NUM_THREADS", "runtime", "a count",
         "the node's cores shared among its ranks",
         "threads per rank (OpenMP's own variable); without it miniASD gives each rank its share "
         "of the node's cores rather than one thread per core"},
        {V::omp_places, "OMP_PLACES", "runtime", "OpenMP's places", "(unset)",
         "OpenMP's own; printed in the run report and report.json"},
        {V::omp_proc_bind, "OMP_PROC_BIND", "runtime", "OpenMP's binding", "(unset)",
         "OpenMP's own; printed in the run report and report.json"},
        {V::slurm_job_id, "SLURM_JOB_ID", "runtime", "set by Slurm", "no job id",
         "the batch job's id, recorded in report.json"},
        {V::pbs_jobid, "PBS_JOBID", "runtime", "set by PBS", "no job id",
         "the batch job's id, recorded in report.json (when SLURM_JOB_ID is unset)"},
        {V::test_stop_at_step, "MINIASD_TEST_STOP_AT_STEP", "test", "N", "off",
         "stops the run with a checkpoint after step N (in sim:relax-first's relaxation: its step "
         "N), as a wall-time limit would"},
        {V::test_slow_rank, "MINIASD_TEST_SLOW_RANK", "test", "R:S", "off",
         "rank R sleeps S seconds per step: a known load imbalance for the report"},
        {V::test_nan_at_step, "MINIASD_TEST_NAN_AT_STEP", "test", "G:N", "off",
         "atom G's spin becomes NaN after step N, as a diverging integration would"},
        {V::test_ranks_per_node, "MINIASD_TEST_RANKS_PER_NODE", "test", "n", "the real nodes",
         "each n consecutive ranks of a node count as a node of their own (both halo "
         "transports and the file-per-node groups on one machine)"},
        {V::test_auto_times, "MINIASD_TEST_AUTO_TIMES", "test", "mode=seconds,...", "measured",
         "the write times config:output-mode = auto sees, instead of measuring them"},
        {V::test_slow_write, "MINIASD_TEST_SLOW_WRITE", "test", "seconds", "0",
         "each snapshot write waits this long first (the background writer's overlap)"},
        {V::test_fail_write, "MINIASD_TEST_FAIL_WRITE", "test", "name:rank", "off",
         "this rank's write of a file whose path contains name fails as a full disk would"},
        {V::test_lose_write, "MINIASD_TEST_LOSE_WRITE", "test", "name:rank", "off",
         "this rank's write of the file is silently corrupted (caught by the read-back)"},
        {V::test_hang_write, "MINIASD_TEST_HANG_WRITE", "test", "name:rank", "off",
         "this rank waits for ever in the write (caught by config:output-timeout)"},
        {V::test_emulate_gpu, "MINIASD_TEST_EMULATE_GPU", "test", "1", "off",
         "a build without CUDA emulates the GPU backend on the host (docs/gpu.md)"},
        {V::test_checkpoint_crash, "MINIASD_TEST_CHECKPOINT_CRASH", "test", "N", "off",
         "every rank exits abruptly during its N-th checkpoint, after the data and before the "
         "rename"},
    };
    return table;
}

const EnvVarInfo& info(EnvVar v) {
    for (const EnvVarInfo& i : environment_variables())
        if (i.var == v) return i;
    std::abort();  // every EnvVar has its row (tests/util/test_environment.cpp)
}

std::optional<std::string> environment(EnvVar v) {
    if (const char* value = std::getenv(info(v).name)) return std::string(value);
    return std::nullopt;
}

std::string environment_reference() {
    std::ostringstream out;
    out << "\n## Environment variables\n\n"
        << "miniASD reads these and no others (`src/util/environment.cpp`). The test hooks "
           "inject faults and timings for the tests (docs/testing.md); never set them in "
           "production.\n\n"
        << "| variable | kind | value | unset | meaning |\n|---|---|---|---|---|\n";
    for (const EnvVarInfo& i : environment_variables())
        out << "| `" << i.name << "` | " << i.kind << " | " << i.value << " | " << i.unset << " | "
            << i.meaning << " |\n";
    return out.str();
}

}  // namespace miniasd
