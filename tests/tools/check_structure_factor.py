#!/usr/bin/python3
"""The structure factor's files (docs/physics.md, "Spin-wave spectra"): a ferromagnet's
`structure-factor` and `structure-factor-static` are the same bytes on 1 rank x 1 thread,
3 ranks x 1 thread, 1 rank x 2 threads and 2 ranks x 2 threads; a run stopped half-way through its samples (exit 75,
with a checkpoint) on 2 ranks and continued on 3 writes them byte for byte as the uninterrupted
run; a q-points file gives the path's wave vectors the path's spectra, digit for digit; the HDF5
file holds the text's numbers; and
tools/plot_structure_factor.py draws the map with linear spin-wave theory over it.
Usage: check_structure_factor.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, source = script_args(sys.argv[1:])
failures = []
STOPPED = 75


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


FERROMAGNET = """create:crystal-structure = sc
dimensions:unit-cell-size = 3 !A
dimensions:system-size-x = 36 !A
dimensions:system-size-y = 9 !A
dimensions:system-size-z = 6 !A
create:periodic-boundaries
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 1e-21 !J
material[1]:damping-constant = 0.001
material[1]:initial-spin-direction = 0,0,1
sim:applied-field-strength = 1 !T
sim:applied-field-unit-vector = 0,0,1
sim:program = time-series
sim:temperature = 5 !K
sim:time-step = 1 !fs
sim:equilibration-time-steps = 200
sim:total-time-steps = 2560
sim:time-steps-increment = 500
structure-factor:sample-interval = 10
structure-factor:samples = 64
structure-factor:averages = 4
"""
PATH = "structure-factor:q-path = 0,0,0 0.5,0,0 0.5,1/3,0\n"


def run(name, text, ranks=1, threads=1, env=None, expect=0):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "input"), "w") as f:
        f.write(text)
    e = dict(os.environ, OMP_NUM_THREADS=str(threads))
    e.update(env or {})
    launcher = [mpiexec, "-n", str(ranks), *flags] if ranks > 1 else []
    p = subprocess.run([*launcher, miniasd, "input", "-q"], cwd=d, env=e, capture_output=True,
                       text=True, timeout=300)
    if p.returncode != expect:
        check(False, f"{name}: exit {p.returncode}, expected {expect}\n{p.stdout}\n{p.stderr}")
    return d, p


def files(d):
    out = []
    for name in ("structure-factor", "structure-factor-static"):
        path = os.path.join(d, name)
        out.append(open(path, "rb").read() if os.path.exists(path) else None)
    return out


# 1/3 is not a number the path takes: corners are h,k,l numbers.
d, p = run("bad-corner", FERROMAGNET + PATH, expect=1)
check("'1/3' is not a number" in p.stderr, "a corner that is not a number is refused by name:\n"
      + p.stderr[-400:])
path = "structure-factor:q-path = 0,0,0 0.5,0,0 0.5,0.333333333333,0\n"
reference = files(run("one", FERROMAGNET + path)[0])
check(reference[0] is not None
      and len([r for r in reference[0].splitlines() if not r.startswith(b"#")]) == 8 * 64,
      "the spectra are written: 64 rows for each of the path's 8 wave vectors")
for name, ranks, threads in (("three", 3, 1), ("threads", 1, 2), ("both", 2, 2)):
    check(files(run(name, FERROMAGNET + path, ranks, threads)[0]) == reference,
          f"the same bytes on {ranks} ranks x {threads} threads")

# Stopped at step 1200 (half-way through the 256 samples, inside the third spectrum), then
# continued on another rank count.
stopped, p = run("stopped", FERROMAGNET + path, 2, env={"MINIASD_TEST_STOP_AT_STEP": "1200"},
                 expect=STOPPED)
check(files(stopped)[0] is None, "a stopped run has written no spectrum yet")
with open(os.path.join(stopped, "input"), "a") as f:
    f.write("sim:load-checkpoint = continue\n")
p = subprocess.run([mpiexec, "-n", "3", *flags, miniasd, "input", "-q"], cwd=stopped,
                   env=dict(os.environ, OMP_NUM_THREADS="1"), capture_output=True, text=True,
                   timeout=300)
check(p.returncode == 0 and files(stopped) == reference,
      f"stopped on 2 ranks and continued on 3: the same bytes (exit {p.returncode})\n"
      + p.stderr[-400:])

# The q-points file: the path's own wave vectors, the same numbers in the same rows.
with open(os.path.join(work, "points"), "w") as f:
    f.write("# h k l\n0 0 0\n0.25 0 0\n\n0.5 0 0  # a comment\n")
listed = files(run("listed", FERROMAGNET + f"structure-factor:q-points-file = {work}/points\n")[0])
rows = [r.split() for r in reference[0].decode().splitlines() if not r.startswith("#")]
mine = [r.split() for r in listed[0].decode().splitlines() if not r.startswith("#")]
want = {("0", "0", "0"), ("0.25", "0", "0"), ("0.5", "0", "0")}
got = {tuple(r[1:4]) for r in mine}
check(got == want and len(mine) == 3 * 64, f"the q-points file's wave vectors: {sorted(got)}")
ref = {(tuple(r[1:4]), r[5]): r[5:] for r in rows}
check(all(ref.get((tuple(r[1:4]), r[5])) == r[5:] for r in mine),
      "a listed wave vector's spectrum is the path's at the same wave vector, digit for digit")

# The HDF5 file (file-format = both, on 3 ranks): the text's numbers, array by array.
d, p = run("hdf5", FERROMAGNET + path + "structure-factor:file-format = both\n", 3)
compare = """
import sys
import h5py, numpy as np
f = h5py.File(sys.argv[1] + '/structure-factor.h5')
d = np.loadtxt(sys.argv[2], ndmin=2)
s = f['S'][:]
q, n = s.shape[0], s.shape[1]
ok = (np.array_equal(d[:, 6:10].reshape(s.shape), s)
      and np.array_equal(d[:n, 5], f['frequency'][:])
      and np.array_equal(d[::n, 1:4], f['hkl'][:])
      and np.array_equal(d[:, 14:20].reshape(q, n, 6), f['S_offdiagonal'][:]))
