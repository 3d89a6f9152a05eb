"""Interop, outputs: a skyrmion film written on 1, 2 and 4 ranks (the hdf5 write mode and
file-per-process), converted by miniasd-convert, and read back by the tools users open them with:
OVITO's own Python module (extended XYZ), meshio and pyvista (the run's own .xmf and the
converter's XDMF series, through meshio and through VTK's XDMF reader), discretisedfield (OVF 2.0
text, binary 4 and binary 8). Each must give the spins of the canonical dump, at the right
times in picoseconds, on every rank count.
Called by run_interop.sh: check_outputs.py MINIASD CONVERTER MPIEXEC [FLAGS...] -- WORKDIR"""
import os
import shutil
import subprocess
import sys
import warnings

import numpy as np

from interop_common import check, finish, run_miniasd

warnings.filterwarnings("ignore")
args = sys.argv[1:]
sep = args.index("--")
miniasd, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work = os.path.join(args[sep + 1], "outputs")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

system = """
create:crystal-structure = sc
create:periodic-boundaries-x
create:periodic-boundaries-y
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 3 !nm
dimensions:system-size-y = 2.4 !nm
dimensions:system-size-z = 0.6 !nm
material:num-materials = 1
material[1]:material-name = Co
material[1]:material-element = Co
material[1]:atomic-spin-moment = 1.6 !muB
material[1]:exchange-matrix[1] = 5e-21
material[1]:interfacial-dmi-constant[1] = 1.5e-21
material[1]:uniaxial-anisotropy-constant = 5e-23
sim:initial-spin-configuration = skyrmion
sim:initial-skyrmion-radius = 6 !A
sim:program = time-series
sim:integrator = llg-heun
sim:temperature = 0
sim:time-step = 0.1 !fs
sim:total-time-steps = 20
sim:time-steps-increment = 10
output:time-steps
config:atoms
config:atoms-output-rate = 1
"""


def convert(*a):
    r = subprocess.run([converter, *a, "-q"], capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "miniasd-convert " + " ".join(a[1:]), r.stderr)
    return r


def canonical(path):
    return np.fromfile(path, dtype="<f8").reshape(-1, 3)


import meshio  # noqa: E402
import pyvista  # noqa: E402
import discretisedfield  # noqa: E402
from ovito.io import import_file  # noqa: E402

