#!/usr/bin/python3
"""The end-of-run profile report and its JSON twin (report.json): valid JSON with the build,
input fingerprint and machine; the time-loop parts adding up to the loop on 1, 2 and 4 ranks; a
rank made slow on purpose (MINIASD_TEST_SLOW_RANK) showing as compute on that rank and as load
imbalance on the other, not as halo time; OMP_PLACES / OMP_PROC_BIND read back with each
thread's CPU, and two threads bound to one CPU reported.
Usage: check_profile_report.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
sep = args.index("--")
miniasd, mpiexec, flags = args[0], args[1], args[2:sep]
work, source = args[sep + 1], args[sep + 2]
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def run(name, ranks, steps=100, env=None, mpi_extra=()):
    """Runs a shortened copy of the bcc-fe example; returns (stdout, report dict)."""
    d = os.path.join(work, name)
    os.makedirs(d)
    text = open(os.path.join(source, "input/bcc-fe/input")).read()
    text = re.sub(r"sim:equilibration-time-steps = \d+", "sim:equilibration-time-steps = 0", text)
    text = re.sub(r"sim:total-time-steps = \d+", f"sim:total-time-steps = {steps}", text)
    text = re.sub(r"sim:time-steps-increment = \d+", "sim:time-steps-increment = 20", text)
    with open(os.path.join(d, "input"), "w") as f:
        f.write(text)
    shutil.copy(os.path.join(source, "input/bcc-fe/Fe.mat"), d)
    e = dict(os.environ, OMP_NUM_THREADS="1")
    e.update(env or {})
    p = subprocess.run([mpiexec, *flags, *mpi_extra, "-np", str(ranks), miniasd, "input", "-q", "-o", "."],
                       cwd=d, env=e, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        print(p.stdout, p.stderr)
        raise SystemExit(f"FAIL  {name}: miniasd exited with {p.returncode}")
    with open(os.path.join(d, "report.json")) as f:
        return p.stdout, json.load(f)


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
version = subprocess.run([miniasd, "--version"], capture_output=True, text=True).stdout
fingerprints = set()
for ranks in (1, 2, 4):
    out, r = run(f"np{ranks}", ranks)
    fingerprints.add(r["input"]["fingerprint"])
    check(r["format"] == "miniasd-report 1" and f"git {r['build']['commit']})" in version
          and r["build"]["compiler"] and r["build"]["mpi_library"],
          f"{ranks} rank(s): report.json names the build of this binary")
    m = r["machine"]
    fig = r["run"]["integrator_figures"]
    check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["start_time"]) is not None
          and m["cpu_model"] != "" and m["cores_per_host"] >= 1
          and m["scheduler"] in ("none", "slurm", "pbs") and m["threads_allowed"] >= m["threads_per_rank"]
          and fig["parallel_regions_per_step"] > 0 and 0 <= fig["fused_fraction"] <= 1,
          f"{ranks} rank(s): start time, CPU model, cores per host, scheduler, integrator figures as numbers "
          f"({r['start_time']}, {m['cpu_model']!r}, {m['cores_per_host']}, {m['scheduler']}, {fig})")
    check(m["ranks"] == ranks and m["hosts"] == 1 and m["ranks_per_host_max"] == ranks
          and len(r["ranks"]) == ranks and all(len(x["cpu"]) == 1 for x in r["ranks"]),
          f"{ranks} rank(s): machine and per-rank placement (one host, {ranks} per host)")
    loop = r["time_loop"]
    parts = sum(loop[k]["avg"] for k in ("compute", "halo", "imbalance", "other MPI", "I/O"))
    check(abs(parts - loop["seconds"]["avg"]) < 1e-6 * max(1.0, loop["seconds"]["avg"]),
          f"{ranks} rank(s): compute + halo + imbalance + other MPI + I/O = the loop ({parts:.4f} s)")
    check(all(loop[k]["min"] >= -1e-9 for k in ("compute", "halo", "imbalance", "other MPI", "I/O")),
          f"{ranks} rank(s): no part of the loop is negative")
    check(0 <= loop["mpi_fraction"]["min"] <= loop["mpi_fraction"]["max"] <= 1,
          f"{ranks} rank(s): MPI fraction within [0, 1]")
    check(r["run"]["steps"] == 100 and r["run"]["atoms"] == 2000 and r["run"]["ns_per_atom_step"] > 0
          and r["run"]["setup_seconds"]["max"] > 0
          and r["run"]["integrator"].startswith("LLG-Heun: ") and "stages" in r["run"]["integrator"],
          f"{ranks} rank(s): steps, atoms, throughput, set-up time and the integrator's line recorded")
    check(r["snapshots"]["count"] == len(r["snapshots"]["each"]) > 0,
          f"{ranks} rank(s): one I/O record per snapshot")
    regions = "2" if ranks == 1 else "4"  # one rank has no boundary atoms: one sweep per stage
    check(f"LLG-Heun: {regions} OpenMP parallel regions (thread barriers) per step" in out,
          f"{ranks} rank(s): {regions} OpenMP regions per step reported")
    # The roofline: the traffic model of this run (one material at 300 K, stencil runs, no
    # neighbour table: 152 B fused, 248 B in two passes) at its speed; a loop this short is not
    # worth a bandwidth measurement.
    roof = r["run"]["roofline"]
    model = 152 if fig["fused_fraction"] > 0.5 else 248
    per_core_ns = r["run"]["ns_per_atom_step_per_core"]
    check(roof["model_bytes_per_atom_step"] == model == fig["model_bytes_per_atom_step"]
          and abs(roof["achieved_bytes_per_s"] - model / (per_core_ns * 1e-9)) < 1e-9 * roof["achieved_bytes_per_s"]
          and roof["triad_bytes_per_s"]["max"] == 0 and "under 10 s" in roof["not_measured"]
          and f"Roofline: the traffic model's {model} B per atom-step" in out and "not measured" in out,
          f"{ranks} rank(s): roofline model {roof['model_bytes_per_atom_step']} B, achieved "
          f"{roof['achieved_bytes_per_s']:.3g} B/s, not measured: {roof['not_measured']!r}")
    check("Where the time loop went" in out and "Report: ./report.json" in out
          and "CPU of each thread:" in out, f"{ranks} rank(s): the printed report has the new parts")
check(len(fingerprints) == 1, "the input fingerprint does not depend on the rank count")

# The bandwidth measured when asked, on every rank at once; a bad value of the variable ends the
# run at start-up with its name.
out, r = run("bandwidth", 2, env={"MINIASD_MEASURE_BANDWIDTH": "always"})
roof = r["run"]["roofline"]
triad = roof["triad_bytes_per_s"]
check(0 < triad["min"] <= triad["avg"] <= triad["max"] and roof["not_measured"] == ""
      and abs(roof["fraction_of_triad"] - roof["achieved_bytes_per_s"] / triad["avg"]) < 1e-9
      and abs(roof["bound_ns_per_atom_step"] - roof["model_bytes_per_atom_step"] / triad["avg"] * 1e9) < 1e-9
      and "a core's triad measured" in out and "the memory's bound is" in out,
      f"MINIASD_MEASURE_BANDWIDTH=always: triad {triad['avg'] * 1e-9:.2f} GB/s per core, "
      f"{100 * roof['fraction_of_triad']:.0f}% of it, bound {roof['bound_ns_per_atom_step']:.2f} ns")
bad_dir = os.path.join(work, "bad_bandwidth")
os.makedirs(bad_dir)
for f in ("input", "Fe.mat"):
    shutil.copy(os.path.join(work, "np1", f), bad_dir)
p = subprocess.run([mpiexec, *flags, "-np", "2", miniasd, "input", "-q", "-o", "."], cwd=bad_dir,
                   env=dict(os.environ, OMP_NUM_THREADS="1", MINIASD_MEASURE_BANDWIDTH="sometimes"),
                   capture_output=True, text=True, timeout=300)
check(p.returncode != 0 and "MINIASD_MEASURE_BANDWIDTH = 'sometimes'" in p.stderr
      and not os.path.exists(os.path.join(bad_dir, "report.json")),
      f"a bad MINIASD_MEASURE_BANDWIDTH ends the run before its loop (exit {p.returncode})")

# Rank 1 sleeps 5 ms per step: 0.5 s of compute on rank 1, waited for at the halo by rank 0.
out, r = run("slow_rank", 2, env={"MINIASD_TEST_SLOW_RANK": "1:0.005"})
loop = r["time_loop"]
check(loop["compute"]["max_rank"] == 1 and loop["compute"]["max"] > 0.45,
      f"slow rank: its sleep counts as its compute ({loop['compute']['max']:.3f} s on rank {loop['compute']['max_rank']})")
check(loop["imbalance"]["max_rank"] == 0 and loop["imbalance"]["max"] > 0.4
      and loop["imbalance"]["min"] < 0.1,
      f"slow rank: rank 0 waits for it as load imbalance ({loop['imbalance']['max']:.3f} s), rank 1 does not")
# Misreported, the 0.5 s wait would be halo time and the imbalance near zero; on a loaded machine
# (two ranks oversubscribing two busy cores) the transfer itself can take a good part of it.
check(loop["halo"]["max"] < loop["imbalance"]["max"],
      f"slow rank: the wait is not reported as halo time ({loop['halo']['max']:.3f} s, "
      f"imbalance {loop['imbalance']['max']:.3f} s)")

# Binding read back: two threads, OMP_PLACES=cores, OMP_PROC_BIND=close, launcher binding off.
cores = len(os.sched_getaffinity(0))
out, r = run("bound", 1, env={"OMP_NUM_THREADS": "2", "OMP_PLACES": "cores", "OMP_PROC_BIND": "close"},
             mpi_extra=("--bind-to", "none"))
m, me = r["machine"], r["ranks"][0]
check(m["OMP_PLACES"] == "cores" and m["OMP_PROC_BIND"] == "close" and m["proc_bind_in_effect"] == "close"
      and m["places"] >= 1 and m["threads_per_rank"] == 2,
      f"OMP_PLACES / OMP_PROC_BIND read back, in effect: {m['proc_bind_in_effect']}, {m['places']} place(s)")
check(len(me["cpu"]) == 2 and all(a >= 1 for a in me["cpus_allowed"]),
      f"each thread's CPU and mask recorded: {me['cpu']} {me['cpus_allowed']}")
if cores >= 2 and m["places"] >= 2:
    check(me["cpus_allowed"] == [1, 1] and me["cpu"][0] != me["cpu"][1] and not m["shared_cpu"],
          "bound to one core each, on different cores")
out, r = run("shared", 1, env={"OMP_NUM_THREADS": "2", "OMP_PLACES": "{0}", "OMP_PROC_BIND": "true"},
             mpi_extra=("--bind-to", "none"))
check(r["machine"]["shared_cpu"] != "" and "oversubscribed" in out and r["ranks"][0]["cpu"] == [0, 0],
      f"two threads bound to CPU 0 are reported ({r['machine']['shared_cpu']!r})")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all checks passed")