print('same' if ok else 'differ')
"""
r = subprocess.run(["/usr/bin/python3", "-c", compare, d, os.path.join(work, "one", "structure-factor")],
                   capture_output=True, text=True, timeout=120)
if "No module named" in r.stderr:
    print("skipped: the HDF5 file's arrays (no h5py or numpy for /usr/bin/python3: tools/setup.sh "
          "installs python3-h5py)")
else:
    check(r.stdout.strip() == "same" and not os.path.exists(os.path.join(d, "structure-factor.h5.partial")),
          "structure-factor.h5 holds the text's numbers (3 ranks):\n" + r.stdout + r.stderr[-600:])
    r = subprocess.run(["/usr/bin/python3", os.path.join(source, "tools", "plot_structure_factor.py"),
                        os.path.join(d, "structure-factor.h5")], capture_output=True, text=True,
                       timeout=120)
    check(r.returncode == 0 and os.path.exists(os.path.join(d, "structure-factor.h5.png")),
          "plot_structure_factor draws the HDF5 file:\n" + r.stdout + r.stderr[-400:])

r = subprocess.run(["/usr/bin/python3", os.path.join(source, "tools", "plot_structure_factor.py"),
                    os.path.join(work, "one", "structure-factor"), "--input",
                    os.path.join(work, "one", "input")], capture_output=True, text=True,
                   timeout=120)
check(r.returncode == 0 and "linear spin-wave frequencies" in r.stdout
      and os.path.getsize(os.path.join(work, "one", "structure-factor.png")) > 10000,
      "plot_structure_factor draws the map with linear spin-wave theory:\n" + r.stdout + r.stderr)

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
