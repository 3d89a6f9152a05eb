#!/usr/bin/python3
"""Time VAMPIRE and miniASD on one input, side by side, and print ns per atom-step and the ratio.

    /usr/bin/python3 bench/speed_vs_vampire.py --vampire-serial /path/to/vampire-serial \\
        [--vampire-parallel /path/to/vampire-parallel] --miniasd build/miniasd \\
        [--ranks 1 2] [--temperatures 0 300] [--steps 200 600] [--repeats 3] bench/vampire-ucf

VAMPIRE is built outside this repository (github.com/richard-evans/vampire, `make serial` and
`make parallel`). Every run starts in a fresh copy of DIR (its `input` and the files it names), with
sim:total-time-steps and sim:temperature set by this script. Each code's own timing of its time
loop is read (VAMPIRE's "Simulation run time", miniASD's time loop on the slowest rank from
report.json at full precision, else its "time loop" row), and the
time per step is the difference between the two step counts over their difference, so start-up,
the first statistics and the final output cancel. The codes alternate run by run (A B A B) and
the medians over the repeats are printed. miniASD runs one OpenMP thread per rank, as VAMPIRE does,
unless --miniasd-threads N gives it N per rank (VAMPIRE has no threads): the last column then
compares the two per core, VAMPIRE's time times its cores over miniASD's times its cores.

--wall times the whole process instead (set-up and output included) for the second step count,
as wall time per atom-step. --miniasd-set KEY=VALUE and --vampire-set KEY=VALUE set a keyword for
one code only (a solver one code lacks, e.g. --miniasd-set dipole:solver=atomistic).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def set_keywords(text, values):
    """The input text with each keyword of `values` set (its line replaced, or added)."""
    lines = text.splitlines()
    for key, value in values.items():
        lines = [l for l in lines if not l.replace(" ", "").startswith(key + "=")]
        lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def run(command, directory, steps, temperature, env, extra=None, threads=1):
    """Runs one code in a fresh copy of `directory`: (its output, its wall time in s)."""
    work = tempfile.mkdtemp(prefix="speed-")
    shutil.rmtree(work)
    shutil.copytree(directory, work)
    report = os.path.join(work, "report.json")
    if os.path.exists(report):
        os.remove(report)  # a previous run's, copied with the directory
    path = os.path.join(work, "input")
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        values = {"sim:total-time-steps": steps, "sim:temperature": temperature}
        values.update(extra or {})
        f.write(set_keywords(text, values))
    start = time.monotonic()
    env = dict(env, OMP_NUM_THREADS=str(threads))
    r = subprocess.run(command, cwd=work, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    out = r.stdout + r.stderr
    if os.path.exists(report):
        # miniASD's timers at full precision (the screen report rounds to 0.1 ms)
        with open(report) as f:
            out += "\nREPORT-JSON " + json.dumps(json.load(f).get("time_loop", {})) + "\n"
    shutil.rmtree(work, ignore_errors=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in a copy of {directory}:\n{out[-2000:]}")
    return out, wall


def settings(pairs):
    """{KEY: VALUE} from KEY=VALUE arguments."""
    out = {}
    for p in pairs or []:
        key, _, value = p.partition("=")
        if not value:
            sys.exit(f"--*-set {p}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def vampire_figures(out):
    """(atoms, seconds of the time loop) from VAMPIRE's screen output."""
    atoms = re.search(r"(?:Number of atoms generated|Total number of atoms \(all CPUs\)):\s*(\d+)",
                      out)
    seconds = re.search(r"Simulation run time \[s\]:\s*([0-9.eE+-]+)", out)
    if not atoms or not seconds:
        sys.exit("VAMPIRE's output has no atom count or run time:\n" + out[-2000:])
    return int(atoms.group(1)), float(seconds.group(1))


