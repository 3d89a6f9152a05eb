#!/usr/bin/python3
"""The PBS chain of jobs end to end under a stand-in scheduler (docs/restart.md, "A chain of
jobs"): signal -> checkpoint -> exit 75 -> resubmission command -> the next job continues.
  1. The walltime is known (qstat): the script sends SIGUSR1 MINIASD_SIGNAL_MARGIN seconds
     before it; the run stops with a checkpoint, mpiexec exits 75, qsub is called with the
     chain's variables; the next job continues to the end and submits nothing.
  2. The walltime is unknown and SIGTERM reaches every process of the job at once (as PBS sends
     it at the walltime): mpirun itself exits 1, but the run wrote its checkpoint; the script
     passes the signal on, reads report.json and resubmits. Before, the shell died with the
     signal and nothing was resubmitted.
  3. SIGTERM long before a known walltime (qdel): the run stops with a checkpoint, the script
     exits 75 and submits nothing.
  4. The Slurm chain with stand-ins for srun, sbatch and scontrol: each job stops at its
     sim:wall-time-limit wherever that falls, and the chain's statistics and snapshots are still
     bitwise those of the uninterrupted run.
Usage: check_job_chain.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import content_hashes, small_bcc, wait_for_rows  # noqa: E402

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = os.path.abspath(args[0]), args[1], args[2:sep]
work, source = args[sep + 1], args[sep + 2]
script = os.path.join(source, "tools", "job-pbs-chain.sh")
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what.splitlines()[0])
    if not ok:
        failures.append(what)
        print(what)


shutil.rmtree(work, ignore_errors=True)
fake = os.path.join(work, "bin")
os.makedirs(fake)
stand_ins = {
    "mpiexec": f'#!/bin/bash\nexec {" ".join([mpiexec, *flags])} "$@"\n',
    # qsub: records its arguments; the test runs the next job itself.
    "qsub": '#!/bin/bash\nprintf "%s " "$@" >> "$QSUB_LOG"\necho >> "$QSUB_LOG"\necho 1001.fake\n',
    "qstat": '#!/bin/bash\n[ -n "$FAKE_WALLTIME" ] && '
             'echo "    Resource_List.walltime = $FAKE_WALLTIME"\nexit 0\n',
}
for name, body in stand_ins.items():
    with open(os.path.join(fake, name), "w") as f:
        f.write(body)
    os.chmod(os.path.join(fake, name), 0o755)

system = small_bcc(20, 9, 1000) + "sim:load-checkpoint-if-exists = continue\n"


def job_dir(name):
    d = os.path.join(work, name)
    os.makedirs(d)
    with open(os.path.join(d, "nodes"), "w") as f:
        f.write("node1\nnode1\n")  # PBS_NODEFILE: two ranks
    return d


def write_input(d, steps):
    with open(os.path.join(d, "input"), "w") as f:
        f.write(system + f"sim:total-time-steps = {steps}\n")


def start(d, **extra):
    env = dict(os.environ, PATH=fake + os.pathsep + os.environ["PATH"], PBS_O_WORKDIR=d,
               PBS_JOBID="1000.fake", PBS_NODEFILE=os.path.join(d, "nodes"), INPUT="input",
               MINIASD=miniasd, MINIASD_JOB_SCRIPT=script, QSUB_LOG=os.path.join(d, "qsub.log"),
               OMP_NUM_THREADS="1")
    env.update(extra)
    # A session of its own, so that kill_session() reaches the script, mpirun and the ranks.
    # Output to a file: mpirun may outlive the script by a minute (it waits twice
    # OMPI_MCA_odls_base_sigkill_timeout after a SIGTERM), holding a pipe open that long.
    log = open(os.path.join(d, "job.log"), "w")
    return subprocess.Popen(["bash", script], cwd=d, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)


def finish(job, d, timeout=180):
    """The script's exit status and output; what it left running (a lingering mpirun) is
    ended, as PBS ends a job's processes when its script exits."""
    job.wait(timeout=timeout)
    kill_session(job.pid, signal.SIGKILL)
    return open(os.path.join(d, "job.log")).read()


def kill_session(sid, sig):
    """The signal to every process of the session, as PBS sends it to a job's processes (Open
    MPI's ranks are in process groups of their own, so killpg would miss them)."""
    pids = subprocess.run(["ps", "-s", str(sid), "-o", "pid="], capture_output=True,
                          text=True).stdout.split()
    for pid in pids:
        try:
            os.kill(int(pid), sig)
        except ProcessLookupError:
            pass
    return len(pids)


def submissions(d):
    log = os.path.join(d, "qsub.log")
    return open(log).read().splitlines() if os.path.exists(log) else []


def checkpoints(d):
    return sorted(glob.glob(os.path.join(d, "run", "checkpoints", "checkpoint-*")))


def exit_status_in_report(d):
    return json.load(open(os.path.join(d, "run", "report.json")))["run"]["exit_status"]


