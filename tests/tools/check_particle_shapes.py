#!/usr/bin/python3
"""The particle shapes cut the atoms VAMPIRE cuts: each input of bench/vampire-shapes/ (ellipsoid
and ellipse with shape factors, cone with its angle, tear-drop, bubble with its parameters, the
truncated octahedron with shape factors, a sphere moved by create:particle-centre-offset,
core-shell ellipsoid and cone, core-shell spheres whose shells admit only some heights (filled, and
hollowed by create:fill-core-shell-particles = false), a square array of spheres and a hexagonal one of cylinders, each
offset; boxes whose size along an open axis ends inside the last cell, with material heights, once
repeated by create:multilayers) runs
one step with config:atoms, and its coordinates (material, position to 0.01 A) must be the set
VAMPIRE's develop branch wrote, on 1 rank and, for five of them, on 3. Then the shapes' parameters
and the arrays' are refused where they have no effect.
Usage: check_particle_shapes.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import gzip
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import Checks, run_miniasd, script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
sys.path.insert(0, os.path.join(source, "tools"))
import read_snapshot  # noqa: E402

check = Checks("particle shape")


def atoms(out):
    snap = read_snapshot.read(os.path.join(out, "coordinates.meta"))
    return {(int(m), round(x, 2), round(y, 2), round(z, 2))
            for m, (x, y, z) in zip(snap.material, snap.positions)}


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
shapes = os.path.join(source, "bench", "vampire-shapes")
for case in sorted(os.listdir(shapes)):
    with gzip.open(os.path.join(shapes, case, "vampire-develop-atoms.gz"), "rt") as f:
        expected = {(int(r[0]), float(r[1]), float(r[2]), float(r[3]))
                    for r in (line.split() for line in f if not line.startswith("#"))}
    for ranks in ((1, 3) if case in ("cone-cs", "ellipsoid-cs", "sphere-cs-hollow",
                                     "array-square", "array-hexagonal") else (1,)):
        out = os.path.join(work, f"{case}-{ranks}")
        r = run_miniasd(miniasd, mpiexec, flags, os.path.join(shapes, case, "input"), out, ranks)
        if r.returncode != 0:
            check(False, f"{case} on {ranks} rank(s) runs", r.stderr[-800:])
            continue
        got = atoms(out)
        check(got == expected, f"{case} on {ranks} rank(s): VAMPIRE's {len(expected)} atoms",
              f"{len(got)} atoms; only VAMPIRE's: {sorted(expected - got)[:3]}; only miniasd's: "
              f"{sorted(got - expected)[:3]}")

# --- parameters without the shape that reads them are refused by name
base = open(os.path.join(shapes, "ellipse", "input")).read()
for extra, shape, word in [("create:cone-angle = 20", "create:ellipse", "cone-angle"),
                           ("dimensions:particle-shape-factor-z = 0.5", "create:ellipse",
                            "particle-shape-factor-z"),
                           ("create:bubble-radius = 0.5", "create:sphere", "bubble-radius"),
                           ("create:particle-centre-offset", "", "particle-centre-offset"),
                           ("dimensions:particle-spacing = 1 !nm", "create:ellipse",
                            "particle-spacing"),
                           ("dimensions:particle-array-offset-y = 1 !nm", "create:ellipse",
                            "particle-array-offset-y"),
                           ("create:particle-array", "", "particle-array")]:
    text = base.replace("create:ellipse", shape) + extra + "\n"
    if not shape:
        text = text.replace("dimensions:particle-size", "#").replace(
            "dimensions:particle-shape-factor", "#")
    path = os.path.join(work, f"refuse-{word}")
    with open(path, "w") as f:
        f.write(text)
    shutil.copy(os.path.join(shapes, "ellipse", "m.mat"), work)
    r = subprocess.run([miniasd, path, "--check"], capture_output=True, text=True)
    check(r.returncode == 1 and word in r.stderr and "no effect" in r.stderr,
          f"{word} refused where it has no effect", r.stderr[-400:])
mat = open(os.path.join(shapes, "ellipsoid-cs", "m.mat")).read()
with open(os.path.join(work, "cs.mat"), "w") as f:
    f.write(mat)
text = open(os.path.join(shapes, "bubble", "input")).read().replace("m.mat", "cs.mat")
with open(os.path.join(work, "refuse-core-shell"), "w") as f:
    f.write(text)
r = subprocess.run([miniasd, os.path.join(work, "refuse-core-shell"), "--check"],
                   capture_output=True, text=True)
check(r.returncode == 1 and "core-shell-size" in r.stderr and "bubble" in r.stderr,
      "core-shell sizes refused on a bubble (VAMPIRE's ignores them)", r.stderr[-400:])
# create:multilayers without material heights.
with open(os.path.join(work, "refuse-multilayers"), "w") as f:
    f.write(open(os.path.join(shapes, "ellipse", "input")).read() + "create:multilayers = 2\n")
r = subprocess.run([miniasd, os.path.join(work, "refuse-multilayers"), "--check"],
                   capture_output=True, text=True)
check(r.returncode == 1 and "repeats the materials' height ranges" in r.stderr,
      "create:multilayers refused without material heights", r.stderr[-400:])
# Both arrangements at once, and an array with no whole particle in the box.
text = open(os.path.join(shapes, "array-square", "input")).read()
for name, extra, expected in [("both", "create:hexagonal-particle-array\n",
                               "conflicts with create:particle-array"),
                              ("none-fits", "dimensions:particle-array-offset-y = 8 !nm\n",
                               "holds no whole particle")]:
    path = os.path.join(work, f"refuse-array-{name}")
    with open(path, "w") as f:
        f.write(text.replace("m.mat", os.path.join(shapes, "array-square", "m.mat")) + extra)
    r = subprocess.run([miniasd, path, "-o", work, "-q"] if name == "none-fits"
                       else [miniasd, path, "--check"], capture_output=True, text=True)
    check(r.returncode != 0 and expected in r.stderr, f"particle array: {name} refused",
          r.stderr[-400:])

check.finish()
