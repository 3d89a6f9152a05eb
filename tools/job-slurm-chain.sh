#!/bin/bash
# A miniASD run as a chain of Slurm jobs (docs/restart.md). Each job runs until Slurm's signal
# (USR1, 10 minutes before the time limit) or the input's sim:wall-time-limit, writes a
# checkpoint, exits with status 75, and submits the next job, which continues from it. A SIGTERM
# that reaches this script (the time limit itself) is passed on too (tools/job-chain.sh); one
# long before the limit (scancel) stops the run with a checkpoint and submits nothing. The input
# must say
#     sim:load-checkpoint-if-exists = continue
# (the first job starts afresh; every later one continues), and should set
#     sim:wall-time-limit = 11h45m
# a little below --time as a second line of defence. Submit with
#     sbatch tools/job-slurm-chain.sh path/to/input
# Sized for ARCHER2 (128 cores per node): one rank per core, no hyperthreads (docs/running-on-hpc.md).
#SBATCH --job-name=miniasd
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=128
#SBATCH --cpus-per-task=1
#SBATCH --time=12:00:00
#SBATCH --signal=USR1@600
#SBATCH --output=miniasd-%j.out

input=${1:-input}
outdir=${MINIASD_OUTPUT_DIR:-run}
miniasd=${MINIASD:-miniasd}  # the program: on PATH, or give its path
max_jobs=${MINIASD_MAX_JOBS:-20}  # a safety net against a chain that never finishes
script=${MINIASD_JOB_SCRIPT:-$(scontrol show job "$SLURM_JOB_ID" | sed -n 's/^ *Command=\([^ ]*\).*/\1/p')}

# shellcheck source=tools/job-chain.sh
. "$(dirname "$script")/job-chain.sh" || exit 1
chain_check_input "$input" || exit 1

mkdir -p "$outdir"
count=$(( $(cat "$outdir/chain-jobs" 2>/dev/null || echo 0) + 1 ))
echo "$count" > "$outdir/chain-jobs"  # also the mark of this job's start (chain_stopped)
limit=$(chain_seconds "${MINIASD_WALLTIME:-$(squeue -h -j "$SLURM_JOB_ID" -o %l 2>/dev/null)}")
export MINIASD_SIGNAL_MARGIN=${MINIASD_SIGNAL_MARGIN:-600}

export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
export OMP_PLACES=cores
export OMP_PROC_BIND=close
# No timer of ours: Slurm's own signal comes first; the limit only tells a SIGTERM at the time
# limit from an scancel.
chain_run "$limit" no-timer "$outdir" "$outdir/chain-jobs" srun --hint=nomultithread --distribution=block:block "$miniasd" \
    "$input" -o "$outdir"

if chain_stopped "$outdir" "$outdir/chain-jobs"; then
    chain_goes_on || exit 75
    if [ "$count" -ge "$max_jobs" ]; then
        echo "miniasd: stopped with a checkpoint, but $count jobs ran already (MINIASD_MAX_JOBS)"
        exit 1
    fi
    echo "miniasd: stopped with a checkpoint; submitting job $((count + 1)) of the chain"
    sbatch --dependency=afterany:"$SLURM_JOB_ID" "$script" "$input"
    exit 0
fi
[ "$chain_status" -eq 0 ] && rm -f "$outdir/chain-jobs"
exit "$chain_status"