# 1. The script's own early signal, then the next job to the end.
d = job_dir("timer")
write_input(d, 100000000)
job = start(d, FAKE_WALLTIME="00:00:05", MINIASD_SIGNAL_MARGIN="2")
out = finish(job, d)
check(job.returncode == 0, f"timer: the job ends with status 0 ({job.returncode})\n{out}")
# The delay counts from the job's start (bash's SECONDS), so the input check before the run may
# shorten it by a second or two on a loaded machine: 5 s walltime - 2 s margin - that time.
timer_at = re.search(r"walltime 5 s: SIGUSR1 to the run at (\d+) s", out)
check(timer_at is not None and 1 <= int(timer_at.group(1)) <= 3 and "walltime at" in out,
      "timer: the script read the walltime from qstat and signalled the run before it\n" + out)
check("Stopped at step" in out and "signal SIGUSR1" in out, "timer: the run stopped\n" + out)
subs = submissions(d)
check(len(subs) == 1 and subs[0].split() ==
      ["-v", "INPUT=input,MINIASD_OUTPUT_DIR=run,MINIASD_MAX_JOBS=20", script],
      f"timer: one resubmission with the chain's variables: {subs}")
cks = checkpoints(d)
check(len(cks) == 1 and exit_status_in_report(d) == 75, f"timer: one checkpoint {cks}")
if len(cks) == 1:
    step = int(cks[0].rsplit("-", 1)[1])
    write_input(d, step + 3000)  # the next job: to the end (more steps are an allowed change)
    job = start(d)
    out = finish(job, d)
    check(job.returncode == 0 and "Continuing from" in out,
          f"timer: the next job continues and ends with status 0 ({job.returncode})\n{out}")
    check(len(submissions(d)) == 1 and not os.path.exists(os.path.join(d, "run", "chain-jobs")),
          "timer: the finished chain submits nothing more and removes its counter")
    rows = [int(float(l.split()[0])) for l in open(os.path.join(d, "run", "output"))
            if not l.startswith("#")]
    check(rows == list(range(0, step + 3001, 1000)), f"timer: rows follow on: {rows}")

# 2. SIGTERM to every process of the job, walltime unknown.
d = job_dir("walltime-term")
write_input(d, 100000000)
job = start(d)
check(wait_for_rows(os.path.join(d, "run", "output")), "walltime-term: the run started")
t0 = time.time()
kill_session(job.pid, signal.SIGTERM)
out = finish(job, d)
print(f"walltime-term: the job ended {time.time() - t0:.1f} s after the signal")
check(job.returncode == 0, f"walltime-term: the job ends with status 0 ({job.returncode})\n{out}")
check("TERM at" in out and "the run stopped with a checkpoint (its report.json says so)" in out,
      "walltime-term: the script passed the signal on and read the outcome from report.json\n"
      + out)
check(len(submissions(d)) == 1, f"walltime-term: resubmitted: {submissions(d)}")
check(len(checkpoints(d)) == 1 and exit_status_in_report(d) == 75,
      f"walltime-term: one checkpoint {checkpoints(d)}")

# 3. SIGTERM an hour before the walltime: someone ended the job (qdel).
d = job_dir("qdel")
write_input(d, 100000000)
job = start(d, FAKE_WALLTIME="01:00:00")
check(wait_for_rows(os.path.join(d, "run", "output")), "qdel: the run started")
kill_session(job.pid, signal.SIGTERM)
out = finish(job, d)
check(job.returncode == 75, f"qdel: the job ends with status 75 ({job.returncode})\n{out}")
check("ended by hand" in out and not submissions(d), f"qdel: nothing resubmitted\n{out}")
check(len(checkpoints(d)) == 1, f"qdel: the checkpoint is there to continue from {checkpoints(d)}")

# 5. At the time limit a batch system signals every process of the job at once: the launcher
# then kills the ranks about a second later. The ranks agree on the stop at the next step
# boundary (a vote every step), so the checkpoint is written in time, every time: 4 jobs in a
# row at 1, 2 and 4 ranks, with SIGTERM to every process, and to the ranks alone, the signal's
# phase spread over half a second (MINIASD_TERM_JOBS=10 for a longer stress run).
def ranks_of(sid):
    out = subprocess.run(["ps", "-s", str(sid), "-o", "pid=,comm="], capture_output=True,
                         text=True).stdout.split("\n")
    return [int(l.split()[0]) for l in out if l.split()[1:] == ["miniasd"]]


term_jobs = int(os.environ.get("MINIASD_TERM_JOBS", "4"))
for ranks in (1, 2, 4):
    for form in ("every-process", "ranks-alone"):
        held = 0
        for k in range(term_jobs):
            d = job_dir(f"term-{ranks}-{form}-{k}")
            with open(os.path.join(d, "nodes"), "w") as f:
                f.write("node1\n" * ranks)
            write_input(d, 100000000)
            job = start(d)
            if not wait_for_rows(os.path.join(d, "run", "output"), rows=2):
                check(False, f"term {ranks} {form} {k}: the run did not start")
                continue
            # Into the run, where a once-a-second check had grown its interval to a second;
            # the signal's phase against the step varies from job to job.
            time.sleep(1.0 + 0.45 * k / max(term_jobs - 1, 1))
            if form == "every-process":
                kill_session(job.pid, signal.SIGTERM)
            else:
                for pid in ranks_of(job.pid):
                    os.kill(pid, signal.SIGTERM)
            out = finish(job, d)
            ok = (job.returncode == 0 and len(checkpoints(d)) == 1 and
                  exit_status_in_report(d) == 75)
            held += ok
            if not ok:
                print(f"term {ranks} {form} {k}: status {job.returncode}, checkpoints "
                      f"{checkpoints(d)}\n{out}")
        check(held == term_jobs, f"SIGTERM to {form.replace('-', ' ')} at {ranks} rank(s): the "
                                 f"checkpoint held in {held} of {term_jobs} jobs")

