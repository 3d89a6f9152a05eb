#!/usr/bin/python3
"""Error bars that mean what they say (docs/physics.md, "Errors"): the error a Curie sweep prints
for <|m|> at one temperature must match the scatter of <|m|> over independent runs.

A small bcc Fe cube under stochastic LLG just below T_c, sampled every few steps, so successive
samples are strongly correlated (tau of tens of samples): the case where the jackknife over ten
blocks alone gave errors about half the scatter. SEEDS runs that differ only in
sim:integrator-random-seed; the standard deviation of their <|m|> is the true error of one run
(to about 20 % with this many runs), and the mean of their printed errors must agree with it
within a factor 1.45 either way; the integrated autocorrelation time the sweep prints must say
that the samples are correlated (tau > 2), and these runs (8000 samples, some 40 tau per error block)
must not be called too short. A run of 500 samples must be.
Usage: check_error_bars.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, _ = script_args(sys.argv[1:])

SEEDS = 16
INPUT = """create:crystal-structure = bcc
create:periodic-boundaries-x
create:periodic-boundaries-y
create:periodic-boundaries-z
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = 14.35 !A
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:damping-constant = 0.1
sim:program = curie-temperature
sim:integrator = llg-heun
sim:minimum-temperature = {t}
sim:maximum-temperature = {t}
sim:time-step = 0.5 !fs
sim:equilibration-time-steps = 4000
sim:loop-time-steps = {steps}
sim:time-steps-increment = {increment}
sim:integrator-random-seed = {seed}
"""
T, STEPS, INCREMENT = 900, 64000, 8
WARNING = "too long for trustworthy errors"


def run(name, steps, seed):
    d = os.path.join(work, name)
    os.makedirs(d)
    path = os.path.join(d, "input")
    open(path, "w").write(INPUT.format(t=T, steps=steps, increment=INCREMENT, seed=seed))
    r = subprocess.run([mpiexec, "-n", "1", *flags, miniasd, path, "-o", d, "-q"],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"{name}: exit {r.returncode}\n{r.stdout}{r.stderr}")
    return d, r


failures = []
means, errors, taus = [], [], []
for seed in range(1, SEEDS + 1):
    d, r = run(f"seed{seed}", STEPS, seed)
    if WARNING in r.stdout:
        failures.append(f"seed {seed}: 8000 samples of tau ~20 warned as too short")
    table = os.path.join(d, "curie-temperature")
    header = open(table).readline()[1:].split()
    row = [float(x) for x in open(table).read().splitlines()[1].split()]
    k = header.index("<|m|>")
    means.append(row[k])
    errors.append(row[k + 1])
    found = re.findall(r"tau[^=\n]*=\s*([0-9.eE+-]+)", r.stdout)
    if found:
        taus.append(float(found[0]))

n = len(means)
centre = sum(means) / n
scatter = math.sqrt(sum((m - centre) ** 2 for m in means) / (n - 1))
printed = sum(errors) / n
ratio = printed / scatter
print(f"{n} seeds at {T} K: <|m|> = {centre:.5f}; scatter {scatter:.5f}, mean printed error "
      f"{printed:.5f}, ratio {ratio:.3f}; tau {taus[:3]} ...")
if not 1 / 1.45 <= ratio <= 1.45:
    failures.append(f"printed errors {printed:.5f} against a scatter of {scatter:.5f} over {n} "
                    f"seeds (ratio {ratio:.3f}, allowed 0.69-1.45)")
if len(taus) != n:
    failures.append(f"tau printed by {len(taus)} of {n} runs")
elif min(taus) <= 2:
    failures.append(f"tau {min(taus)} samples: the samples should be correlated")
# A run of 500 samples spans some 25 tau: its error cannot be trusted, and the sweep must say so.
d, r = run("short", 4000, 1)
if WARNING not in r.stdout:
    failures.append(f"500 samples with tau ~20: no warning that the errors cannot be trusted\n"
                    f"{r.stdout}")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
