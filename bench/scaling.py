#!/usr/bin/python3
"""Strong and weak scaling of miniasd over ranks x threads, from each run's report.json.

For every shape (ranks x threads) and round, the input is copied with its system size set,
snapshots off and the step count given, run through the launcher, and the run's report.json
read: ns per atom-step, and the time loop split into compute, halo, load imbalance, other MPI
and I/O. Shapes run interleaved within a round, so a noisy machine hits them alike. Writes
  DIR/runs.csv     one row per run
  DIR/summary.csv  medians per shape, parallel efficiency against the smallest core count
  DIR/scaling.png  efficiency against cores, and the time-loop fractions per shape

  bench/scaling.py --mode strong --cells 40 --shapes 1x1,2x1,4x1,1x2,2x2 --steps 200 --rounds 3
  bench/scaling.py --mode weak --cells 20 --shapes 1x1,2x1,4x1 --dir build/bench/weak
On a cluster (inside an allocation; tools/job-slurm-scaling.sh does this):
  bench/scaling.py --launcher 'srun --hint=nomultithread --distribution=block:block -n {ranks} -c {threads}' ...

Strong scaling keeps --cells (N or NX,NY,NZ unit cells) for every shape; weak scaling gives
each core that many: for c cores the cells are doubled along x, y, z in turn when c is a power of
two, otherwise multiplied along x. Efficiency is (core-ns per atom-step of the smallest shape) /
(that of this shape): 1 is perfect for both kinds.
"""
import argparse
import csv
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time

PARTS = ("compute", "halo", "imbalance", "other MPI", "I/O")

STANDARD = """# The standard problem: bcc Fe, nearest-neighbour exchange, uniaxial anisotropy, 300 K.
create:crystal-structure = bcc
create:periodic-boundaries-x
create:periodic-boundaries-y
create:periodic-boundaries-z
dimensions:unit-cell-size = 2.87 !A
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:damping-constant = 0.1
material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25
material[1]:initial-spin-direction = random
sim:integrator = llg-heun
sim:temperature = 300
sim:time-step = 0.1 !fs
output:time-steps
output:magnetisation
"""


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--mode", choices=("strong", "weak"), default="strong")
    p.add_argument("--input", help="input file (default: the standard problem above)")
    p.add_argument("--cell-size", type=float,
                   help="unit-cell size in angstrom (default: read from the input's dimensions:unit-cell-size)")
    p.add_argument("--cells", default="40", help="unit cells: N or NX,NY,NZ (weak: per core)")
    p.add_argument("--shapes", default="1x1,2x1,1x2,2x2,4x1", help="RANKSxTHREADS,...")
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--rounds", type=int, default=3)
    # Open MPI binds each rank to one core by default (for up to 2 ranks), which would put all
    # of a rank's threads on that core; without binding the kernel spreads them.
    p.add_argument("--launcher", default="mpirun --oversubscribe --bind-to none -np {ranks}",
                   help="command before miniasd; {ranks} and {threads} are filled in")
    p.add_argument("--miniasd", default="build/miniasd")
    p.add_argument("--dir", default="build/bench/scaling")
    p.add_argument("--no-plot", action="store_true")
    return p.parse_args(argv)


def shapes_of(text):
    out = []
    for s in text.split(","):
        m = re.fullmatch(r"\s*(\d+)x(\d+)\s*", s)
        if not m:
            raise SystemExit(f"--shapes: '{s}' is not RANKSxTHREADS")
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def cells_for(base, cores, mode):
    cells = list(base)
    if mode == "strong" or cores == 1:
        return cells
    if cores & (cores - 1) == 0:  # a power of two: double x, y, z in turn
        axis, c = 0, cores
        while c > 1:
            cells[axis] *= 2
            axis, c = (axis + 1) % 3, c // 2
    else:
        cells[0] *= cores
    return cells


def cell_size_of(text, given):
    if given:
        return given
    m = re.search(r"^\s*dimensions:unit-cell-size\s*=\s*([0-9.eE+-]+)\s*(!\s*(\S+))?", text, re.M)
    if not m:
        raise SystemExit("the input has no dimensions:unit-cell-size: give --cell-size (angstrom)")
    unit = (m.group(3) or "A")
    scale = {"A": 1.0, "nm": 10.0, "m": 1e10}.get(unit)
    if scale is None:
        raise SystemExit(f"dimensions:unit-cell-size in '{unit}': give --cell-size (angstrom)")
    return float(m.group(1)) * scale


