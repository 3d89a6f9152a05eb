# shellcheck shell=bash
# Sourced by tools/job-slurm-chain.sh and tools/job-pbs-chain.sh (docs/restart.md, "A chain of
# jobs"): runs miniasd under the launcher so that the job script can pass signals on, asks the
# run to stop with a checkpoint before the walltime, and tells whether the run stopped with one.
#
# Why the script must do this: a batch system ends a job by sending SIGTERM to every process of
# it, the launcher included, and SIGKILL moments later (PBS's kill_delay, Slurm's KillWait).
# Open MPI's mpirun meets SIGTERM by killing the ranks a second later and exits with status 1
# whatever they managed, so a run that did write its checkpoint looked failed and the chain
# ended. Hence:
#   - the launcher runs in the background; SIGTERM, SIGINT and SIGUSR1 reaching this shell are
#     passed to it as SIGUSR1, which mpirun, mpiexec and srun forward to every rank: they finish
#     the step, write a checkpoint and exit 75;
#   - with a known walltime, SIGUSR1 is sent MINIASD_SIGNAL_MARGIN seconds (default 600) before
#     it, as Slurm's --signal does (PBS has no such option);
#   - when the launcher's own status is lost to a signal, the run's report.json, written by this
#     job, says whether it stopped with a checkpoint (run.exit_status 75).

# chain_check_input INPUT: true when the input continues from a checkpoint when there is one
# (sim:load-checkpoint-if-exists = continue); otherwise says why a chain needs it. Without it
# every job of the chain would start again from step 0 and the chain would never end.
chain_check_input() {
    if [ ! -r "$1" ]; then
        echo "miniasd job: cannot read the input file '$1'" >&2
        return 1
    fi
    # Keywords are case-insensitive and blanks inside a line do not count; '#' starts a comment.
    if sed 's/#.*//' "$1" | tr -d ' \t\r' | tr '[:upper:]' '[:lower:]' |
        grep -qx 'sim:load-checkpoint-if-exists=continue'; then
        return 0
    fi
    echo "miniasd job: $1 has no 'sim:load-checkpoint-if-exists = continue': every job of a" \
         "chain would start again from step 0. Add that line (the first job starts afresh," \
         "every later one continues from the checkpoint); nothing was run" >&2
    return 1
}