reference = None
for mode in ("hdf5", "file-per-process"):
    for n in (1, 2, 4):
        name = f"{mode} on {n} rank(s)"
        d = os.path.join(work, f"{mode}-np{n}")
        os.makedirs(d)
        with open(os.path.join(d, "input"), "w") as f:
            f.write(system + f"config:output-mode = {mode}\n")
        run = os.path.join(d, "run")
        r = run_miniasd(mpiexec, flags, miniasd, d, "input", run, n)
        if not check(r.returncode == 0, f"{name}: runs", r.stderr[-2000:]):
            continue
        out = os.path.join(d, "out")
        convert(run, "--to", "canonical,xyz,xdmf", "-o", out)
        stems = [f"spins-0000000{k}" for k in range(3)]
        spins = [canonical(os.path.join(out, s + ".bin")) for s in stems]
        if reference is None:
            reference = spins
        check(all(np.array_equal(a, b) for a, b in zip(spins, reference)),
              f"{name}: the same spins as hdf5 on 1 rank, bit for bit")
        times = [10 * k * 1e-4 for k in range(3)]  # ps: 10 steps of 0.1 fs per snapshot

        # OVITO: the spin is its vector property Dipole Orientation.
        data = import_file(os.path.join(out, stems[2] + ".xyz")).compute()
        order = np.argsort(np.array(data.particles["Particle Identifier"]))
        dip = np.array(data.particles["Dipole Orientation"])[order]
        check(dip.shape == spins[2].shape and np.abs(dip - spins[2]).max() < 1e-15,
              f"{name}: OVITO reads the XYZ spin as a 3-vector equal to the snapshot's")

        # meshio: each converter snapshot, and the series with its times.
        m = meshio.read(os.path.join(out, stems[2] + ".xdmf.xmf"))
        ids = m.point_data["id"].ravel()
        check(np.array_equal(m.point_data["spin"], spins[2]) and np.array_equal(ids, np.sort(ids)),
              f"{name}: meshio.read gives the converter's snapshot, spins in id order")
        with meshio.xdmf.TimeSeriesReader(os.path.join(out, "spins.xdmf")) as series:
            series.read_points_cells()
            steps = [series.read_data(k) for k in range(series.num_steps)]
        check(len(steps) == 3 and np.allclose([t for t, _, _ in steps], times, rtol=1e-12, atol=0)
              and all(np.array_equal(s[1]["spin"], spins[k]) for k, s in enumerate(steps)),
              f"{name}: meshio's TimeSeriesReader gives the three snapshots at 0, 0.001, 0.002 ps")

        # pyvista: .xmf goes through meshio, .xdmf through VTK's XDMF reader.
        grid = pyvista.read(os.path.join(out, stems[1] + ".xdmf.xmf"))
        check(np.array_equal(np.asarray(grid["spin"]), spins[1]),
              f"{name}: pyvista.read (through meshio) gives the spins")
        reader = pyvista.get_reader(os.path.join(out, "spins.xdmf"))
        ok = np.allclose(reader.time_values, times, rtol=1e-12, atol=0)
        for k, t in enumerate(reader.time_values):
            reader.set_active_time_value(t)
            mesh = reader.read()
            ok = ok and np.array_equal(np.asarray(mesh["spin"]), spins[k])
        check(ok, f"{name}: pyvista's XdmfReader (VTK) plays the series at the times in ps")

        if mode == "hdf5":  # the run's own .xmf, in place
            own = os.path.join(run, stems[2] + ".xmf")
            m = meshio.read(own)
            order = np.lexsort(m.points.T[::-1])
            ref_pos = meshio.read(os.path.join(out, stems[2] + ".xdmf.xmf")).points
            ref = np.lexsort(ref_pos.T[::-1])
            check(np.array_equal(m.point_data["spin"][order], spins[2][ref]),
                  f"{name}: meshio.read opens the run's own {stems[2]}.xmf")
            grid = pyvista.read(own)
            check(grid.n_points == len(spins[2]) and "0.002 ps" in open(own).read(),
                  f"{name}: pyvista.read opens it too; its time is in ps")

        # discretisedfield: OVF 2.0 text, binary 4 and binary 8 of 6 A macro-cells.
        convert(os.path.join(run, stems[2] + ".meta"), "--to", "csv", "--macro-cell", "6",
                "-o", os.path.join(d, "cells.csv"))
        cells = np.loadtxt(os.path.join(d, "cells.csv"), delimiter=",", skiprows=1)
        for data, tol in (("text", 0), ("bin8", 0), ("bin4", 1e-7)):
            ovf = os.path.join(d, f"cells-{data}.ovf")
            convert(os.path.join(run, stems[2] + ".meta"), "--to", "ovf", "--macro-cell", "6",
                    "--ovf-data", data, "-o", ovf)
            field = discretisedfield.Field.from_file(ovf)
            values = field.array.transpose(2, 1, 0, 3).reshape(-1, 3)  # x fastest, as the ids
            check(tuple(field.mesh.n) == (5, 4, 1)
                  and np.allclose(field.mesh.region.pmax, [30e-10, 24e-10, 6e-10], rtol=1e-12)
                  and tuple(field.mesh.region.units) == ("m", "m", "m")
                  and np.abs(values[cells[:, 0].astype(int)] - cells[:, 5:8]).max() <= tol,
                  f"{name}: discretisedfield reads the OVF ({data}): 5 x 4 x 1 cells of 6 A, "
                  f"in m, the converter's macro-cell values")

finish("outputs")
