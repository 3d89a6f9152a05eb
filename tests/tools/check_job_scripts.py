#!/usr/bin/python3
"""The job scripts in tools/ run under a stand-in launcher: tools/job-slurm.sh calls srun with
ARCHER2's binding options and exports OMP_NUM_THREADS (from --cpus-per-task), OMP_PLACES=cores
and OMP_PROC_BIND=close; tools/job-pbs.sh does the same through mpiexec; tools/job-slurm-scaling.sh
hands bench/scaling.py an srun launcher with the shape filled in. The stand-ins record their
arguments and environment and run miniasd as one process, so the run's report.json must show
the binding variables in effect.
Usage: check_job_scripts.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
sep = args.index("--")
miniasd = os.path.abspath(args[0])
work, source = args[sep + 1], args[sep + 2]
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


shutil.rmtree(work, ignore_errors=True)
bindir = os.path.join(work, "bin")
os.makedirs(bindir)
# A launcher stand-in: records "args" and the OMP_ variables, then runs what follows its options.
stand_in = """#!/bin/bash
if [ "$1" = --version ]; then echo "mpiexec (Open MPI) 4.1"; exit 0; fi
printf '%s\\n' "$@" > "$LAUNCH_LOG.args"
env | grep '^OMP_' | sort > "$LAUNCH_LOG.env"
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do
  case "$1" in -n|-d|--map-by|--bind-to|--cpu-bind|--ppn) shift ;; esac
  shift
done
exec "$@"
"""
for name in ("srun", "mpiexec"):
    with open(os.path.join(bindir, name), "w") as f:
        f.write(stand_in)
    os.chmod(os.path.join(bindir, name), 0o755)

text = open(os.path.join(source, "input/bcc-fe/input")).read()
text = re.sub(r"sim:total-time-steps = \d+", "sim:total-time-steps = 40", text)
text = re.sub(r"sim:time-steps-increment = \d+", "sim:time-steps-increment = 20", text)
text = re.sub(r"config:atoms-output-rate = \d+", "config:atoms-output-rate = 1", text)
run = os.path.join(work, "run")
os.makedirs(run)
with open(os.path.join(run, "input"), "w") as f:
    f.write(text)
shutil.copy(os.path.join(source, "input/bcc-fe/Fe.mat"), run)
base_env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
base_env.update(PATH=bindir + ":" + os.environ["PATH"], MINIASD=miniasd)


def launched(name, script, env, argv):
    env = dict(base_env, LAUNCH_LOG=os.path.join(work, name), MINIASD_OUTPUT_DIR=name, **env)
    p = subprocess.run(["bash", os.path.join(source, "tools", script), *argv], cwd=run, env=env,
                       capture_output=True, text=True, timeout=300)
    check(p.returncode == 0, f"{script} runs ({p.returncode}) {p.stderr[-500:]}")
    got = open(env["LAUNCH_LOG"] + ".args").read().split("\n")
    omp = dict(l.split("=", 1) for l in open(env["LAUNCH_LOG"] + ".env").read().split("\n") if l)
    return got, omp, p.stdout


got, omp, _ = launched("slurm", "job-slurm.sh", {"SLURM_CPUS_PER_TASK": "2", "SLURM_JOB_ID": "7"}, ["input"])
check("--hint=nomultithread" in got and "--distribution=block:block" in got,
      f"job-slurm.sh: srun with ARCHER2's binding options ({got[:2]})")
check(omp == {"OMP_NUM_THREADS": "2", "OMP_PLACES": "cores", "OMP_PROC_BIND": "close"},
      f"job-slurm.sh: OMP_NUM_THREADS from --cpus-per-task, OMP_PLACES, OMP_PROC_BIND ({omp})")
report = json.load(open(os.path.join(run, "slurm", "report.json")))
m = report["machine"]
check(m["scheduler"] == "slurm" and m["job_id"] == "7",
      f"job-slurm.sh: report.json names the scheduler and its job id ({m['scheduler']} {m['job_id']})")
check(m["threads_per_rank"] == 2 and m["proc_bind_in_effect"] == "close" and m["OMP_PLACES"] == "cores",
      f"job-slurm.sh: the run's report shows the binding in effect ({m['proc_bind_in_effect']}, {m['places']} places)")
check(report["snapshots"]["count"] > 0 and os.path.exists(os.path.join(run, "slurm", "output")),
      "job-slurm.sh: the output goes to MINIASD_OUTPUT_DIR")

with open(os.path.join(work, "nodefile"), "w") as f:
    f.write("node1\n")
got, omp, _ = launched("pbs", "job-pbs.sh",
                       {"INPUT": "input", "THREADS": "2", "PBS_NODEFILE": os.path.join(work, "nodefile"),
                        "PBS_O_WORKDIR": run}, [])
check(got[:2] == ["-n", "1"] and "ppr:1:node:PE=2" in got and "core" in got,
      f"job-pbs.sh: one rank per nodefile line, bound to blocks of THREADS cores ({got[:6]})")
check(omp == {"OMP_NUM_THREADS": "2", "OMP_PLACES": "cores", "OMP_PROC_BIND": "close"},
      f"job-pbs.sh: OMP_NUM_THREADS, OMP_PLACES, OMP_PROC_BIND ({omp})")
# The documented qsub -v ...,THREADS=4 with the script's select line (mpiprocs = ncpus): 4 ranks
# placed on a 4-core node would run 16 threads; the script starts 1 rank per node and says so.
with open(os.path.join(work, "nodefile4"), "w") as f:
    f.write("node1\nnode1\nnode1\nnode1\n")
got, omp, _ = launched("pbs4", "job-pbs.sh",
                       {"INPUT": "input", "THREADS": "4", "NCPUS": "4",
                        "PBS_NODEFILE": os.path.join(work, "nodefile4"), "PBS_O_WORKDIR": run}, [])
check(got[:2] == ["-n", "1"] and "ppr:1:node:PE=4" in got and omp.get("OMP_NUM_THREADS") == "4",
      f"job-pbs.sh: THREADS=4 on 4 cores with mpiprocs=4 starts 1 rank x 4 threads ({got[:4]})")

# The scaling job: srun launcher with the shape filled in; one tiny shape, one round.
p = subprocess.run(["bash", os.path.join(source, "tools/job-slurm-scaling.sh"), "--cells", "4", "--steps",
                    "10", "--rounds", "1", "--shapes", "1x2", "--no-plot",
                    "--dir", os.path.join(work, "scaling-results")],
                   cwd=source, env=dict(base_env, LAUNCH_LOG=os.path.join(work, "scaling"),
                                        SLURM_JOB_ID="check-job-scripts"),
                   capture_output=True, text=True, timeout=300)
got = open(os.path.join(work, "scaling.args")).read().split("\n")
check(p.returncode == 0 and "--ntasks=1" in got and "--cpus-per-task=2" in got
      and "--distribution=block:block" in got,
      f"job-slurm-scaling.sh: bench/scaling.py launches each shape with srun ({got[:5]}) {p.stderr[-300:]}")
check(os.path.exists(os.path.join(work, "scaling-results", "summary.csv")), "job-slurm-scaling.sh: summary.csv written")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all checks passed")
