#!/usr/bin/python3
"""sim:program = effective-damping (VAMPIRE's program; docs/physics.md, "Programs") against its
exact result:
- Independent spins along +z in a field B along z, equilibrated (nothing moves), are turned by
  30 degrees about +x, to (0, -1/2, sqrt(3)/2), and then relax by the LLG equation's exact
  solution in a static field: tan(theta/2) = tan(15 deg) exp(-alpha gamma B t / (1 + alpha^2)),
  phi = -90 deg + gamma B t / (1 + alpha^2), t from the kick. Every row within 1e-7 (Heun's error
  at 1 fs is 4e-9), the first exactly the turned spin.
- Rows from the end of equilibration only (miniASD's rule for every program).
- The same statistics on 1, 2 and 3 ranks (a heated, coupled system); the kick and equilibration
  across a restart: check_restart.py's "effective-damping" case.
Usage: check_effective_damping.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import Checks, script_args, statistics_bytes, table_rows  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
check = Checks("effective-damping")


GAMMA = 1.760859e11  # rad / (s T), docs/physics.md
DT, B, ALPHA = 1e-15, 1.0, 0.1  # s, T, 1
EQUIL, TOTAL, INC = 100, 20000, 1000


def kicked(extra=""):
    return f"""create:crystal-structure = sc
dimensions:unit-cell-size = 3 !A
dimensions:system-size = 6 !A
material[1]:atomic-spin-moment = 2 !muB
material[1]:damping-constant = {ALPHA}
material[1]:initial-spin-direction = 0,0,1
sim:program = effective-damping
sim:temperature = 0
sim:time-step = 1 !fs
sim:applied-field-strength = {B} !T
sim:applied-field-unit-vector = 0,0,1
sim:equilibration-time-steps = {EQUIL}
sim:total-time-steps = {TOTAL}
sim:time-steps-increment = {INC}
output:time-steps
output:magnetisation
{extra}"""


def run(name, text, ranks=1):
    return check.run(miniasd, mpiexec, flags, os.path.join(work, name), text, ranks)[0]


def exact(t):
    rate = GAMMA * B / (1 + ALPHA ** 2)
    theta = 2 * math.atan(math.tan(math.radians(15)) * math.exp(-ALPHA * rate * t))
    phi = -math.pi / 2 + rate * t
    return (math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi), math.cos(theta))


rows = [[float(w) for w in r] for r in table_rows(run("kick", kicked()))]
steps = [int(r[0]) for r in rows]
check(steps[0] == EQUIL and steps[-1] == EQUIL + TOTAL and len(rows) == TOTAL // INC + 1,
      f"rows from the end of equilibration (step {steps[0]}) to the run's end ({steps[-1]})")
check(max(abs(a - b) for a, b in zip(rows[0][1:4], (0, -0.5, math.sqrt(3) / 2))) < 1e-15,
      f"the first row is +z turned by 30 degrees about +x: {rows[0][1:4]}")
worst = max(abs(r[1 + k] - exact((int(r[0]) - EQUIL) * DT)[k]) for r in rows for k in range(3))
check(worst < 1e-7, f"the relaxation follows the exact LLG solution ({worst:.2g})")
check(rows[-1][3] > 0.93, f"the spins relax back towards the field (m_z {rows[-1][3]:.4f})")

# The same statistics on any number of ranks.
coupled = kicked().replace("sim:temperature = 0", "sim:temperature = 300\n"
                           "sim:integrator-random-seed = 9\n"
                           "material[1]:exchange-matrix[1] = 2e-21") \
    .replace("6 !A", "12 !A").replace(f"= {TOTAL}", "= 600").replace(f"= {INC}", "= 50")
outputs = [statistics_bytes(run(f"ranks-{ranks}", coupled, ranks)) for ranks in (1, 2, 3)]
check(outputs[0] == outputs[1] == outputs[2] and len(outputs[0]) > 3,
      "the same statistics on 1, 2 and 3 ranks")

check.finish()
