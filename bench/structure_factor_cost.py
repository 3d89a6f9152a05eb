#!/usr/bin/python3
"""The structure factor's cost (docs/performance.md, "Spin-wave spectra"): lesson 12's bcc iron
on a cube of CELLS^3 cells (default 80: 1.02 million atoms), the same run with and without
S(q, f) sampled every 10 steps along a path of about 100 wave vectors (Gamma-H and on toward N),
side by side, A B A B, medians of REPEATS; the cost of one sample in time steps and per
atom-wave vector; then the whole grid of 16^3 cells (4096 wave vectors) by direct sums and by
the FFT, and of 32^3 cells by the FFT. Prints
`uptime` first: these machines are shared.
    /usr/bin/python3 bench/structure_factor_cost.py [--miniasd build/miniasd] [--cells 80]
        [--steps 100] [--repeats 3] [--ranks 1]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.dirname(here)
lesson = os.path.join(source, "input", "tutorial", "12-spin-waves", "input")


def model(cells, steps, sampling):
    lines = []
    for line in open(lesson):
        key = line.split("=")[0].strip()
        if key.startswith(("structure-factor:", "output:", "sim:total-time-steps",
                           "sim:equilibration-time-steps", "sim:time-steps-increment",
                           "dimensions:system-size")):
            continue
        lines.append(line)
    return "".join(lines) + (f"dimensions:system-size = {cells * 2.87:.4f} !A\n"
                             f"sim:total-time-steps = {steps}\nsim:time-steps-increment = {steps}\n"
                             + sampling)


def measure(miniasd, directory, text, ranks):
    with open(os.path.join(directory, "input"), "w") as f:
        f.write(text)
    launcher = [os.path.join(source, "tools", "mpirun.sh"), "-n", str(ranks)] if ranks > 1 else []
    r = subprocess.run([*launcher, miniasd, "input", "-q", "--overwrite"], cwd=directory,
                       capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        sys.exit(r.stderr)
    report = json.load(open(os.path.join(directory, "report.json")))
    spectra = report["timers"].get("spectra", {}).get("max", 0.0)
    return report["run"]["ns_per_atom_step"], spectra, report["run"]["atoms"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--miniasd", default=os.path.join(source, "build", "miniasd"))
    p.add_argument("--cells", type=int, default=80)
    p.add_argument("--steps", type=int, default=100)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--ranks", type=int, default=1)
    a = p.parse_args()
    miniasd = os.path.abspath(a.miniasd)
    print(subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    work = tempfile.mkdtemp(prefix="sq-cost-")
    n = a.cells
    corner = f"{0.75},{0.25},0" if n % 4 == 0 else "1,0,0"
    samples = a.steps // 10
    path = (f"structure-factor:q-path = 0,0,0 1,0,0 {corner}\n"
            f"structure-factor:sample-interval = 10\nstructure-factor:samples = {samples}\n")
    plain = model(n, a.steps, "")
    sampled = model(n, a.steps, path)
    base, with_sq, spent = [], [], []
    for _ in range(a.repeats):
        base.append(measure(miniasd, work, plain, a.ranks)[0])
        ns, seconds, atoms = measure(miniasd, work, sampled, a.ranks)
        with_sq.append(ns)
        spent.append(seconds)
    waves = n + (n // 4 if n % 4 == 0 else 0) + 1
    b, s, t = statistics.median(base), statistics.median(with_sq), statistics.median(spent)
    per_sample = t / samples
    step = b * 1e-9 * atoms  # s per step (the run's ns per atom-step are wall time)
    print(f"{atoms} atoms, {waves} wave vectors, a sample every 10 steps, {a.ranks} rank(s) x "
          f"{os.environ['OMP_NUM_THREADS']} thread(s), {a.repeats} repeats A B A B")
    print(f"  without: {b:8.2f} ns per atom-step (min {min(base):.2f}, max {max(base):.2f})")
    print(f"  with:    {s:8.2f} ns per atom-step (min {min(with_sq):.2f}, max {max(with_sq):.2f})")
    print(f"  ratio {s / b:.2f} (the issue's target: 1.5 or less)")
    print(f"  one sample: {per_sample * 1e3:.2f} ms = {per_sample / step:.2f} time steps = "
          f"{per_sample * 1e9 * a.ranks / (atoms * waves):.3f} ns per atom-wave vector")
    for cells in (16, 32):
        for method in ("direct", "fft"):
            if method == "direct" and cells > 16:
                continue  # atoms x wave vectors: 4 s a sample at 32^3
            grid = model(cells, 40, "structure-factor:q-grid = full\n"
                         f"structure-factor:method = {method}\n"
                         "structure-factor:sample-interval = 10\nstructure-factor:samples = 4\n")
            ns, seconds, atoms = measure(miniasd, work, grid, a.ranks)
            q = cells ** 3
            print(f"  full grid of {cells}^3 cells ({atoms} atoms, {q} wave vectors), {method}: "
                  f"one sample {seconds / 4 * 1e3:.1f} ms = "
                  f"{seconds / 4 * 1e9 * a.ranks / (atoms * q):.4f} ns per atom-wave vector")


if __name__ == "__main__":
    sys.exit(main())
