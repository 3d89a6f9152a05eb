#!/usr/bin/python3
"""Four-spin exchange against its analytic energy (docs/physics.md, "Four-spin exchange"): VAMPIRE's
develop branch has no four-spin energy (its energy function returns 0), so miniASD's is checked
against the formula. On a periodic simple-cubic box (cell a, cutoffs a and sqrt(2) a) every atom
centres 8 quartets; in a uniform state each has E = -(K/3)(1 + 1 + 1) = -K, so the exchange energy
column (which holds the four-spin energy, as VAMPIRE reports it) is -3 N J - 8 N K, on 1 and 2
ranks; with the default cutoffs (1 A and 1.414 A) on a 3 A cell no quartet exists, which is
refused by name.
Usage: check_four_spin.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
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


J, K, N = 5e-21, 3e-22, 4 * 4 * 4
BOX = f"""create:crystal-structure = sc
create:periodic-boundaries
dimensions:unit-cell-size = 3 !A
dimensions:system-size = 1.2 !nm
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = {J}
material[1]:four-spin-constant[1] = {K}
material[1]:initial-spin-direction = 1,2,3
sim:total-time-steps = 0
output:exchange-energy
"""
CUTOFFS = "exchange:four-spin-cutoff-1 = 3 !A\nexchange:four-spin-cutoff-2 = 4.2426 !A\n"
expected = -3 * N * J - 8 * N * K
for ranks in (1, 2):
    d = os.path.join(work, f"uniform{ranks}")
    r = run_input(miniasd, mpiexec, flags, d, BOX + CUTOFFS, ranks)
    e = float(table_rows(d)[0][0]) if r.returncode == 0 else float("nan")
    check(abs(e - expected) < 1e-12 * abs(expected),
          f"{ranks} rank(s): uniform state, E = -3NJ - 8NK = {expected:.6g} J (got {e:.6g})"
          + ("" if r.returncode == 0 else "\n" + r.stderr[-800:]))
d = os.path.join(work, "no-quartet")
r = run_input(miniasd, mpiexec, flags, d, BOX)
check(r.returncode != 0 and "four-spin-cutoff-1" in r.stderr,
      "default cutoffs on a 3 A cell: no quartet, refused by name:\n" + r.stderr[-600:])
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
