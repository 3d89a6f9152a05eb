#!/usr/bin/env python3
"""The bits of every example, for changes that must not change them (docs/testing.md).

Runs every example input (input/*/input, input/tutorial/*/input, bench/vampire*/input) shortened
to a few hundred steps, plus variants that switch on the terms and moves no example uses (cubic
and biquadratic exchange, vectorial and tensorial couplings, every Monte Carlo move, the
macro-cell dipolar solver, a random alloy, a thermal two-material film), and prints for each its
final spin hash and a digest of the tables it wrote (statistics, program tables).

    tools/bit_corpus.py --miniasd OLD/miniasd --save before.txt    # the build before the change
    tools/bit_corpus.py --miniasd build/miniasd --compare before.txt

Hashes depend on the compiler and flags (and libm's exp/log for thermal and Monte Carlo runs), so
compare two builds made the same way on one machine. --ranks N runs every case on N ranks (the
same bits as on 1 by invariant 1); -k NAME runs the cases whose name contains NAME.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Step counts capped so that the whole corpus runs in a minute or two on one core.
CAPS = {
    "sim:total-time-steps": 300,
    "sim:equilibration-time-steps": 60,
    "sim:loop-time-steps": 40,
    "sim:time-steps-increment": 20,
}
DROP = ("config:", "checkpoint:", "output:output-rate")  # snapshots and checkpoints: not the point

BCC = """create:crystal-structure = bcc
create:periodic-boundaries-x
create:periodic-boundaries-y
create:periodic-boundaries-z
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = 1.722 !nm
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21 !J
material[1]:damping-constant = 0.1
material[1]:initial-spin-direction = random
sim:time-step = 0.1 !fs
sim:integrator-random-seed = 11
sim:total-time-steps = 200
sim:time-steps-increment = 20
output:time-steps
output:magnetisation
output:exchange-energy
output:anisotropy-energy
output:total-energy
"""

# name: (base text, extra lines)
VARIANTS = {
    "cubic-biquadratic-300K": BCC + """material[1]:cubic-anisotropy-constant = 3e-23 !J
material[1]:biquadratic-exchange-matrix[1] = 1e-21 !J
sim:temperature = 300
""",
    "vectorial-0K": BCC.replace("exchange-matrix[1] = 7.05e-21 !J",
                                "exchange-matrix[1] = 7e-21, 7.1e-21, 6.9e-21") +
    "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "material[1]:uniaxial-anisotropy-direction = 1,1,1\n",
    "two-shells-field-300K": BCC + """exchange:function = shell
exchange:interaction-range = 1.2
material[1]:exchange-matrix-2nd-nn[1] = 2e-21 !J
sim:applied-field-strength = 2 !T
sim:applied-field-unit-vector = 1,0,1
sim:temperature = 300
""",
    "alloy-300K": BCC.replace("material[1]:atomic-spin-moment = 2.22 !muB",
                              "material:num-materials = 2\n"
                              "material[1]:atomic-spin-moment = 2.22 !muB\n"
                              "material[2]:atomic-spin-moment = 1.5 !muB\n"
                              "material[2]:exchange-matrix[2] = 5e-21\n"
                              "material[1]:exchange-matrix[2] = -2e-21\n"
                              "material[2]:damping-constant = 0.2\n"
                              "material[2]:initial-spin-direction = random\n"
                              "material[1]:host-alloy\n"
                              "material[1]:alloy-fraction[2] = 0.3\n") +
    "sim:temperature = 300\n",
}
VARIANTS["two-shells-alloy-300K"] = VARIANTS["alloy-300K"] + """exchange:function = shell
exchange:interaction-range = 1.2
material[1]:exchange-matrix-2nd-nn[1] = 2e-21 !J
material[2]:exchange-matrix-2nd-nn[2] = 1e-21 !J
"""


def tensor_ucf():
    """A simple-cubic cell whose six bonds carry a symmetric anisotropic part and a bulk DMI
    (D along the bond), each reverse bond the transpose."""
    rows = []
    for n, d in enumerate([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]):
        dx, dy, dz = (0.4e-21 * c for c in d)
        j = [[6e-21, 0.2e-21 - dz, dy], [0.2e-21 + dz, 5.8e-21, -dx], [-dy, dx, 6.1e-21]]
        rows.append(f"{n} 0 0 {d[0]} {d[1]} {d[2]} " + " ".join(f"{v:.6e}" for r in j for v in r))
    return ("3.0 3.0 3.0\n1 0 0\n0 1 0\n0 0 1\n1\n0 0 0 0 0\n6 tensorial\n" +
            "\n".join(rows) + "\n")


for move in ("adaptive", "angle", "spin-flip", "uniform"):
    VARIANTS["mc-" + move] = BCC + f"""sim:integrator = monte-carlo