# 4. The Slurm chain: srun runs 3 ranks; sbatch runs the next job at once, in this process tree,
# as the queue would later.
d = job_dir("slurm")
stand_ins = {
    "srun": f'#!/bin/bash\nwhile [[ "$1" == --* ]]; do shift; done\n'
            f'exec {" ".join([mpiexec, *flags])} -n 3 "$@"\n',
    "scontrol": '#!/bin/bash\necho "   Command=$FAKE_SCRIPT"\n',
    "sbatch": '#!/bin/bash\nwhile [[ "$1" == --* ]]; do shift; done\n'
              'export SLURM_JOB_ID=$((SLURM_JOB_ID + 1))\necho "submitted $SLURM_JOB_ID"\n'
              'exec bash "$@"\n',
}
for name, body in stand_ins.items():
    with open(os.path.join(fake, name), "w") as f:
        f.write(body)
    os.chmod(os.path.join(fake, name), 0o755)
chain = (small_bcc(17, 31, 100) + "sim:total-time-steps = 100000\nconfig:atoms\n"
         "config:atoms-output-rate = 250\noutput:time-steps\noutput:magnetisation\n"
         "output:mean-magnetisation-length\noutput:mean-total-energy\n")
whole = os.path.join(d, "whole")
os.makedirs(whole)
with open(os.path.join(whole, "input"), "w") as f:
    f.write(chain)
subprocess.run([mpiexec, "-n", "2", *flags, miniasd, "input", "-q"], cwd=whole, check=True,
               env=dict(os.environ, OMP_NUM_THREADS="1"), capture_output=True, timeout=300)
with open(os.path.join(d, "input"), "w") as f:
    f.write(chain + "sim:load-checkpoint-if-exists = continue\nsim:wall-time-limit = 2\n")
slurm_script = os.path.join(source, "tools", "job-slurm-chain.sh")
env = dict(os.environ, PATH=fake + os.pathsep + os.environ["PATH"], FAKE_SCRIPT=slurm_script,
           SLURM_JOB_ID="1", OMP_NUM_THREADS="1", MINIASD=miniasd, MINIASD_OUTPUT_DIR="run",
           MINIASD_MAX_JOBS="200")  # a slow build (sanitizers) needs more jobs
p = subprocess.run(["bash", slurm_script, "input"], cwd=d, env=env, capture_output=True,
                   text=True, timeout=600)
jobs = p.stdout.count("Stopped at step") + 1
check(p.returncode == 0, f"slurm: the chain ends with status 0 ({p.returncode})\n{p.stdout}\n{p.stderr}")
check(jobs >= 2, f"slurm: the chain ran {jobs} job(s); the wall-time limit should stop the first")
check(open(os.path.join(whole, "output"), "rb").read() ==
      open(os.path.join(d, "run", "output"), "rb").read(),
      f"slurm: the {jobs}-job chain's statistics equal the uninterrupted run's")
check(content_hashes(whole) == content_hashes(os.path.join(d, "run")),
      "slurm: the chain's snapshots equal the uninterrupted run's")
check(not os.path.exists(os.path.join(d, "run", "chain-jobs")), "slurm: the counter is removed")

# An input without sim:load-checkpoint-if-exists = continue would start every job at step 0:
# both chain scripts refuse it before running anything (a commented-out line does not count).
with open(os.path.join(d, "no-continue"), "w") as f:
    f.write(chain + "# sim:load-checkpoint-if-exists = continue\n")
for script, args, extra in [(slurm_script, ["no-continue"], {}),
                            (os.path.join(source, "tools", "job-pbs-chain.sh"), [],
                             {"INPUT": "no-continue", "PBS_O_WORKDIR": d,
                              "MINIASD_JOB_SCRIPT": os.path.join(source, "tools",
                                                                 "job-pbs-chain.sh")})]:
    out = os.path.join(d, "refused")
    shutil.rmtree(out, ignore_errors=True)
    p = subprocess.run(["bash", script, *args], cwd=d, capture_output=True, text=True,
                       env=dict(env, MINIASD_OUTPUT_DIR="refused", **extra), timeout=60)
    name = os.path.basename(script)
    check(p.returncode == 1, f"{name}: an input without the continue line is refused "
                             f"({p.returncode})\n{p.stdout}\n{p.stderr}")
    check("has no 'sim:load-checkpoint-if-exists = continue'" in p.stderr,
          f"{name}: the refusal says why:\n{p.stderr}")
    check(not os.path.exists(os.path.join(out, "output")), f"{name}: nothing was run")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("job chain: all checks passed")
