#!/bin/bash
# A miniASD run under PBS Pro (docs/running-on-hpc.md). Submit with
#     qsub -v INPUT=path/to/input,THREADS=1 tools/job-pbs.sh
# Adjust the select line to the machine: ncpus = the node's physical cores, mpiprocs = ranks per
# node (ncpus / THREADS), ompthreads = THREADS. Ranks are bound to blocks of THREADS cores and
# each thread to one core of its block; the end-of-run report shows each thread's core.
#PBS -N miniasd
#PBS -l select=1:ncpus=128:mpiprocs=128:ompthreads=1
#PBS -l walltime=01:00:00
#PBS -j oe

cd "${PBS_O_WORKDIR:-.}" || exit 1
input=${INPUT:-input}
threads=${THREADS:-1}
outdir=${MINIASD_OUTPUT_DIR:-run-${PBS_JOBID%%.*}}
miniasd=${MINIASD:-miniasd}  # the program: on PATH, or give its path
ranks=$(wc -l < "${PBS_NODEFILE:-/dev/null}")  # one line per MPI rank (mpiprocs)

mkdir -p "$outdir"
export OMP_NUM_THREADS=$threads OMP_PLACES=cores OMP_PROC_BIND=close
if mpiexec --version 2>&1 | grep -q "Open MPI"; then
    bind=(--map-by "slot:PE=$threads" --bind-to core)  # Open MPI
else
    bind=(--cpu-bind depth -d "$threads")  # HPE Cray PALS / MPICH's mpiexec
fi
mpiexec -n "${ranks:-1}" "${bind[@]}" "$miniasd" "$input" -o "$outdir"
