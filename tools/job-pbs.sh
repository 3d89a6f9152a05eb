#!/bin/bash
# A miniASD run under PBS Pro (docs/running-on-hpc.md). Submit with
#     qsub -v INPUT=path/to/input,THREADS=1 tools/job-pbs.sh
# Adjust the select line to the machine: ncpus = the node's physical cores, mpiprocs = ranks per
# node (ncpus / THREADS), ompthreads = THREADS. PBS reads that line before THREADS is known, so
# when mpiprocs x THREADS would overfill a node's ncpus cores this script starts ncpus / THREADS
# ranks per node instead, and says so. Ranks are bound to blocks of THREADS cores and each thread
# to one core of its block; the end-of-run report shows each thread's core.
#PBS -N miniasd
#PBS -l select=1:ncpus=128:mpiprocs=128:ompthreads=1
#PBS -l walltime=01:00:00
#PBS -j oe

cd "${PBS_O_WORKDIR:-.}" || exit 1
input=${INPUT:-input}
threads=${THREADS:-1}
outdir=${MINIASD_OUTPUT_DIR:-run-${PBS_JOBID%%.*}}
miniasd=${MINIASD:-miniasd}  # the program: on PATH, or give its path
# The node file has one line per rank PBS placed (mpiprocs per node).
lines=$(wc -l < "${PBS_NODEFILE:-/dev/null}")
nodes=$(sort -u "${PBS_NODEFILE:-/dev/null}" | wc -l)
[ "${nodes:-0}" -ge 1 ] || nodes=1
[ "${lines:-0}" -ge 1 ] || lines=1
per_node=$(( (lines + nodes - 1) / nodes ))
cores=${NCPUS:-$(nproc)}  # PBS sets NCPUS to the chunk's ncpus
if [ $(( per_node * threads )) -gt "$cores" ]; then
    fit=$(( cores / threads )); [ "$fit" -ge 1 ] || fit=1
    echo "job-pbs.sh: mpiprocs=$per_node x THREADS=$threads would put $(( per_node * threads ))" \
         "threads on $cores cores per node; starting $fit ranks per node (select ...:mpiprocs=$fit:ompthreads=$threads says so to PBS)" >&2
    per_node=$fit
fi
ranks=$(( per_node * nodes ))

mkdir -p "$outdir"
export OMP_NUM_THREADS=$threads OMP_PLACES=cores OMP_PROC_BIND=close
if mpiexec --version 2>&1 | grep -q "Open MPI"; then
    bind=(--map-by "ppr:$per_node:node:PE=$threads" --bind-to core)  # Open MPI
else
    bind=(--ppn "$per_node" --cpu-bind depth -d "$threads")  # HPE Cray PALS / MPICH's mpiexec
fi
mpiexec -n "$ranks" "${bind[@]}" "$miniasd" "$input" -o "$outdir"
