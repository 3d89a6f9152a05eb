#!/usr/bin/python3
"""The Python reader (tools/read_snapshot.py) and the C++ converter agree byte for byte on the
canonical form of snapshots written by every mode, and the converter's CSV reads back to the same
doubles. Usage: check_readers.py MINIASD CONVERTER MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys

import numpy as np

args = sys.argv[1:]
sep = args.index("--")
miniasd, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work, source = args[sep + 1], args[sep + 2]
sys.path.insert(0, os.path.join(source, "tools"))
import read_snapshot  # noqa: E402

system = """create:crystal-structure = bcc
create:periodic-boundaries-x
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size-x = 2.87 !nm
dimensions:system-size-y = 1.435 !nm
dimensions:system-size-z = 1.435 !nm
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7e-21
material[1]:initial-spin-direction = random
material[1]:unit-cell-category = 1
material[2]:atomic-spin-moment = 1 !muB
material[2]:exchange-matrix[2] = 3e-21
material[2]:unit-cell-category = 2
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:total-time-steps = 20
sim:time-steps-increment = 10
config:atoms
"""
cases = {
    "serial-bin64": "config:output-mode = serial\n",
    "mpiio-text32": "config:output-mode = mpi-io\nconfig:output-format = text\nconfig:output-data-type = float32\n",
    "node-bin32-subset": "config:output-mode = file-per-node\nconfig:output-data-type = float32\n"
                         "config:atoms-materials = 2\nconfig:atoms-maximum-x = 0.5\n",
    "fpp-text64": "config:output-mode = file-per-process\nconfig:output-format = text\n",
    "sorted-bin64": "config:output-mode = sorted\n",
    "hdf5-bin64": "config:output-mode = hdf5\n",
}
env = dict(os.environ, OMP_NUM_THREADS="1")
failures = 0
shutil.rmtree(work, ignore_errors=True)
for name, keywords in cases.items():
    d = os.path.join(work, name)
    os.makedirs(d)
    with open(os.path.join(d, "input"), "w") as f:
        f.write(system + keywords)
    subprocess.run([mpiexec, "-n", "2", *flags, miniasd, "-q"], cwd=d, env=env, check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    meta = os.path.join(d, "spins-00000002.meta")
    subprocess.run([converter, meta, "-o", os.path.join(d, "cpp.bin")], check=True,
                   stdout=subprocess.DEVNULL, timeout=60)
    snap = read_snapshot.read(meta, verify_checksums=True)
    cpp = np.fromfile(os.path.join(d, "cpp.bin"), dtype="<f8").reshape(-1, 3)
    ok = cpp.shape == snap.values.shape and cpp.tobytes() == np.ascontiguousarray(snap.values).tobytes()
    subprocess.run([converter, meta, "--to", "csv", "-o", os.path.join(d, "s.csv")], check=True,
                   stdout=subprocess.DEVNULL, timeout=60)
    table = np.loadtxt(os.path.join(d, "s.csv"), delimiter=",", skiprows=1)
    ok = ok and np.array_equal(table[:, 0].astype(np.int64), snap.gid)
    ok = ok and table[:, 5:8].tobytes() == np.ascontiguousarray(snap.values).tobytes()
    ok = ok and np.array_equal(table[:, 1:4], snap.positions)
    print(f"{name}: {len(snap.gid)} atoms, {'same' if ok else 'DIFFERENT'}")
    failures += not ok
# A damaged file is refused by the Python reader too.
bad = os.path.join(work, "serial-bin64", "spins-00000001.dat")
data = bytearray(open(bad, "rb").read())
data[len(data) // 2] ^= 0x20
open(bad, "wb").write(bytes(data))
try:
    read_snapshot.read(os.path.join(work, "serial-bin64", "spins-00000001.meta"))
    print("damaged file accepted")
    failures += 1
except read_snapshot.SnapshotError as e:
    print(f"damaged file refused: {e}")
print(f"{len(cases) + 1 - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
