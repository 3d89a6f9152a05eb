#!/usr/bin/python3
"""VAMPIRE's output keywords give VAMPIRE's numbers (docs/vampire-compatibility.md, "Output").

A state whose every number can be worked out by hand from VAMPIRE's definitions (its
statistics/magnetization.cpp and energy.cpp, vio/datalog.cpp): a 4 x 4 x 4 simple-cubic
ferrimagnet, periodic, two layers of material 1 (2 muB) and two of material 2 (1 muB), all
spins along +n or -n, n = (1, 2, 2)/3, with the easy axis and the field along n, at 0 K. Every
field is parallel to its spin, so the state stays as it is and every row holds the same numbers:
- magnetisation: the unit vector of m and |m| (VAMPIRE), not the components of m;
- mean-magnetisation: the means of that unit vector and of |m|;
- energies: of the whole system in J (VAMPIRE), not per atom;
- output-rate: counts time steps (VAMPIRE's `sim::time % output_rate`), so increment 3 with rate
  10 writes the rows of steps 0, 30 and 60;
- benchmark: a row per increment, not one at the end.
Before this change, magnetisation gave (m_x, m_y, m_z) of length 1/3, the energies were 64 times
smaller, rate 10 gave the rows of samples 0 and 10 (steps 0 and 30) only by accident of the
increment, and benchmark wrote one row.
The rhythm run uses 2 ranks, the others 1.
Usage: check_vampire_columns.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, _ = script_args(sys.argv[1:])
failures = []

MU_B = 9.2740100783e-24  # J/T (CODATA 2018; VAMPIRE's 9.27400915e-24 differs by 1e-7)
J, J12, KU, B = 5e-21, -2e-21, 1e-22, 2.0  # J per link, J per link, J per atom, T
N_DIR = (1 / 3, 2 / 3, 2 / 3)

BASE = f"""create:crystal-structure = sc
create:periodic-boundaries-x
create:periodic-boundaries-y
create:periodic-boundaries-z
dimensions:unit-cell-size = 3 !A
dimensions:system-size = 12 !A
material:num-materials = 2
material[1]:atomic-spin-moment = 2 !muB
material[1]:maximum-height = 0.5
material[1]:exchange-matrix[1] = {J}
material[1]:exchange-matrix[2] = {J12}
material[1]:second-order-uniaxial-anisotropy-constant = {KU}
material[1]:uniaxial-anisotropy-direction = 1,2,2
material[1]:initial-spin-direction = 1,2,2
material[2]:atomic-spin-moment = 1 !muB
material[2]:minimum-height = 0.5
material[2]:exchange-matrix[2] = {J}
material[2]:second-order-uniaxial-anisotropy-constant = {KU}
material[2]:uniaxial-anisotropy-direction = 1,2,2
material[2]:initial-spin-direction = -1,-2,-2
sim:temperature = 0
sim:time-step = 1 !fs
sim:applied-field-strength = {B} !T
sim:applied-field-unit-vector = 1,2,2
"""

COLUMNS = """output:time-steps
output:magnetisation
output:magnetisation-components
output:mean-magnetisation
output:material-magnetisation
output:total-energy
output:exchange-energy
output:anisotropy-energy
output:applied-field-energy
output:mean-total-energy
output:total-energy-per-atom
"""


def run(name, text, ranks=1):
    d = os.path.join(work, name)
    os.makedirs(d)
    path = os.path.join(d, "input")
    open(path, "w").write(text)
    r = subprocess.run([mpiexec, "-n", str(ranks), *flags, miniasd, path, "-o", d, "-q"],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        failures.append(f"{name}: exit {r.returncode}\n{r.stdout}{r.stderr}")
        return r, []
    rows = [list(map(float, line.split())) for line in open(os.path.join(d, "output"))
            if not line.startswith("#")]
    return r, rows


# By hand, from VAMPIRE's definitions. 32 atoms of each material; the bonds of a periodic 4^3
# simple-cubic lattice with layers z = 0, 1 of material 1 and z = 2, 3 of material 2: each
# material 2 x 32 in-plane bonds and 16 between its two layers (80), and 2 x 16 bonds 1-2.
n1 = n2 = 32
mu1, mu2 = 2 * MU_B, 1 * MU_B
m_vec = [(n1 * mu1 - n2 * mu2) * c / (n1 * mu1 + n2 * mu2) for c in N_DIR]
m_len = math.sqrt(sum(c * c for c in m_vec))
unit = [c / m_len for c in m_vec]
e_exchange = -(80 * J + 80 * J) + 32 * J12  # -sum_pairs J S_i.S_j; 1-2 pairs antiparallel
e_anisotropy = -(n1 + n2) * KU              # -k (S.e)^2 on every atom
e_field = -(n1 * mu1 - n2 * mu2) * B        # -mu B.S
e_total = e_exchange + e_anisotropy + e_field
expected = ([None] + unit + [m_len] + m_vec + [m_len] + unit + [m_len]
            + list(N_DIR) + [1.0] + [-c for c in N_DIR] + [1.0]
            + [e_total, e_exchange, e_anisotropy, e_field, e_total, e_total / 64])
names = ("time-steps ux uy uz |m| mx my mz |m| <ux> <uy> <uz> <|m|> 1:ux 1:uy 1:uz 1:|m| "
         "2:ux 2:uy 2:uz 2:|m| E_total E_exchange E_anisotropy E_field <E_total> "
         "E_total/atom").split()


def close(a, b):
    return abs(a - b) <= 2e-12 * max(abs(b), 1e-30) + 1e-15


result, rows = run("rhythm", BASE + """sim:program = time-series
sim:total-time-steps = 60
sim:time-steps-increment = 3
output:output-rate = 10
""" + COLUMNS, ranks=2)
if rows:
    steps = [r[0] for r in rows]
    if steps != [0, 30, 60]:
        failures.append(f"increment 3, output-rate 10: rows at steps {steps}, expected 0, 30, 60 "
                        "(VAMPIRE counts time steps)")
    for r in rows:
        if len(r) != len(expected):
            failures.append(f"{len(r)} numbers in a row, expected {len(expected)}")
            break
        for name, got, want in zip(names[1:], r[1:], expected[1:]):
            if not close(got, want):
                failures.append(f"step {r[0]:.0f}, {name}: {got!r}, expected {want!r}")

# VAMPIRE's own test input's rhythm (tests/time-series: increment 1000, rate 50): a row every
# 1000 steps; counted as samples it was one row.
result, rows = run("vampire-test", BASE + """sim:program = time-series
sim:total-time-steps = 10000
sim:time-steps-increment = 1000
output:output-rate = 50
output:time-steps
""")
if [r[0] for r in rows] != [1000.0 * k for k in range(11)]:
    failures.append(f"increment 1000, rate 50: rows at {[r[0] for r in rows]}")

result, rows = run("benchmark", BASE + """sim:program = benchmark
sim:equilibration-time-steps = 100
sim:total-time-steps = 60
sim:time-steps-increment = 10
output:time-steps
output:total-energy
""")
if [r[0] for r in rows] != [0, 10, 20, 30, 40, 50, 60]:
    failures.append(f"benchmark: rows at {[r[0] for r in rows]}, expected one per increment "
                    "and no equilibration (VAMPIRE's bmark)")
if "sim:equilibration-time-steps has no effect with sim:program = benchmark" not in \
        result.stdout + result.stderr:
    failures.append("benchmark: no warning that equilibration-time-steps has no effect")

for f in failures:
    print("FAIL:", f)
print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