def prepare(text, cells, cell_size, steps):
    """The input with its size, steps and output settings replaced for a timing run."""
    drop = re.compile(r"^\s*(dimensions:system-size[-xyz]*|sim:total-time-steps|sim:equilibration-time-steps|"
                      r"sim:time-steps-increment|config:\S*|sim:save-checkpoint\S*|sim:load-checkpoint\S*)\b")
    lines = [l for l in text.splitlines() if not drop.match(l)]
    lines.append("# set by bench/scaling.py")
    for axis, n in zip("xyz", cells):
        lines.append(f"dimensions:system-size-{axis} = {n * cell_size:.10g} !A")
    lines += ["sim:equilibration-time-steps = 0", f"sim:total-time-steps = {steps}",
              f"sim:time-steps-increment = {max(1, steps // 4)}"]
    return "\n".join(lines) + "\n"


def run_one(args, text, source_dir, run_dir, ranks, threads):
    os.makedirs(run_dir, exist_ok=True)
    if source_dir:  # files the input refers to (material files), relative to its directory
        for f in os.listdir(source_dir):
            p = os.path.join(source_dir, f)
            if os.path.isfile(p):
                shutil.copy(p, run_dir)
    with open(os.path.join(run_dir, "scaling-input"), "w") as f:
        f.write(text)
    launcher = shlex.split(args.launcher.format(ranks=ranks, threads=threads))
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    # --overwrite: a repeated study replaces the earlier one's runs
    cmd = launcher + [os.path.abspath(args.miniasd), "scaling-input", "-q", "-o", ".", "--overwrite"]
    p = subprocess.run(cmd, cwd=run_dir, env=env, capture_output=True, text=True)
    with open(os.path.join(run_dir, "screen"), "w") as f:
        f.write(p.stdout + p.stderr)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({p.returncode}) in {run_dir}:\n{p.stderr[-2000:]}")
    with open(os.path.join(run_dir, "report.json")) as f:
        return json.load(f)


