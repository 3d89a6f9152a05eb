#!/bin/bash
# A miniASD run as a chain of PBS jobs (docs/restart.md). Each job runs until shortly before its
# walltime, writes a checkpoint, exits with status 75 and submits the next job, which continues
# from it. PBS sends SIGTERM at the walltime and SIGKILL moments later, too late for a
# checkpoint of a large system, and has no option to warn earlier: so this script sends the run
# SIGUSR1 itself MINIASD_SIGNAL_MARGIN seconds (default 600) before the walltime, which it reads
# from qstat (or MINIASD_WALLTIME, seconds or HH:MM:SS), and passes on a SIGTERM that reaches it
# (tools/job-chain.sh). The input must say
#     sim:load-checkpoint-if-exists = continue
# and may set sim:wall-time-limit a little below the walltime as a second line of defence.
# Submit with
#     qsub -v INPUT=path/to/input tools/job-pbs-chain.sh
# (adjust the select line to the machine; one MPI rank per core). To end a chain early, qdel the
# running job: a SIGTERM long before the walltime stops the run with a checkpoint and submits
# nothing.
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
# shellcheck source=tools/job-chain.sh
. "$(dirname "$script")/job-chain.sh" || exit 1
chain_check_input "$input" || exit 1

mkdir -p "$outdir"
count=$(( $(cat "$outdir/chain-jobs" 2>/dev/null || echo 0) + 1 ))
echo "$count" > "$outdir/chain-jobs"  # also the mark of this job's start (chain_stopped)

walltime=$(chain_seconds "${MINIASD_WALLTIME:-$(qstat -f "$PBS_JOBID" 2>/dev/null |
    sed -n 's/^ *Resource_List.walltime = //p')}")
export OMP_NUM_THREADS=1 OMP_PLACES=cores OMP_PROC_BIND=close
ranks=$(wc -l < "${PBS_NODEFILE:-/dev/null}")
chain_run "$walltime" timer "$outdir" "$outdir/chain-jobs" \
    mpiexec -n "${ranks:-1}" "$miniasd" "$input" -o "$outdir"

if chain_stopped "$outdir" "$outdir/chain-jobs"; then
    chain_goes_on || exit 75
    if [ "$count" -ge "$max_jobs" ]; then
        echo "miniasd: stopped with a checkpoint, but $count jobs ran already (MINIASD_MAX_JOBS)"
        exit 1
    fi
    echo "miniasd: stopped with a checkpoint; submitting job $((count + 1)) of the chain"
    qsub -v INPUT="$input",MINIASD_OUTPUT_DIR="$outdir",MINIASD_MAX_JOBS="$max_jobs" "$script"
    exit 0
fi
[ "$chain_status" -eq 0 ] && rm -f "$outdir/chain-jobs"
exit "$chain_status"
