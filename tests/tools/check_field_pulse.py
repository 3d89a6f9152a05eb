#!/usr/bin/python3
"""sim:program = field-pulse (VAMPIRE's program; docs/physics.md, "Programs") against its exact
result:
- Spins along x without exchange, damping or temperature precess about the pulse's field along z:
  after the run each has turned by +gamma * sum_n B(n dt) dt (dS/dt = -gamma S x B turns x towards
  +y; the field is set at each step's start and held through it), B(t) = B_max exp(-(t - 3 tau)^2 /
  tau^2), t from the end of equilibration. That sum is the integral
  B_max tau sqrt(pi) (1 + erf(3)) / 2 plus the Euler-Maclaurin end term B(0) dt / 2, to 1e-9; the
  azimuth must agree to 1e-6 rad, and the equilibration (no field) must leave the spins where they
  were.
- The applied-field-strength column is the Gaussian at each row's time, and its largest value is
  within a step of B_max, on the row 3 tau after equilibration.
- The same statistics on 1, 2 and 3 ranks (a heated, coupled system).
- Refused: sim:field-pulse-time without the program, a pulse without a peak field, a pulse shorter
  than two steps; a run shorter than 6 tau is warned about.
(A continued run: check_restart.py's "field-pulse" case.)
Usage: check_field_pulse.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import Checks, run_input, script_args, statistics_bytes, table_rows  # noqa

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
check = Checks("field-pulse")


GAMMA = 1.760859e11  # rad / (s T), docs/physics.md
DT, TAU, B_MAX = 1e-15, 2e-12, 5.0  # s, s, T
EQUIL, TOTAL, INC = 1000, 15000, 500


def precession(extra=""):
    return f"""create:crystal-structure = sc
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 6 !A
dimensions:system-size-y = 6 !A
dimensions:system-size-z = 6 !A
material:num-materials = 1
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 0
material[1]:damping-constant = 0
material[1]:initial-spin-direction = 1,0,0
sim:program = field-pulse
sim:temperature = 0
sim:time-step = 1 !fs
sim:applied-field-strength = {B_MAX} !T
sim:applied-field-unit-vector = 0,0,1
sim:field-pulse-time = 2 !ps
sim:equilibration-time-steps = {EQUIL}
sim:total-time-steps = {TOTAL}
sim:time-steps-increment = {INC}
output:time-steps
output:applied-field-strength
output:magnetisation
{extra}"""


def run(name, text, ranks=1):
    return check.run(miniasd, mpiexec, flags, os.path.join(work, name), text, ranks)


def pulse(t):
    return B_MAX * math.exp(-((t - 3 * TAU) / TAU) ** 2)


d, _ = run("precession", precession())
rows = [[float(w) for w in r] for r in table_rows(d)]
steps = [int(r[0]) for r in rows]
check(steps[0] == EQUIL and steps[-1] == EQUIL + TOTAL,
      f"rows from the end of equilibration (step {steps[0]}) to the run's end ({steps[-1]})")
check(abs(rows[0][2] - 1) < 1e-12 and abs(rows[0][3]) < 1e-12,
      "equilibration without the field leaves the spins along x")

riemann = sum(pulse(n * DT) for n in range(TOTAL)) * DT
exact = B_MAX * TAU * math.sqrt(math.pi) * (1 + math.erf(3)) / 2 + pulse(0) * DT / 2
check(abs(riemann / exact - 1) < 1e-9, f"sum_n B(n dt) dt = B_max tau sqrt(pi) (1 + erf 3) / 2 "
      f"+ B(0) dt / 2 ({riemann:.12g} T s against {exact:.12g})")
turned = math.atan2(rows[-1][3], rows[-1][2])
expected = math.remainder(GAMMA * riemann, 2 * math.pi)
check(abs(math.remainder(turned - expected, 2 * math.pi)) < 1e-6,
      f"the spins turned by +gamma int B dt about z: {turned:.9f} rad against {expected:.9f}")
check(abs(rows[-1][5] - 1) < 1e-9 and abs(rows[-1][4]) < 1e-9,
      "the spins stay in the xy plane, of unit length")

# The field column at each row: the drive sets B at each step's start; a row after step s shows
# the field of the last step taken, s - 1 (t = (s - 1 - EQUIL) dt), or the next one's, s.
worst = min((max(abs(r[1] - pulse((int(r[0]) - EQUIL + k) * DT)) for r in rows[1:]), k)
            for k in (-1, 0))
check(worst[0] < 1e-12 * B_MAX, f"applied-field-strength = the Gaussian at each row "
      f"(t = (step {worst[1]:+d} - equilibration) dt; {worst[0]:.2g} T)")
peak = max(rows, key=lambda r: r[1])
check(B_MAX - peak[1] <= B_MAX * (DT / TAU) ** 2 and int(peak[0]) - EQUIL == round(3 * TAU / DT),
      f"the field peaks at B_max = {peak[1]:.9g} T, 3 tau after equilibration")

# The same statistics on any number of ranks.
coupled = precession().replace("exchange-matrix[1] = 0", "exchange-matrix[1] = 1e-21") \
    .replace("damping-constant = 0", "damping-constant = 0.1") \
    .replace("sim:temperature = 0", "sim:temperature = 20\nsim:integrator-random-seed = 5") \
    .replace("6 !A", "12 !A").replace(f"= {TOTAL}", "= 3000") \
    .replace(f"= {EQUIL}", "= 200").replace("= 2 !ps", "= 0.4 !ps")
outputs = [statistics_bytes(run(f"ranks-{ranks}", coupled, ranks)[0]) for ranks in (1, 2, 3)]
check(outputs[0] == outputs[1] == outputs[2] and len(outputs[0]) > 3,
      "the same statistics on 1, 2 and 3 ranks")


def refused(name, text, words):
    p = run_input(miniasd, mpiexec, flags, os.path.join(work, name), text)
    said = p.stdout + p.stderr
    check(p.returncode != 0 and all(w in said for w in words),
          f"{name}: refused, naming {', '.join(words)}" + ("" if p.returncode != 0 else
                                                           " (it ran)"))


refused("without-program", precession().replace("sim:program = field-pulse",
                                                "sim:program = time-series"),
        ["sim:field-pulse-time", "field-pulse"])
refused("no-field", precession().replace(f"applied-field-strength = {B_MAX} !T",
                                         "applied-field-strength = 0 !T"),
        ["sim:applied-field-strength", "0"])
refused("too-short", precession().replace("= 2 !ps", "= 1.5 !fs"),
        ["sim:field-pulse-time", "two time steps"])
_, p = run("short-run", precession().replace(f"= {TOTAL}", "= 5000"))
check("6 tau" in p.stdout + p.stderr, "a run shorter than 6 tau is warned about")

check.finish()