montecarlo:algorithm = {move}
sim:temperature = 800
material[1]:second-order-uniaxial-anisotropy-constant = 1e-23
"""
for solver in ("macrocell", "tensor", "atomistic"):
    VARIANTS["dipole-" + solver] = BCC.replace("create:periodic-boundaries-z\n", "").replace(
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n", "") + f"""dipole:solver = {solver}
dipole:field-update-rate = 3
sim:temperature = 100
output:magnetostatic-energy
"""


VARIANTS["tensor-dmi-300K"] = BCC.replace("create:crystal-structure = bcc\n", "material:unit-cell-file = tensor.ucf\n").replace(
    "dimensions:unit-cell-size = 2.87 !A\n", "").replace(
    "material[1]:exchange-matrix[1] = 7.05e-21 !J\n", "") + "sim:temperature = 300\n"


def shorten(text):
    out = []
    for line in text.splitlines():
        key = line.split("=")[0].strip().lower()
        if key.startswith(DROP):
            continue
        if key in CAPS and "=" in line:
            value = line.split("=", 1)[1].split("!")[0].split("#")[0].strip()
            try:
                n = int(float(value))
            except ValueError:
                n = CAPS[key]
            line = f"{key} = {min(n, CAPS[key])}"
        out.append(line)
    return "\n".join(out) + "\n"


def cases():
    found = []
    for pattern in ("input", "input/tutorial", "bench"):
        base = os.path.join(ROOT, pattern)
        for d in sorted(os.listdir(base)):
            if os.path.isfile(os.path.join(base, d, "input")) and d != "tutorial":
                found.append((os.path.relpath(os.path.join(base, d), ROOT), os.path.join(base, d)))
    return found + [("variant/" + k, v) for k, v in VARIANTS.items()]


def run(miniasd, ranks, name, source, work):
    if isinstance(source, str) and os.path.isdir(source):
        # The copy of the example's folder inside a copy of its tree: relative material files
        # (../bcc-fe/Fe.mat) resolve as in the repository.
        d = os.path.join(work, "tree", name)
    else:
        d = os.path.join(work, name.replace("/", "_"))
        os.makedirs(d)
        open(os.path.join(d, "input"), "w").write(source)
        if name == "variant/tensor-dmi-300K":
            open(os.path.join(d, "tensor.ucf"), "w").write(tensor_ucf())
    text = open(os.path.join(d, "input")).read()
    open(os.path.join(d, "input"), "w").write(shorten(text))
    out = os.path.join(d, "out")
    os.makedirs(out)
    cmd = [miniasd, "input", "-o", out, "-q"]
    if ranks > 1:
        cmd = ["mpiexec", "-n", str(ranks), "--oversubscribe"] + cmd
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    p = subprocess.run(cmd, cwd=d, capture_output=True, text=True, env=env)
    m = re.search(r"Spin state hash: ([0-9a-f]+)", p.stdout)
    if p.returncode != 0 or not m:
        lines = [x for x in (p.stderr + p.stdout).splitlines() if "error" in x] or [""]
        return f"FAILED(exit {p.returncode}: {lines[0].strip()[:160]})"
    digest = hashlib.sha256()
    for f in sorted(os.listdir(out)):
        if f in ("report.json",) or f.endswith(".json") or f.startswith("io-log"):
            continue
        path = os.path.join(out, f)
        if os.path.isfile(path):
            digest.update(f.encode() + b"\0" + open(path, "rb").read())
    return f"{m.group(1)} {digest.hexdigest()[:16]}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--miniasd", default=os.path.join(ROOT, "build", "miniasd"))
    ap.add_argument("--ranks", type=int, default=1)
    ap.add_argument("--save")
    ap.add_argument("--compare")
    ap.add_argument("-k", default="")
    a = ap.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for tree in ("input", "bench"):
            shutil.copytree(os.path.join(ROOT, tree), os.path.join(work, "tree", tree),
                            ignore=shutil.ignore_patterns("*.cpp", "*.py", "*.hpp", "*.sh"))
        for name, source in cases():
            if a.k not in name:
                continue
            results[name] = run(os.path.abspath(a.miniasd), a.ranks, name, source, work)
            print(f"{name:45s} {results[name]}", flush=True)
    if a.save:
        with open(a.save, "w") as f:
            for k, v in results.items():
                f.write(f"{k} {v}\n")
    status = 0
    if any(v.startswith("FAILED") for v in results.values()):
        status = 1
    if a.compare:
        want = dict(line.split(" ", 1) for line in open(a.compare).read().splitlines())
        differ = [k for k in results if k in want and want[k].strip() != results[k]]
        for k in differ:
            print(f"DIFFERS {k}: {want[k].strip()} -> {results[k]}")
        print(f"{len(results) - len(differ)} of {len(results)} cases bitwise as before")
        status = status or (1 if differ else 0)
    return status


sys.exit(main())
