#!/usr/bin/python3
"""sim:program = diagnostic-boltzmann (VAMPIRE's thermal-field check) against the exact
distribution of independent spins, sin(theta) exp(-E(theta) / kT) (docs/physics.md, "The Boltzmann
diagnostic"):
- Monte Carlo, uniaxial k_u = 2 kT, no exchange: the mirror-averaged histogram (column 3) equals
  the analytic column within 3 % in every 1-degree bin above a tenth of its maximum.
- LLG (Heun) with the same spins, and in a field mu_s B = 1.5 kT without anisotropy: within 3 % in
  5- and 10-degree bins (LLG's samples are correlated over picoseconds: 1e6 angles from 1000
  spins, 2.7e6 from 2744 in the field, whose tail is rarer; 2 and 5 s of one core).
- The analytic columns are the formulas at the bins' centres; the header is VAMPIRE's.
- The file is the same bytes on 1, 2 and 3 ranks (integer counts, summed exactly); 0 K refused.
(A continued run's file: check_restart.py's "boltzmann" case.)
Usage: check_boltzmann.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import run_input, script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


KT = 1.380649e-23  # J at 1 K
MU = 2 * 9.2740100783e-24  # J/T


def spins(size_nm, k_over_kt, b):
    return f"""create:crystal-structure = sc
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = {size_nm} !nm
dimensions:system-size-y = {size_nm} !nm
dimensions:system-size-z = {size_nm} !nm
material:num-materials = 1
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 0
material[1]:uniaxial-anisotropy-constant = {k_over_kt * KT!r}
material[1]:damping-constant = 1
sim:program = diagnostic-boltzmann
sim:temperature = 1
sim:applied-field-strength = {b!r} !T
output:output-rate = 100
"""


MC = "sim:integrator = monte-carlo\nsim:equilibration-time-steps = 100\n" \
     "sim:total-time-steps = 2000\nsim:time-steps-increment = 1\n"
LLG = "sim:integrator = llg-heun\nsim:time-step = 10 !fs\nsim:equilibration-time-steps = 10000\n" \
      "sim:total-time-steps = 100000\nsim:time-steps-increment = 100\n"


def table(d):
    rows, header = [], []
    with open(os.path.join(d, "boltzmann-distribution.txt")) as f:
        for line in f:
            (header if line.startswith("#") else rows).append(line)
    return header, [[float(w) for w in r.split()] for r in rows]


def compare(name, rows, measured, analytic, width):
    """Both columns summed over WIDTH-degree bins (of bins 1..180) and normalised to unit sum:
    the largest relative difference where the analytic one is above a tenth of its maximum."""
    h = [sum(r[measured] for r in rows[1 + k:1 + k + width]) for k in range(0, 180, width)]
    a = [sum(r[analytic] for r in rows[1 + k:1 + k + width]) for k in range(0, 180, width)]
    h = [x / sum(h) for x in h]
    a = [x / sum(a) for x in a]
    worst = max(abs(x / y - 1) for x, y in zip(h, a) if y > 0.1 * max(a))
    check(worst < 0.03, f"{name}: histogram = sin(theta) exp(-E/kT) within {worst:.4f} "
          f"({width}-degree bins; 0.03 allowed)")


def run(name, text, ranks=1):
    d = os.path.join(work, name)
    p = run_input(miniasd, mpiexec, flags, d, text, ranks=ranks)
    check(p.returncode == 0, f"{name}: runs on {ranks} rank(s)" +
          ("" if p.returncode == 0 else ":\n" + p.stdout + p.stderr))
    return d


# Monte Carlo, 1-degree bins, and the file's analytic columns and header.
d = run("mc", spins(6, 2.0, 0.0) + MC)
header, rows = table(d)
check(len(rows) == 181 and [int(r[0]) for r in rows] == list(range(181)),
      "181 rows, bins 0..180")
check(header[0].split()[1:] == ["Anisotropy:", f"{2 * KT:.10g}", "2"]
      and header[2].split()[1:] == ["Moment,", "Temperature:", "2", "1"],
      "VAMPIRE's header lines")
pk = [0.0] + [math.sin(math.radians(b - 0.5)) * math.exp(2 * math.cos(math.radians(b - 0.5)) ** 2)
              for b in range(1, 181)]
worst = max(abs(r[3] - x / max(pk)) for r, x in zip(rows, pk))
check(worst < 1e-9, f"P_K column = sin(theta) exp(k cos^2 theta) at the centres ({worst:.2g})")
check(all(r[5] == r[3] for r in rows) and all(abs(r[4] - math.sin(math.radians(r[0] - 0.5)) /
                                                  math.sin(math.radians(89.5))) < 1e-9
                                              for r in rows[1:]),
      "without a field, P_KH = P_K and P_H = sin(theta)")
counts = [r[1] for r in rows]
check(all(abs(rows[b][2] / max(r[2] for r in rows) -
              (counts[b] + counts[181 - b]) / max(counts[c] + counts[181 - c]
                                                  for c in range(1, 181))) < 1e-9
          for b in range(1, 181)),
      "column 3 averages bin b with its mirror 181 - b")
compare("monte carlo, k_u = 2 kT", rows, 2, 3, 1)

# LLG: anisotropy, then a field.
compare("llg, k_u = 2 kT", table(run("llg-k", spins(3, 2.0, 0.0) + LLG))[1], 2, 3, 5)
b = 1.5 * KT / MU
_, rows = table(run("llg-h", spins(4.2, 0.0, b) + LLG))
check(abs(rows[0][0]) == 0 and abs(float(table(os.path.join(work, "llg-h"))[0][1].split()[3]) -
                                   1.5) < 1e-9, "the field's mu_s B / kT in the header")
compare("llg, mu_s B = 1.5 kT", rows, 1, 4, 10)

# The same file on any number of ranks.
small = spins(3, 2.0, 0.0) + MC.replace("2000", "200")
files = []
for ranks in (1, 2, 3):
    d = run(f"ranks-{ranks}", small, ranks)
    with open(os.path.join(d, "boltzmann-distribution.txt"), "rb") as f:
        files.append(f.read())
check(files[0] == files[1] == files[2], "the same file on 1, 2 and 3 ranks")

p = run_input(miniasd, mpiexec, flags, os.path.join(work, "cold"),
              spins(3, 2.0, 0.0).replace("sim:temperature = 1", "sim:temperature = 0") + MC)
check(p.returncode != 0 and "sim:temperature" in p.stderr + p.stdout
      and "above 0 K" in p.stderr + p.stdout, "0 K refused, naming sim:temperature")

print("FAILED: " + "; ".join(failures) if failures else "all Boltzmann diagnostic checks passed")
sys.exit(1 if failures else 0)
