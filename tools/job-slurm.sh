#!/bin/bash
# A miniASD run on a Slurm cluster, ARCHER2-style (docs/running-on-hpc.md). Submit with
#     sbatch --nodes=2 tools/job-slurm.sh path/to/input
# Shape: --ntasks-per-node ranks per node, each with --cpus-per-task OpenMP threads; their
# product should be the node's physical cores (128 on ARCHER2). Start with one rank per core
# (the default below); try 4 threads per rank (--ntasks-per-node=32 --cpus-per-task=4) and
# compare the report's ns per atom-step. Binding: srun places ranks in blocks of cores
# (--distribution=block:block, no hyperthreads) and OMP_PLACES / OMP_PROC_BIND keep each thread
# on one core of its rank; the end-of-run report shows each thread's core ("CPU of each thread")
# so you can check it took effect. For jobs longer than the time limit use job-slurm-chain.sh.
#SBATCH --job-name=miniasd
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=128
#SBATCH --cpus-per-task=1
#SBATCH --time=01:00:00
#SBATCH --output=miniasd-%j.out
# (ARCHER2 also needs --account, --partition=standard and --qos=standard.)

input=${1:-input}
outdir=${MINIASD_OUTPUT_DIR:-run-$SLURM_JOB_ID}
miniasd=${MINIASD:-miniasd}  # the program: on PATH, or give its path

mkdir -p "$outdir"
export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
export OMP_PLACES=cores
export OMP_PROC_BIND=close
# srun does not pass --cpus-per-task on to the job steps since Slurm 22.05: say it again.
export SRUN_CPUS_PER_TASK=${SLURM_CPUS_PER_TASK:-1}
srun --hint=nomultithread --distribution=block:block "$miniasd" "$input" -o "$outdir"
