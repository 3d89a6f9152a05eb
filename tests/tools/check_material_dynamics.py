#!/usr/bin/python3
"""A material's temperature rescaling and relative gyromagnetic ratio, checked against exact
identities (docs/physics.md, "Temperature rescaling" and "Relative gyromagnetic ratio"):
- LLG at 250 K with T_c = 1000 K and exponent 2 runs at 1000 (250/1000)^2 = 62.5 K (exact in
  binary): its statistics equal, digit for digit, an unrescaled run at 62.5 K (the temperature
  column aside, which prints the run's temperature, as VAMPIRE's); the same for Monte Carlo, on 1
  and 2 ranks; at and above T_c the rescaling changes nothing.
- relative-gamma = 2 at 300 K is the dynamics of a time step twice as long: gamma dt and the
  thermal field's sigma^2 dt^2 ~ dt / gamma scale alike, by exact factors of two, so the spins
  of step n are the same bits (the time column aside).
- material[1]:temperature (VAMPIRE's local temperature) at 300 K with sim:temperature = 0 is the
  300 K run bit for bit; Monte Carlo refuses it.
Usage: check_material_dynamics.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import run_input, script_args, table_rows  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


BOX = """create:crystal-structure = sc
create:periodic-boundaries
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 1.8 !nm
dimensions:system-size-y = 1.8 !nm
dimensions:system-size-z = 1.5 !nm
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 5e-21
material[1]:second-order-uniaxial-anisotropy-constant = 1e-23
material[1]:damping-constant = 0.1
sim:total-time-steps = 60
sim:time-steps-increment = 10
sim:program = time-series
output:time-steps
output:temperature
output:magnetisation
output:total-energy
"""


def run(name, text, ranks=1):
    r = run_input(miniasd, mpiexec, flags, os.path.join(work, name), text, ranks)
    if r.returncode != 0:
        check(False, f"{name} runs:\n{r.stdout[-1500:]}{r.stderr[-1500:]}")
        return []
    return table_rows(os.path.join(work, name))


def without(rows, column):
    return [r[:column] + r[column + 1:] for r in rows]


RESCALED = ("material[1]:temperature-rescaling-curie-temperature = 1000\n"
            "material[1]:temperature-rescaling-exponent = 2\n")
for integrator, ranks in (("llg-heun", 1), ("monte-carlo", 1), ("monte-carlo", 2)):
    base = BOX + f"sim:integrator = {integrator}\nsim:time-step = 1e-16\n"
    a = run(f"rescaled-{integrator}-{ranks}", base + "sim:temperature = 250\n" + RESCALED, ranks)
    b = run(f"plain-{integrator}-{ranks}", base + "sim:temperature = 62.5\n", ranks)
    check(a and without(a, 1) == without(b, 1) and a[0][1] != b[0][1],
          f"{integrator} on {ranks} rank(s): 250 K rescaled (T_c 1000 K, exponent 2) is 62.5 K "
          f"digit for digit ({len(a)} rows)")
    hot = run(f"above-{integrator}-{ranks}", base + "sim:temperature = 1200\n" + RESCALED, ranks)
    plain = run(f"plain-hot-{integrator}-{ranks}", base + "sim:temperature = 1200\n", ranks)
    check(hot and hot == plain, f"{integrator}: above T_c the rescaling changes nothing")

fast = run("gamma2", BOX + "sim:temperature = 300\nsim:time-step = 1e-16\n"
           "material[1]:relative-gamma = 2\n")
long = run("dt2", BOX + "sim:temperature = 300\nsim:time-step = 2e-16\n")
check(fast and without(fast, 0) == without(long, 0),
      f"relative-gamma 2 at 300 K is a doubled time step, bit for bit ({len(fast)} rows)")
plain = run("gamma1", BOX + "sim:temperature = 300\nsim:time-step = 1e-16\n")
check(plain and without(plain, 0) != without(fast, 0), "and it differs from relative-gamma 1")
# VAMPIRE's local temperature: material[1]:temperature = 300 with sim:temperature = 0 is the run
# at 300 K (the temperature column aside); Monte Carlo refuses it.
local = run("local", BOX + "sim:temperature = 0\nsim:time-step = 1e-16\n"
            "material[1]:temperature = 300\n")
check(local and without(local, 1) == without(plain, 1) and local[0][1] != plain[0][1],
      "material[1]:temperature = 300 at sim:temperature = 0 is the 300 K run, bit for bit")
d = os.path.join(work, "local-mc")
os.makedirs(d, exist_ok=True)
with open(os.path.join(d, "input"), "w") as f:
    f.write(BOX + "sim:integrator = monte-carlo\nmaterial[1]:temperature = 300\n")
r = subprocess.run([miniasd, "input", "--check"], cwd=d, capture_output=True, text=True,
                   timeout=60)
check(r.returncode != 0 and "material[1]:temperature" in r.stderr and "llg-heun" in r.stderr,
      "Monte Carlo refuses material temperatures by name:\n" + r.stderr[-600:])
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
