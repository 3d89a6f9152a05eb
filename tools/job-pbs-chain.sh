#!/bin/bash
# A miniASD run as a chain of PBS jobs (docs/restart.md). PBS sends SIGTERM at the walltime
# and SIGKILL moments later, too soon for a checkpoint, so the input's sim:wall-time-limit does
# the stopping: set it some minutes below the walltime. The input must also say
#     sim:load-checkpoint-if-exists = continue
# Submit with
#     qsub -v INPUT=path/to/input tools/job-pbs-chain.sh
# (adjust the select line to the machine; one MPI rank per core).
#PBS -N miniasd
#PBS -l select=1:ncpus=128:mpiprocs=128
#PBS -l walltime=12:00:00
#PBS -j oe

cd "${PBS_O_WORKDIR:-.}" || exit 1
input=${INPUT:-input}
outdir=${MINIASD_OUTPUT_DIR:-run}
miniasd=${MINIASD:-miniasd}  # the program: on PATH, or give its path
max_jobs=${MINIASD_MAX_JOBS:-20}
script=${MINIASD_JOB_SCRIPT:-tools/job-pbs-chain.sh}

mkdir -p "$outdir"
count=$(( $(cat "$outdir/chain-jobs" 2>/dev/null || echo 0) + 1 ))
echo "$count" > "$outdir/chain-jobs"

export OMP_NUM_THREADS=1 OMP_PLACES=cores OMP_PROC_BIND=close
ranks=$(wc -l < "${PBS_NODEFILE:-/dev/null}")
mpiexec -n "${ranks:-1}" "$miniasd" "$input" -o "$outdir"
status=$?

if [ "$status" -eq 75 ]; then
    if [ "$count" -ge "$max_jobs" ]; then
        echo "miniasd: stopped with a checkpoint, but $count jobs ran already (MINIASD_MAX_JOBS)"
        exit 1
    fi
    echo "miniasd: stopped with a checkpoint; submitting job $((count + 1)) of the chain"
    qsub -v INPUT="$input",MINIASD_OUTPUT_DIR="$outdir",MINIASD_MAX_JOBS="$max_jobs" "$script"
    exit 0
fi
[ "$status" -eq 0 ] && rm -f "$outdir/chain-jobs"
exit "$status"
