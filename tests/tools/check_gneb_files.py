#!/usr/bin/python3
"""The gneb program's files (docs/physics.md, "Energy barriers"): a skyrmion's collapse chain
writes the same `energy-path`, `energy-path-interpolated` and statistics table byte for byte on
1, 2 and 3 ranks x 1 and 2 threads, one snapshot per image, the barriers in report.json and exit
status 1 when its iterations ran out; a converged macrospin chain exits 0 and plot_energy_path
draws it and prints the program's barrier; a stop (as by a signal) ends the chain with its path
written and says there is no checkpoint.
Usage: check_gneb_files.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


COLLAPSE = """create:crystal-structure = sc
create:periodic-boundaries-x
create:periodic-boundaries-y
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 48 !A
dimensions:system-size-y = 48 !A
dimensions:system-size-z = 3 !A
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 1e-21 !J
material[1]:interfacial-dmi-constant[1] = 1.8e-22 !J
material[1]:second-order-uniaxial-anisotropy-constant = 3e-23 !J
material[1]:initial-spin-direction = 0,0,1
sim:initial-spin-configuration = skyrmion
sim:initial-skyrmion-radius = 0.9 !nm
sim:program = gneb
sim:total-time-steps = 120
gneb:images = 7
gneb:final-spin-direction = 0,0,1
output:energy-unit = meV
output:time-steps
output:magnetisation-components
output:total-energy
output:topological-charge
config:atoms
"""

# A film with the exact dipolar field (held through a step, computed afresh for each image).
DIPOLAR = """create:crystal-structure = sc
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 30 !A
dimensions:system-size-y = 30 !A
dimensions:system-size-z = 3 !A
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 1e-21 !J
material[1]:second-order-uniaxial-anisotropy-constant = 2e-23 !J
material[1]:initial-spin-direction = 0,0,1
dipole:solver = atomistic
sim:program = gneb
sim:total-time-steps = 40
gneb:images = 5
gneb:final-spin-direction = 0,0,-1
output:time-steps
output:total-energy
"""

MACROSPIN = """create:single-spin
material[1]:atomic-spin-moment = 2 !muB
material[1]:uniaxial-anisotropy-constant = 1e-23
material[1]:initial-spin-direction = 0,0,1
sim:applied-field-strength = 0.25 !T
sim:applied-field-unit-vector = 0,0,-1
sim:program = gneb
sim:total-time-steps = 20000
gneb:final-spin-direction = 0,0,-1
gneb:torque-tolerance = 1e-10 !T
output:energy-unit = meV
"""


def run(name, text, ranks=1, threads=1, env=None):
    d = os.path.join(work, name)
    os.makedirs(d)
    with open(os.path.join(d, "input"), "w") as f:
        f.write(text)
    e = dict(os.environ, OMP_NUM_THREADS=str(threads), **(env or {}))
    p = subprocess.run([mpiexec, "-n", str(ranks), *flags, miniasd, "input"], cwd=d, env=e,
                       capture_output=True, text=True, timeout=300)
    return d, p


def read(path):
    with open(path, "rb") as f:
        return f.read()


first, p = run("collapse-1x1", COLLAPSE)
check(p.returncode == 1 and "GNEB did NOT converge after 120 iterations" in p.stdout,
      f"a chain whose iterations ran out exits 1 and says so (exit {p.returncode})\n" + p.stderr)
rows = [r for r in read(os.path.join(first, "energy-path")).decode().splitlines() if r[0] != "#"]
head = read(os.path.join(first, "energy-path")).decode().splitlines()[0]
check(head == "# image reaction-coordinate[rad] energy[meV] type m-x m-y m-z dE/ds[meV/rad]"
      and len(rows) == 7 and rows[0].split()[3] == "end-point" and rows[-1].split()[3] == "end-point",
      "energy-path: its header and one row per image, end points marked:\n" + head)
check(len(glob.glob(os.path.join(first, "spins-*.meta"))) == 7, "one snapshot per image")
report = json.load(open(os.path.join(first, "report.json")))["run"]
g = report.get("gneb", {})
check(g.get("images") == 7 and g.get("iterations") == 120 and g.get("converged") is False
      and g.get("barrier_forward", 0) > 0 and report.get("step_unit") == "image-iteration",
      f"report.json has the chain's outcome: {g}")
for ranks, threads in ((2, 2), (3, 1)):
    d, p = run(f"collapse-{ranks}x{threads}", COLLAPSE, ranks, threads)
    for name in ("energy-path", "energy-path-interpolated", "output"):
        check(read(os.path.join(d, name)) == read(os.path.join(first, name)),
              f"{name} byte for byte on {ranks} ranks x {threads} threads as on 1 x 1")

# The energy path's energies are each image's own, held dipolar field included: the statistics
# rows (observables, computed afresh) give the same differences.
d, p = run("dipolar", DIPOLAR, 2)
path = [float(r.split()[2]) for r in open(os.path.join(d, "energy-path")) if r[0] != "#"]
table = [float(r.split()[1]) for r in open(os.path.join(d, "output")) if r[0] != "#"]
scale = max(abs(e) for e in path)
check(p.returncode == 1 and len(path) == 5 and len(table) == 5 and scale > 0
      and all(abs((t - table[0]) - e) <= 1e-9 * scale for t, e in zip(table, path)),
      f"with the exact dipolar field, energy-path's energies are the images' own (the rows': "
      f"{[t - table[0] for t in table]}, the path's: {path})")

d, p = run("macrospin", MACROSPIN)
check(p.returncode == 0 and "GNEB converged" in p.stdout, "a converged chain exits 0\n" + p.stderr)
barrier = re.search(r"Energy barrier: ([0-9.e+-]+) meV forward", p.stdout)
r = subprocess.run(["/usr/bin/python3", os.path.join(source, "tools", "plot_energy_path.py"),
                    os.path.join(d, "energy-path")], capture_output=True, text=True, timeout=120)
drawn = re.search(r"barrier: ([0-9.e+-]+) meV forward \(image \d+, climbing\)", r.stdout)
check(r.returncode == 0 and barrier and drawn and float(drawn.group(1)) == float(barrier.group(1))
      and os.path.getsize(os.path.join(d, "energy-path.png")) > 10000,
      "plot_energy_path draws the path and prints the program's barrier:\n" + r.stdout + r.stderr)
# K (1 - h)^2 with h = mu B / 2K = 2 muB x 0.25 T / 2e-23 J.
h = 2 * 9.2740100783e-24 * 0.25 / 2e-23
exact = 1e-23 * (1 - h) ** 2 / 1.602176634e-22
check(barrier and abs(float(barrier.group(1)) / exact - 1) < 1e-6,
      f"the macrospin's barrier is K (1 - h)^2 = {exact:.10g} meV")

d, p = run("stopped", COLLAPSE, env={"MINIASD_TEST_STOP_AT_STEP": "30"})
check(p.returncode not in (0, 75) and "the chain stopped after 30 iterations" in p.stderr
      and "no checkpoints" in p.stderr and os.path.exists(os.path.join(d, "energy-path")),
      f"a stop ends the chain with its path written and no checkpoint claimed (exit {p.returncode}):\n"
      + p.stderr[-800:])

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