def miniasd_figures(out):
    """(atoms, seconds of the time loop on the slowest rank) from miniASD's report."""
    atoms = re.search(r"^System: .*?(\d+) atoms, \d+ material", out, re.M)
    loop = re.search(r"^\s*time loop\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)", out, re.M)
    if not atoms or not loop:
        sys.exit("miniASD's output has no atom count or time loop row:\n" + out[-2000:])
    seconds = float(loop.group(3))
    report = re.search(r"^REPORT-JSON (.*)$", out, re.M)
    if report:
        seconds = json.loads(report.group(1)).get("seconds", {}).get("max", seconds)
    return int(atoms.group(1)), seconds


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--vampire-serial", required=True)
    p.add_argument("--vampire-parallel", help="VAMPIRE's MPI build, for more than one rank")
    p.add_argument("--miniasd", required=True)
    p.add_argument("--launcher", default="mpirun --oversubscribe",
                   help="MPI launcher; '-n RANKS' is appended (default: %(default)s)")
    p.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    p.add_argument("--temperatures", type=float, nargs="+", default=[0, 300])
    p.add_argument("--steps", type=int, nargs=2, default=[200, 600], metavar=("N1", "N2"))
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--wall", action="store_true",
                   help="whole-process wall time for the second step count, set-up included")
    p.add_argument("--miniasd-threads", type=int, default=1,
                   help="OpenMP threads per miniASD rank (default 1)")
    p.add_argument("--miniasd-set", action="append", metavar="KEY=VALUE")
    p.add_argument("--vampire-set", action="append", metavar="KEY=VALUE")
    p.add_argument("directory")
    a = p.parse_args()
    n1, n2 = a.steps
    if n2 <= n1:
        sys.exit("--steps N1 N2 needs N2 > N1")
    env = dict(os.environ, OMP_NUM_THREADS="1")
    rows = []
    for temperature in a.temperatures:
        for ranks in a.ranks:
            launch = a.launcher.split() + ["-n", str(ranks)]
            if ranks == 1:
                vampire = [os.path.abspath(a.vampire_serial)]
            elif a.vampire_parallel:
                vampire = launch + [os.path.abspath(a.vampire_parallel)]
            else:
                print(f"# {ranks} ranks: no --vampire-parallel, VAMPIRE skipped")
                vampire = None
            codes = {"miniASD": (launch + [os.path.abspath(a.miniasd), "input"], miniasd_figures,
                                 settings(a.miniasd_set), a.miniasd_threads)}
            if vampire:
                codes["VAMPIRE"] = (vampire, vampire_figures, settings(a.vampire_set), 1)
            per_step = {name: [] for name in codes}
            atoms = {}
            for _ in range(a.repeats):
                for name, (command, figures, extra, threads) in codes.items():
                    if a.wall:
                        out, wall = run(command, a.directory, n2, temperature, env, extra, threads)
                        atoms[name] = figures(out)[0]
                        per_step[name].append(wall / n2)
                        continue
                    t = {}
                    for steps in (n1, n2):
                        out, _ = run(command, a.directory, steps, temperature, env, extra,
                                     threads)
                        atoms[name], t[steps] = figures(out)
                    if t[n2] <= t[n1]:
                        sys.exit(f"{name}: {n2} steps took {t[n2]:.6f} s, no longer than {n1} "
                                 f"steps ({t[n1]:.6f} s): the difference is lost in the noise; "
                                 "give --steps two counts further apart or a larger system")
                    per_step[name].append((t[n2] - t[n1]) / (n2 - n1))
            if len(set(atoms.values())) != 1:
                sys.exit(f"the codes built different systems: {atoms}")
            n = next(iter(atoms.values()))
            ns = {name: 1e9 * statistics.median(v) / n for name, v in per_step.items()}
            spread = {name: [1e9 * x / n for x in v] for name, v in per_step.items()}
            rows.append((temperature, ranks, n, ns, spread))
    what = (f"whole-process wall time of {n2} steps, set-up included" if a.wall else
            f"the time loop's wall time (steps {n1} and {n2})")
    t = a.miniasd_threads
    print(f"# ns per atom-step of {what}, median of {a.repeats}; ratio = VAMPIRE / miniASD; "
          f"miniASD {t} thread(s) per rank, VAMPIRE 1; per core = ratio / {t}")
    print(f"{'T (K)':>6} {'ranks':>5} {'atoms':>8} {'miniASD':>9} {'VAMPIRE':>9} {'ratio':>6} "
          f"{'per core':>8}  runs")
    for temperature, ranks, n, ns, spread in rows:
        v = ns.get("VAMPIRE")
        runs = "; ".join(f"{name} " + " ".join(f"{x:.1f}" for x in xs) for name, xs in spread.items())
        ratio = (v / ns["miniASD"]) if v else float("nan")
        print(f"{temperature:6g} {ranks:5d} {n:8d} {ns['miniASD']:9.2f} "
              f"{v if v is not None else float('nan'):9.2f} {ratio:6.2f} {ratio / t:8.2f}  {runs}")


if __name__ == "__main__":
    main()
