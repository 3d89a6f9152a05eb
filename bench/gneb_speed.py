#!/usr/bin/python3
"""The GNEB's cost against the relaxation's (docs/performance.md, "Energy barriers"): one
iteration of the chain per image-atom against one velocity-projection step of sim:program = relax
per atom, on lesson 11's film enlarged to N x N atoms (default 100 x 100), measured side by side,
A B A B, medians of REPEATS; then the wall time of lesson 11 as written (a converged barrier) on 1
and 2 ranks. Prints `uptime` first: these machines are shared.
    /usr/bin/python3 bench/gneb_speed.py [--miniasd build/miniasd] [--cells 100] [--repeats 5]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.dirname(here)
lesson = os.path.join(source, "input", "tutorial", "11-skyrmion-barrier", "input")


def film(cells, program):
    """Lesson 11's model on cells x cells atoms, its skyrmion as given (not relaxed first), the
    relaxation by velocity projection (the chain's optimiser)."""
    lines = []
    for line in open(lesson):
        key = line.split("=")[0].strip()
        if key.startswith(("output:", "config:", "sim:program", "sim:total-time-steps", "gneb:",
                           "sim:relax-method")):
            continue
        if key in ("dimensions:system-size-x", "dimensions:system-size-y"):
            line = f"{key} = {cells * 3} !A\n"
        lines.append(line)
    return "".join(lines) + program


def ns_per_unit(miniasd, directory, text, ranks=1):
    with open(os.path.join(directory, "input"), "w") as f:
        f.write(text)
    launcher = [os.path.join(source, "tools", "mpirun.sh"), "-n", str(ranks)] if ranks > 1 else []
    subprocess.run([*launcher, miniasd, "input", "-q", "--overwrite"], cwd=directory,
                   capture_output=True, timeout=3600)
    run = json.load(open(os.path.join(directory, "report.json")))["run"]
    return run["ns_per_atom_step"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--miniasd", default=os.path.join(source, "build", "miniasd"))
    parser.add_argument("--cells", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    miniasd = os.path.abspath(args.miniasd)
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    work = tempfile.mkdtemp(prefix="gneb-speed-")
    relax = film(args.cells, "sim:program = relax\nsim:relax-torque-tolerance = 1e-14 !T\n"
                 f"sim:total-time-steps = {args.iterations * 6}\n"
                 f"sim:time-steps-increment = {args.iterations * 6}\n")
    chain = film(args.cells, "sim:program = gneb\ngneb:images = 8\ngneb:relax-end-points = false\n"
                 "gneb:final-spin-direction = 0,0,1\ngneb:torque-tolerance = 1e-14 !T\n"
                 f"sim:total-time-steps = {args.iterations}\n")
    a, b = [], []
    for _ in range(args.repeats):
        a.append(ns_per_unit(miniasd, work, relax))
        b.append(ns_per_unit(miniasd, work, chain))
    ra, rb = statistics.median(a), statistics.median(b)
    print(f"{args.cells * args.cells} atoms, {args.repeats} repeats A B A B, one rank, one thread")
    print(f"  relax (velocity projection): {ra:8.2f} ns per atom-step        "
          f"(min {min(a):.2f}, max {max(a):.2f})")
    print(f"  gneb, 8 images:             {rb:8.2f} ns per atom-image-iteration "
          f"(min {min(b):.2f}, max {max(b):.2f})")
    print(f"  ratio {rb / ra:.2f} (the issue's target: 1.3 or less)")
    for ranks in (1, 2):
        d = os.path.join(work, f"lesson-{ranks}")
        os.makedirs(d)
        shutil.copy(lesson, os.path.join(d, "input"))
        start = time.time()
        launcher = [os.path.join(source, "tools", "mpirun.sh"), "-n", str(ranks)] if ranks > 1 else []
        r = subprocess.run([*launcher, miniasd, "input", "--overwrite"], cwd=d, capture_output=True,
                           text=True, timeout=3600)
        took = time.time() - start
        barrier = [line for line in r.stdout.splitlines() if line.startswith("Energy barrier")]
        print(f"  lesson 11 on {ranks} rank(s): {took:.2f} s to a converged barrier; "
              f"{barrier[0] if barrier else 'exit ' + str(r.returncode)}")
    shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