# Seconds in "[D-]HH:MM:SS", "MM:SS" or a plain number of seconds; nothing if unreadable.
chain_seconds() {
    local t=$1 days=0 h=0 m=0 s=0
    [[ $t == *-* ]] && { days=${t%%-*}; t=${t#*-}; }
    IFS=: read -r -a f <<< "$t"
    case ${#f[@]} in
        1) s=${f[0]} ;;
        2) m=${f[0]}; s=${f[1]} ;;
        3) h=${f[0]}; m=${f[1]}; s=${f[2]} ;;
        *) return ;;
    esac
    [[ "$days$h$m$s" =~ ^[0-9]+$ ]] || return
    echo $(( ((10#$days * 24 + 10#$h) * 60 + 10#$m) * 60 + 10#$s ))
}

# A trapped signal: the run is asked to stop (SIGUSR1 to the launcher); the first one is kept.
_chain_stop() {
    if [ -z "$chain_signal" ]; then
        chain_signal=$1
        [ -n "$_chain_walltime" ] && chain_signal_left=$(( _chain_walltime - SECONDS ))
    fi
    echo "miniasd job: $1 at ${SECONDS} s: asking the run to stop with a checkpoint"
    kill -USR1 "$_chain_pid" 2> /dev/null
}

# chain_run WALLTIME_S TIMER OUTDIR STAMP COMMAND...: runs COMMAND in the background and waits
# for it; with TIMER "timer" and a walltime, SIGUSR1 goes to it MINIASD_SIGNAL_MARGIN seconds
# before. OUTDIR is the run's output directory, STAMP a file made when this job began. Sets
# chain_status (the exit status), chain_signal (the first signal that stopped the run: "" none,
# "walltime" this script's timer, or TERM, INT, USR1 received by this shell) and
# chain_signal_left (seconds of walltime left when it came; empty when unknown).
chain_run() {
    local walltime=$1 use_timer=$2 report=$3/report.json stamp=$4
    local margin=${MINIASD_SIGNAL_MARGIN:-600} timer=''
    shift 4
    chain_signal='' chain_signal_left='' chain_status=''
    _chain_walltime=$walltime
    "$@" &
    local run=$!
    _chain_pid=$run
    trap '_chain_stop TERM' TERM
    trap '_chain_stop INT' INT
    trap '_chain_stop USR1' USR1
    if [ -n "$walltime" ] && [ "$use_timer" = timer ]; then
        local delay=$(( walltime - margin - SECONDS ))
        if [ "$delay" -lt 1 ]; then
            echo "miniasd job: walltime ${walltime} s leaves no MINIASD_SIGNAL_MARGIN of" \
                 "${margin} s: relying on sim:wall-time-limit and the batch system's signal"
        else
            echo "miniasd job: walltime ${walltime} s: SIGUSR1 to the run at ${delay} s"
            ( sleep "$delay" && kill -USR2 $$ ) &
            timer=$!
            trap '_chain_stop walltime' USR2
        fi
    fi
    # Until a signal: wait for the launcher (wait returns early, status > 128, when a trapped
    # signal arrives). After one: until the launcher ends or the run's report.json, which rank 0
    # writes last, appears, whichever is first (Open MPI's mpirun, when SIGTERM reached it too,
    # lingers after its ranks: twice odls_base_sigkill_timeout).
    while kill -0 "$run" 2> /dev/null; do
        if [ -z "$chain_signal" ]; then
            wait "$run"
            chain_status=$?
        elif [ "$report" -nt "$stamp" ]; then
            break
        else
            sleep 0.5
        fi
    done
    if [ -z "$chain_status" ] || { [ "$chain_status" -gt 128 ] && ! kill -0 "$run" 2> /dev/null; }; then
        wait "$run" 2> /dev/null  # its status, if it ended while a signal was being handled
        local again=$?
        [ "$again" -ne 127 ] && chain_status=$again
    fi
    [ -n "$chain_status" ] || chain_status=1  # still lingering: the report decides (chain_stopped)
    if [ -n "$timer" ]; then
        pkill -P "$timer" 2> /dev/null
        kill "$timer" 2> /dev/null
    fi
    trap - TERM INT USR1 USR2
}

# chain_stopped OUTDIR STAMP: true when the run stopped with a checkpoint: status 75 from the
# launcher, or report.json newer than STAMP (a file made when this job began) says so.
chain_stopped() {
    [ "$chain_status" -eq 75 ] && return 0
    local report=$1/report.json
    if [ "$report" -nt "$2" ] && grep -q '"exit_status": 75' "$report"; then
        echo "miniasd job: the launcher ended with status $chain_status, but the run stopped" \
             "with a checkpoint (its report.json says so)"
        return 0
    fi
    return 1
}

# chain_goes_on: after a stop with a checkpoint, whether to submit the next job. A signal that
# came while more than MINIASD_SIGNAL_MARGIN seconds (and a minute) of a known walltime were
# left is someone ending the job (qdel, scancel): the chain stops there, with the checkpoint.
chain_goes_on() {
    local margin=${MINIASD_SIGNAL_MARGIN:-600}
    case "$chain_signal" in
        TERM | INT)
            if [ -n "$chain_signal_left" ] && [ "$chain_signal_left" -gt $(( margin + 60 )) ]; then
                echo "miniasd job: SIG$chain_signal with ${chain_signal_left} s of the walltime" \
                     "left: the job was ended by hand, so the chain stops; submit again to" \
                     "continue from the checkpoint"
                return 1
            fi
            ;;
    esac
    return 0
}
