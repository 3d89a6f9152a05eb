#!/usr/bin/python3
"""Néel surface anisotropy against its analytic energy (docs/physics.md, "Néel surface
anisotropy"): in a simple-cubic film three layers thick, periodic in x and y, the top and bottom
layers' atoms have 5 of the crystal's 6 neighbours, so they are the surface atoms, and each gets
T = k (2 x x + 2 y y + z z): E = -k (2 - Sz^2) per surface atom, -k along z and -2k in the plane;
the middle layer has none. On 1 and 2 ranks, and with anisotropy:enable-bulk-neel-anisotropy
(every atom: the middle layer's T = 2k (x x + y y + z z), -2k whatever the direction), and the
range dependence exp(-F (r - r0) / r0) at r = a.
Usage: check_neel_anisotropy.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import run_input, script_args, table_rows  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


K = 2e-22
FILM = f"""create:crystal-structure = sc
create:periodic-boundaries-x
create:periodic-boundaries-y
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 1.2 !nm
dimensions:system-size-y = 1.2 !nm
dimensions:system-size-z = 0.9 !nm
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 5e-21
material[1]:neel-anisotropy-constant[1] = {K}
sim:total-time-steps = 0
sim:program = time-series
output:anisotropy-energy
"""


def energy(name, extra, ranks=1):
    r = run_input(miniasd, mpiexec, flags, os.path.join(work, name), FILM + extra, ranks)
    if r.returncode != 0:
        check(False, f"{name} runs:\n{r.stdout[-1500:]}{r.stderr[-1500:]}")
        return float("nan")
    return float(table_rows(os.path.join(work, name))[0][0])


surface = 2 * 4 * 4  # top and bottom layers of 4 x 4
for ranks in (1, 2):
    ez = energy(f"z{ranks}", "material[1]:initial-spin-direction = 0,0,1\n", ranks)
    ex = energy(f"x{ranks}", "material[1]:initial-spin-direction = 1,0,0\n", ranks)
    check(abs(ez + surface * K) < 1e-12 * surface * K and abs(ex + 2 * surface * K) < 1e-12 * K * surface,
          f"{ranks} rank(s): {surface} surface atoms, E = -k along z ({ez:.6g} J) and -2k in "
          f"the plane ({ex:.6g} J)")
bulk = energy("bulk", "anisotropy:enable-bulk-neel-anisotropy\n"
              "material[1]:initial-spin-direction = 0,0,1\n")
check(abs(bulk - (-surface * K - 16 * 2 * K)) < 1e-12 * 48 * K,
      f"enable-bulk-neel-anisotropy: the middle layer's 16 atoms add -2k each ({bulk:.6g} J)")
f, r0 = 5.53, 2.5
w = math.exp(-f * (3.0 - r0) / r0)
ranged = energy("ranged", "anisotropy:neel-anisotropy-exponential-range = 2.5 !A\n"
                "material[1]:initial-spin-direction = 1,0,0\n")
check(abs(ranged + 2 * surface * K * w) < 1e-12 * surface * K,
      f"the range dependence scales k by exp(-5.53 (3 - 2.5) / 2.5) = {w:.6g} ({ranged:.6g} J)")
none = energy("threshold0", "anisotropy:surface-anisotropy-threshold = 5\n"
              "material[1]:initial-spin-direction = 1,0,0\n")
check(none == 0.0, "a threshold of 5: no atom has fewer than 5 neighbours, no energy")
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