def main(argv):
    args = parse_args(argv)
    shapes = shapes_of(args.shapes)
    base = [int(c) for c in args.cells.split(",")]
    base = base * 3 if len(base) == 1 else base
    if len(base) != 3 or min(base) < 1:
        raise SystemExit("--cells: N or NX,NY,NZ")
    if args.input:
        text = open(args.input).read()
        source_dir = os.path.dirname(os.path.abspath(args.input))
    else:
        text, source_dir = STANDARD, None
    cell_size = cell_size_of(text, args.cell_size)
    os.makedirs(args.dir, exist_ok=True)
    load = os.getloadavg()[0]
    rows = []
    for rnd in range(1, args.rounds + 1):
        for ranks, threads in shapes:
            cores = ranks * threads
            cells = cells_for(base, cores, args.mode)
            d = os.path.join(args.dir, f"{args.mode}-{ranks}x{threads}-round{rnd}")
            t0 = time.time()
            r = run_one(args, prepare(text, cells, cell_size, args.steps), source_dir, d, ranks, threads)
            loop = r["time_loop"]
            row = {"mode": args.mode, "ranks": ranks, "threads": threads, "cores": cores,
                   "hosts": r["machine"]["hosts"], "cells": "x".join(map(str, cells)),
                   "atoms": r["run"]["atoms"], "steps": r["run"]["steps"], "round": rnd,
                   "loop_s": loop["seconds"]["max"], "ns_per_atom_step": r["run"]["ns_per_atom_step"],
                   "core_ns_per_atom_step": r["run"]["ns_per_atom_step_per_core"],
                   "mpi_fraction": loop["mpi_fraction"]["avg"],
                   "setup_s": r["run"]["setup_seconds"]["max"],
                   "shared_cpu": r["machine"]["shared_cpu"]}
            for p in PARTS:  # fractions of the loop, averaged over ranks
                row["frac_" + p.replace(" ", "_").replace("/", "")] = (
                    loop[p]["avg"] / loop["seconds"]["avg"] if loop["seconds"]["avg"] > 0 else 0)
            rows.append(row)
            if row["shared_cpu"]:
                print(f"warning: {ranks}x{threads}: {row['shared_cpu']} (see {d}/screen): "
                      "fix the launcher's binding", flush=True)
            print(f"round {rnd} {ranks}x{threads}: {row['atoms']} atoms, {row['ns_per_atom_step']:.2f} ns/atom-step "
                  f"({row['core_ns_per_atom_step']:.2f} core-ns), MPI {100 * row['mpi_fraction']:.1f} % "
                  f"[{time.time() - t0:.1f} s]", flush=True)
    with open(os.path.join(args.dir, "runs.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    summary = summarise(rows, shapes)
    with open(os.path.join(args.dir, "summary.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(summary[0]))
        w.writeheader()
        w.writerows(summary)
    print(f"\n{args.mode} scaling, medians of {args.rounds} round(s); load average at the start {load:.2f}")
    print(f"{'shape':>7} {'cores':>5} {'atoms':>10} {'ns/atom-step':>12} {'core-ns':>8} {'eff':>6} "
          + " ".join(f"{p:>9}" for p in PARTS))
    for s in summary:
        print(f"{s['ranks']:>3}x{s['threads']:<3} {s['cores']:>5} {s['atoms']:>10} {s['ns_per_atom_step']:>12.2f} "
              f"{s['core_ns_per_atom_step']:>8.2f} {s['efficiency']:>6.2f} "
              + " ".join(f"{100 * s['frac_' + p.replace(' ', '_').replace('/', '')]:>8.1f}%" for p in PARTS))
    print(f"CSV: {os.path.join(args.dir, 'runs.csv')}, {os.path.join(args.dir, 'summary.csv')}")
    if not args.no_plot:
        plot(summary, args.mode, os.path.join(args.dir, "scaling.png"))
        print(f"plot: {os.path.join(args.dir, 'scaling.png')}")


def summarise(rows, shapes):
    out = []
    for ranks, threads in shapes:
        mine = [r for r in rows if r["ranks"] == ranks and r["threads"] == threads]
        s = {k: mine[0][k] for k in ("mode", "ranks", "threads", "cores", "hosts", "cells", "atoms", "steps")}
        s["runs"] = len(mine)
        for k in mine[0]:
            if k in ("loop_s", "ns_per_atom_step", "core_ns_per_atom_step", "mpi_fraction", "setup_s") \
                    or k.startswith("frac_"):
                s[k] = statistics.median(r[k] for r in mine)
        s["core_ns_min"] = min(r["core_ns_per_atom_step"] for r in mine)
        s["core_ns_max"] = max(r["core_ns_per_atom_step"] for r in mine)
        out.append(s)
    base = min(out, key=lambda s: (s["cores"], s["core_ns_per_atom_step"]))
    for s in out:
        s["efficiency"] = base["core_ns_per_atom_step"] / s["core_ns_per_atom_step"]
    return out


def plot(summary, mode, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (a, b) = plt.subplots(1, 2, figsize=(12, 4.5))
    for threads in sorted({s["threads"] for s in summary}):
        pts = sorted((s["cores"], s["efficiency"]) for s in summary if s["threads"] == threads)
        a.plot([p[0] for p in pts], [p[1] for p in pts], "o-", label=f"{threads} thread(s) per rank")
    a.axhline(1, color="grey", lw=0.8)
    a.set_xscale("log", base=2)
    a.set_xlabel("cores (ranks x threads)")
    a.set_ylabel("parallel efficiency")
    a.set_ylim(0, 1.2)
    a.set_title(f"{mode} scaling")
    a.legend()
    labels = [f"{s['ranks']}x{s['threads']}" for s in summary]
    bottom = [0.0] * len(summary)
    for p in PARTS:
        key = "frac_" + p.replace(" ", "_").replace("/", "")
        vals = [100 * s[key] for s in summary]
        b.bar(labels, vals, bottom=bottom, label=p)
        bottom = [x + y for x, y in zip(bottom, vals)]
    b.set_ylabel("% of the time loop (average rank)")
    b.set_xlabel("ranks x threads")
    b.set_title("where the time loop went")
    b.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1:])
