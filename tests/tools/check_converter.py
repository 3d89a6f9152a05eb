#!/usr/bin/python3
"""miniasd-convert and tools/read_snapshot.py end to end: runs miniasd in every write mode (and
float32, text and a subset of atoms), converts whole run directories to
every format and reads the results back with independent readers (numpy for canonical, CSV, XYZ
and the XDMF data items; VTK's own XML reader for .vtu; POV-Ray for scenes), comparing with
tools/read_snapshot.py. Then selections, macro-cells, coordinates alone and every bad input.
Usage: check_converter.py MINIASD CONVERTER MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import re
import shutil
import subprocess
import sys
from time import monotonic
import xml.etree.ElementTree as ET

import numpy as np

args = sys.argv[1:]
sep = args.index("--")
miniasd, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work, source = args[sep + 1], args[sep + 2]
sys.path.insert(0, os.path.join(source, "tools"))
import read_snapshot  # noqa: E402

try:
    import vtk
    from vtk.util.numpy_support import vtk_to_numpy
except ImportError:
    sys.exit("check_converter: VTK's Python module is missing: apt-get install python3-vtk9 "
             "(tools/setup.sh installs it)")

system = """create:crystal-structure = bcc
create:periodic-boundaries-x
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size-x = 2.87 !nm
dimensions:system-size-y = 1.435 !nm
dimensions:system-size-z = 1.435 !nm
material[1]:material-name = Fe
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7e-21
material[1]:initial-spin-direction = random
material[1]:unit-cell-category = 1
material[2]:material-name = Gd
material[2]:material-element = Gd
material[2]:atomic-spin-moment = 7.63 !muB
material[2]:exchange-matrix[2] = 3e-21
material[2]:initial-spin-direction = random
material[2]:unit-cell-category = 2
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:total-time-steps = 20
sim:time-steps-increment = 10
config:atoms
"""
modes = {
    "serial": "config:output-mode = serial\n",
    "file-per-process": "config:output-mode = file-per-process\n",
    "mpi-io": "config:output-mode = mpi-io\n",
    "file-per-node": "config:output-mode = file-per-node\nconfig:output-nodes = 2\n",
    "sorted": "config:output-mode = sorted\n",
    "hdf5": "config:output-mode = hdf5\n",
    "node-float32": "config:output-mode = file-per-node\nconfig:output-data-type = float32\n",
    "mpiio-text32": "config:output-mode = mpi-io\nconfig:output-format = text\nconfig:output-data-type = float32\n",
    "fpp-text": "config:output-mode = file-per-process\nconfig:output-format = text\n",
    # A subset (config:atoms-*) leaves one rank without atoms to write.
    "node32-subset": "config:output-mode = file-per-node\nconfig:output-data-type = float32\n"
                     "config:atoms-materials = 2\nconfig:atoms-maximum-x = 0.5\n",
}
# Modes that write the whole state in float64: their canonical bytes must equal serial mode's.
full64 = {m for m, k in modes.items() if "float32" not in k and "atoms-m" not in k}
env = dict(os.environ, OMP_NUM_THREADS="1")
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def convert(*argv, expect=0):
    r = subprocess.run([converter, *argv], capture_output=True, text=True, timeout=300)
    if r.returncode != expect:
        print(r.stdout, r.stderr)
    check(r.returncode == expect, f"miniasd-convert {' '.join(argv)} exits {expect}")
    return r


def same(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def xyz_frame(path):
    lines = open(path).read().splitlines()
    n = int(lines[0])
    header = lines[1]
    rows = [line.split() for line in lines[2:2 + n]]
    species = [r[0] for r in rows]
    numbers = np.array([[float(v) for v in r[1:7]] for r in rows])
    ints = np.array([[int(v) for v in r[7:9]] for r in rows], dtype=np.int64)
    return header, species, numbers, ints


def xdmf_arrays(path):
    """Every temporal step of the converter's spins.xdmf as (time, positions, spins, ids,
    materials), read through its DataItems (HDF5 file and dataset, dimensions) with h5py."""
    import h5py
    root = ET.parse(path).getroot()
    steps = []
    for step in root.find("Domain").find("Grid").findall("Grid"):
        time = float(step.find("Time").get("Value"))
        items = {"geometry": step.find("Geometry").find("DataItem"),
                 "vertices": step.find("Topology").find("DataItem")}
        items.update({a.get("Name"): a.find("DataItem") for a in step.findall("Attribute")})
        parts = {}
        for name, item in items.items():
            dims = tuple(int(d) for d in item.get("Dimensions").split())
            file, dataset = item.text.strip().split(":")
            with h5py.File(os.path.join(os.path.dirname(path), file), "r") as f:
                data = f[dataset][()]
            assert data.shape == dims, (name, data.shape, dims)
            parts[name] = data.reshape(dims[0], -1).squeeze(axis=1) if dims[1] == 1 else data
        assert (parts["vertices"] == np.arange(len(parts["id"]))).all()
        steps.append((time, *(parts[k] for k in ("geometry", "spin", "id", "material"))))
    return steps


shutil.rmtree(work, ignore_errors=True)
canonical = {}
for mode, keywords in modes.items():
    run = os.path.join(work, mode)
    os.makedirs(run)
    with open(os.path.join(run, "input"), "w") as f:
        f.write(system + keywords)
    subprocess.run([mpiexec, "-n", "2", *flags, miniasd, "-q"], cwd=run, env=env, check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    out = os.path.join(run, "out")
    text = "output-format = text" in keywords
    formats = "canonical,csv,xyz,vtu,xdmf"
    r = convert(run, "--to", formats, "-o", out, "-q")
    metas = sorted(f for f in os.listdir(run) if f.startswith("spins-") and f.endswith(".meta"))
    check(len(metas) == 3, f"{mode}: three snapshots written")
    xdmf = xdmf_arrays(os.path.join(out, "spins.xdmf"))
    pvd = ET.parse(os.path.join(out, "spins.pvd")).getroot().find("Collection").findall("DataSet")
    check(len(pvd) == 3, f"{mode}: the .pvd lists three snapshots")
    for i, meta in enumerate(metas):
        stem = meta[:-5]
        snap = read_snapshot.read(os.path.join(run, meta), verify_checksums=True)
        time_ps = float(snap.meta["time"]) * 1e12
        # canonical
        cbin = np.fromfile(os.path.join(out, stem + ".bin"), dtype="<f8").reshape(-1, 3)
        check(same(cbin, snap.values), f"{mode} {stem}: canonical equals the Python reader")
        canonical[(mode, stem)] = cbin
        if mode in full64:
            check(same(cbin, canonical[("serial", stem)]), f"{mode} {stem}: canonical equals serial mode's")
        # CSV
        t = np.loadtxt(os.path.join(out, stem + ".csv"), delimiter=",", skiprows=1)
        check(same(t[:, 0].astype(np.int64), snap.gid) and same(t[:, 1:4], snap.positions)
              and same(t[:, 4].astype(np.int32), snap.material + 1) and same(t[:, 5:8], snap.values),
              f"{mode} {stem}: CSV reads back to the same doubles, ids and materials")
        # XYZ
        header, species, numbers, ints = xyz_frame(os.path.join(out, stem + ".xyz"))
        box = snap.box
        lattice = np.array(header.split('Lattice="')[1].split('"')[0].split(), dtype=float)
        xyz_time = float(header.split("Time=")[1].split()[0])
        check(same(lattice, np.diag(box).ravel()) and 'pbc="T F F"' in header and xyz_time == time_ps
              and "Properties=species:S:1:pos:R:3:dipoles:R:3:material:I:1:id:I:1" in header,
              f"{mode} {stem}: XYZ comment line (lattice, pbc, time, properties)")
        # XYZ species: the material's element where material-element gives one, else its name.
        check(snap.material_elements == [None, "Gd"], f"{mode} {stem}: elements in the metadata")
        names = np.array([e or n for e, n in zip(snap.material_elements, snap.material_names)])
        names = names[snap.material]
        check(list(names) == species and same(numbers[:, :3], snap.positions)
              and same(numbers[:, 3:], snap.values) and same(ints[:, 1], snap.gid),
              f"{mode} {stem}: XYZ species, positions, spins and ids")
        # VTU through VTK
        reader = vtk.vtkXMLUnstructuredGridReader()
        reader.SetFileName(os.path.join(out, stem + ".vtu"))
        reader.Update()
        g = reader.GetOutput()
        pd = g.GetPointData()
        check(g.GetNumberOfPoints() == len(snap.gid) and g.GetNumberOfCells() == len(snap.gid)
              and same(vtk_to_numpy(pd.GetArray("spin")), snap.values)
              and same(vtk_to_numpy(g.GetPoints().GetData()), snap.positions)
              and same(vtk_to_numpy(pd.GetArray("id")).astype(np.int64), snap.gid)
              and same(vtk_to_numpy(pd.GetArray("material")), snap.material + 1)
              and pd.GetVectors() is not None and pd.GetVectors().GetName() == "spin"
              and g.GetFieldData().GetArray("TimeValue").GetValue(0) == time_ps,
              f"{mode} {stem}: VTK reads the .vtu (points, vectors, ids, materials, time)")
        check(pvd[i].get("file") == stem + ".vtu" and float(pvd[i].get("timestep")) == time_ps,
              f"{mode} {stem}: .pvd entry (file, time in ps)")
        # XDMF 3 with HDF5 data, in id order
        time, pos, spin, ids, mat = xdmf[i]
        check(time == time_ps and same(ids, snap.gid) and same(pos, snap.positions)
              and same(spin, snap.values) and same(mat, snap.material + 1),
              f"{mode} {stem}: the XDMF series' data items match")
        if mode == "hdf5":  # the run's own XDMF, the form meshio also reads (interop test)
            import h5py
            root = ET.parse(os.path.join(run, stem + ".xmf")).getroot()
            grid = root.find("Domain").find("Grid")
            item = grid.find("Topology").find("DataItem")
            with h5py.File(os.path.join(run, "coordinates.h5"), "r") as f:
                vertices, positions = f["vertices"][()], f["positions"][()]
            with h5py.File(os.path.join(run, stem + ".h5"), "r") as f:
                own = f["spins"][()]
            order = np.lexsort(snap.positions.T[::-1])
            check(grid.find("Time") is None and f"t = {time_ps:.17g} ps" in grid.get("Name")
                  and item.text.strip() == "coordinates.h5:/vertices"
                  and same(vertices, np.arange(len(snap.gid), dtype=np.int64).reshape(-1, 1))
                  and same(own[np.lexsort(positions.T[::-1])], snap.values[order]),
                  f"{mode} {stem}: the run's .xmf (vertex list, no <Time>, time in ps) and data")

# float32 snapshots: the same state as float64, rounded.
for mode in ("node-float32", "mpiio-text32"):
    check(same(canonical[(mode, "spins-00000002")],
               canonical[("serial", "spins-00000002")].astype(np.float32).astype(np.float64)),
          f"{mode}: the float64 state rounded to float32")

# --- selections and macro-cells (against numpy on the Python reader's arrays) ---
run = os.path.join(work, "sorted")
meta = os.path.join(run, "spins-00000002.meta")
snap = read_snapshot.read(meta)
sel = os.path.join(work, "sel.csv")
convert(meta, "--to", "csv", "-o", sel, "--where", "sz<0", "--materials", "Gd", "--slab", "x:2:20", "-q")
t = np.loadtxt(sel, delimiter=",", skiprows=1, ndmin=2)
keep = (snap.values[:, 2] < 0) & (snap.material == 1) & (snap.positions[:, 0] >= 2) & (snap.positions[:, 0] <= 20)
check(keep.sum() > 5 and same(t[:, 0].astype(np.int64), snap.gid[keep]) and same(t[:, 5:8], snap.values[keep]),
      f"--where sz<0 --materials Gd --slab x:2:20 keeps exactly the {keep.sum()} atoms numpy keeps")
convert(meta, "--to", "csv", "-o", sel, "--fractional-box", "0,0,0,0.5,1,1", "--materials", "1", "-q")
t = np.loadtxt(sel, delimiter=",", skiprows=1, ndmin=2)
keep = (snap.positions[:, 0] / snap.box[0] <= 0.5) & (snap.material == 0)
check(same(t[:, 0].astype(np.int64), snap.gid[keep]), "--fractional-box with --materials by number")
cells = os.path.join(work, "cells.csv")
convert(meta, "--to", "csv", "-o", cells, "--macro-cell", "5.74,7.175,7.175", "-q")
t = np.loadtxt(cells, delimiter=",", skiprows=1, ndmin=2)
size = np.array([5.74, 7.175, 7.175])
# The binning rule: a position moved up by 1e-4 A (an atom on a cell face takes the upper cell),
# the grid ending at the last atom's cell.
c = np.floor((snap.positions + 1e-4) / size).astype(int)
n = c.max(axis=0) + 1
index = (c[:, 2] * n[1] + c[:, 1]) * n[0] + c[:, 0]
mu = snap.material_moments[snap.material]  # Bohr magnetons per atom
check(np.allclose(snap.material_moments, [2.22, 7.63]), "the metadata records the moments (muB)")
expected = []
for k in np.unique(index):
    inside = index == k
    m = (mu[inside, None] * snap.values[inside]).sum(axis=0) / mu[inside].sum()
    expected.append([k, inside.sum(), *m])
expected = np.array(expected)
check(len(t) == len(expected) >= 8 and same(t[:, 0], expected[:, 0]) and same(t[:, 4], expected[:, 1])
      and np.abs(t[:, 5:8] - expected[:, 2:]).max() < 1e-12
      and np.abs(t[:, 8] - np.linalg.norm(expected[:, 2:], axis=1)).max() < 1e-12,
      f"--macro-cell: counts and moment-weighted means of the {len(t)} cells equal numpy's")
# OVF 2.0: read back with a parser written from the OOMMF format (header keys, x fastest).
ovf = os.path.join(work, "cells.ovf")
convert(meta, "--to", "ovf", "-o", ovf, "--macro-cell", "5.74,7.175,7.175", "-q")
header, rows = {}, []
with open(ovf) as f:
    first = f.readline().strip()
    for line in f:
        if line.startswith("#"):
            if ":" in line:
                key, value = line[1:].split(":", 1)
                header[key.strip().lower()] = value.strip()
        elif line.strip():
            rows.append([float(v) for v in line.split()])
rows = np.array(rows)
nodes = [int(header[k + "nodes"]) for k in "xyz"]
step = np.array([float(header[k + "stepsize"]) for k in "xyz"])
full = np.zeros((nodes[0] * nodes[1] * nodes[2], 3))
full[expected[:, 0].astype(int)] = expected[:, 2:]
check(first == "# OOMMF OVF 2.0" and header["meshtype"] == "rectangular"
      and header["meshunit"] == "m" and nodes == list(n) and np.allclose(step, size * 1e-10)
      and float(header["xbase"]) == step[0] / 2 and rows.shape == (n.prod(), 3)
      and np.abs(rows - full).max() < 1e-12,
      "--to ovf: an OVF 2.0 grid of the same macro-cells (empty cells 0 0 0), lengths in m")
convert(meta, "--to", "ovf", "-o", ovf, "-q", expect=1)  # a grid needs --macro-cell
coords = os.path.join(work, "coords.csv")
convert(os.path.join(run, "coordinates.meta"), "--to", "csv", "-o", coords, "-q")
t = np.loadtxt(coords, delimiter=",", skiprows=1)
check(t.shape == (len(snap.gid), 5) and same(t[:, 1:4], snap.positions),
      "coordinates alone: positions and materials, no spins")

# -o naming a file without an extension gets the format's extension (not a bare "frame").
frame = os.path.join(work, "frame")
convert(meta, "--to", "xyz", "-o", frame, "-q")
check(os.path.exists(frame + ".xyz") and not os.path.exists(frame),
      "-o dir/frame with one snapshot to xyz writes dir/frame.xyz")

# --- POV-Ray: a rendered picture that is not blank ---
pov = os.path.join(work, "pov")
if shutil.which("povray"):
    convert(meta, "--to", "povray", "--render", "--size", "200x150", "-o", pov + "/", "-q")
    import matplotlib.image
    png = os.path.join(pov, "spins-00000002.png")
    image = matplotlib.image.imread(png)[:, :, :3] if os.path.exists(png) else np.ones((1, 1, 3))
    drawn = (np.abs(image - 1.0).sum(axis=2) > 0.1).mean()  # background is white
    reds = ((image[:, :, 0] - image[:, :, 2]) > 0.2).mean()
    blues = ((image[:, :, 2] - image[:, :, 0]) > 0.2).mean()
    check(image.shape == (150, 200, 3) and drawn > 0.03 and reds > 0.002 and blues > 0.002,
          f"POV-Ray PNG rendered and not blank ({drawn:.1%} drawn, {reds:.1%} red, {blues:.1%} blue)")
else:
    check(False, "povray is installed (tools/setup.sh installs it)")

# --- bad input: one clear message naming the file, a non-zero exit ---
r = convert(os.path.join(work, "absent.meta"), expect=1)
check("absent.meta" in r.stderr, "a missing metadata file is named")
bad = os.path.join(work, "bad")
shutil.copytree(os.path.join(work, "serial"), bad, ignore=shutil.ignore_patterns("out"))
data = os.path.join(bad, "spins-00000001.dat")
raw = bytearray(open(data, "rb").read())
raw[100] ^= 0x01
open(data, "wb").write(bytes(raw))
r = convert(os.path.join(bad, "spins-00000001.meta"), "-o", os.path.join(work, "x.bin"), expect=1)
check("spins-00000001.dat" in r.stderr and "corrupt" in r.stderr, "a corrupt data file is named")
try:
    read_snapshot.read(os.path.join(bad, "spins-00000001.meta"))
    check(False, "the Python reader refuses the corrupt snapshot")
except read_snapshot.SnapshotError as e:
    check("spins-00000001" in str(e), f"the Python reader refuses the corrupt snapshot: {e}")
with open(os.path.join(bad, "spins-00000002.dat"), "r+b") as f:
    f.truncate(1000)
r = convert(os.path.join(bad, "spins-00000002.meta"), "-o", os.path.join(work, "x.bin"), expect=1)
check("spins-00000002.dat" in r.stderr, f"a truncated data file is named: {r.stderr.strip()}")
meta0 = os.path.join(bad, "spins-00000000.meta")
text = open(meta0).read()
open(meta0, "w").write(re.sub(r"format-version = 1\.\d+", "format-version = 9.0", text))
r = convert(meta0, "-o", os.path.join(work, "x.bin"), expect=1)
check("spins-00000000.meta" in r.stderr and "9.0" in r.stderr, "an unknown format version is named")
# Corrupt metadata is refused, never published: a box of NaN (it became Lattice="nan ..." in XYZ
# and an all-NaN OVF, exit 0), an atom count that lies (it ended in bad_alloc or "out of memory"
# without naming the file), a negative piece.
for key, value, message in [("box", "nan nan nan", "'box' is not finite"),
                            ("time", "inf", "'time' is not finite"),
                            ("atoms", "4000000000000", "records, not 4000000000000"),
                            ("ranks", "0", "'ranks' (0)")]:
    open(meta0, "w").write(re.sub(rf"\n{key} = [^\n]*", f"\n{key} = {value}", text))
    out = os.path.join(work, f"corrupt-{key}.xyz")
    r = convert(meta0, "--to", "xyz", "-o", out, expect=1)
    check("spins-00000000.meta" in r.stderr and message in r.stderr and not os.path.exists(out),
          f"corrupt metadata ({key} = {value}) refused naming the file: {r.stderr.strip()}")
    if key in ("box", "time", "atoms"):
        try:
            read_snapshot.read(meta0)
            check(False, f"the Python reader refuses {key} = {value}")
        except read_snapshot.SnapshotError as e:
            check("spins-00000000.meta" in str(e), f"the Python reader refuses {key} = {value}: {e}")
open(meta0, "w").write(text)
coords_meta = os.path.join(bad, "coordinates.meta")
coords_text = open(coords_meta).read()
lie = re.sub(r"\natoms = \d+", "\natoms = 3000000000", coords_text)
lie = re.sub(r"(\npiece = \S+ 0 )\d+ (\d+) \d+", r"\g<1>3000000000 \2 108000000000", lie, count=1)
open(coords_meta, "w").write(lie)
r = convert(meta0, "--to", "xyz", "-o", os.path.join(work, "lie.xyz"), expect=1)
check("is truncated" in r.stderr and "coordinates.meta" in r.stderr,
      f"a piece longer than its data file is refused before anything is read: {r.stderr.strip()}")
open(coords_meta, "w").write(coords_text)
# A macro-cell grid beyond the documented bound is refused at once (it built billions of cells).
started = monotonic()
r = convert(meta, "--to", "ovf", "--macro-cell", "1e-3", "-o", os.path.join(work, "fine.ovf"),
            expect=1)
check("beyond the converter's limit of 1e+08" in r.stderr and monotonic() - started < 10,
      f"a grid of 1e-3 A cells is refused at once: {r.stderr.strip()}")
# A directory: the good snapshots are converted, each bad one is reported, exit 1.
open(meta0, "w").write(text)
os.remove(os.path.join(bad, "spins-00000002.meta"))  # as if the run stopped while writing it
r = convert(bad, "--to", "csv", "-o", os.path.join(bad, "out"), expect=1)
check("1 of 2 snapshots" in r.stdout and "spins-00000001" in r.stderr
      and "spins-00000002: data files without metadata" in r.stdout
      and os.path.exists(os.path.join(bad, "out", "spins-00000000.csv")),
      "a directory: good snapshots converted, the corrupt one and the incomplete one reported")
r = convert(meta, "--to", "csv", "--where", "sz=0", expect=1)
check("--where 'sz=0'" in r.stderr, "a malformed criterion is quoted")
r = convert(meta, "--to", "csv", "--materials", "Co", expect=1)
check("no material 'Co'" in r.stderr and "Gd" in r.stderr, "an unknown material lists the known ones")
r = convert(run, "--first", "7", expect=1)
check("no snapshot numbered in the range" in r.stderr, "an empty range is refused")

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
