"""The Python package against the program and its converter (run by run_package_test.sh inside
the package's virtual environment, with the package installed from the clone).
Usage: check_package.py MINIASD CONVERTER MPIEXEC [FLAG ...] -- WORKDIR SOURCE_DIR
"""
import csv
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import miniasd

args = sys.argv[1:]
sep = args.index("--")
exe, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work, source = Path(args[sep + 1]), Path(args[sep + 2])
failures = []


def check(ok, what, detail=""):
    print(("ok    " if ok else "FAIL  ") + what + (f"\n      {detail}" if detail and not ok else ""),
          flush=True)
    if not ok:
        failures.append(what)


def run(spec, out, ranks=1, **kw):
    return miniasd.run(spec, ranks=ranks, output=work / out, progress=False, mpiexec=mpiexec,
                       mpi_flags=flags, overwrite=True, **kw)


FILM = {
    "create:crystal-structure": "sc",
    "create:periodic-boundaries-x": True,
    "create:periodic-boundaries-y": "",
    "dimensions:unit-cell-size": "3 !A",
    "dimensions:system-size-x": "3.6 !nm",
    "dimensions:system-size-y": "3.6 !nm",
    "dimensions:system-size-z": "0.6 !nm",
    "material[1]:material-name": "Co",
    "material[1]:atomic-spin-moment": "2 !muB",
    "material[1]:damping-constant": 0.1,
    "material[1]:exchange-matrix[1]": "1e-21 !J",
    "material[1]:initial-spin-direction": (0, 0, 1),
    "sim:temperature": "50 !K",
    "sim:time-step": "1 !fs",
    "sim:total-time-steps": 200,
    "sim:time-steps-increment": 50,
    "config:atoms": True,
    "config:atoms-output-rate": 2,
    "output:time-steps": True,
    "output:temperature": True,
    "output:magnetisation": True,
    "output:mean-magnetisation-length": True,
}

# --- the package is the installed one, not the clone's sources
check("site-packages" in miniasd.__file__, "miniasd imported from the installed package",
      miniasd.__file__)

# --- a run built from a dict gives the command line's hash and table
spec = miniasd.Input(FILM)
written = spec.write(work / "cli" / "input")
check((work / "cli" / "input.mat").exists() and "material:file = input.mat" in written.read_text()
      and "material[1]:exchange-matrix[1] = 1e-21 !J" in (work / "cli" / "input.mat").read_text(),
      "material keywords go to the material file the input names")
(work / "cli" / "out").mkdir()
cli = subprocess.run([exe, str(written), "-o", str(work / "cli" / "out"), "-q"], capture_output=True,
                     text=True)
check(cli.returncode == 0, "the written input runs from the command line", cli.stderr)
r = run(FILM, "dict")
cli_run = miniasd.Run(work / "cli" / "out")
check(r.hash == cli_run.hash and r.hash is not None, "dict run: the command line's spin hash",
      f"{r.hash} vs {cli_run.hash}")
check((r.path / "output").read_bytes() == (cli_run.path / "output").read_bytes(),
      "dict run: the command line's statistics table, byte for byte")
table = r.table
check(list(table.columns)[:3] == ["time-steps", "temperature", "ux"] and
      r.units["temperature"] == "K" and len(table) == 5, "the table's columns and units",
      f"{list(table.columns)} {r.units}")
check(np.array_equal(np.asarray(table["temperature"]), np.full(5, 50.0)), "table values")
check(r.exit_status == 0 and not r.stopped and r.report["run"]["atoms"] == 288,
      "report.json: exit status and atoms")

# --- every write mode on 1 and 3 ranks reads back to the converter's CSV, all equal
reference, reference_hash = None, None
for mode in ["serial", "file-per-process", "mpi-io", "file-per-node", "sorted", "hdf5"]:
    for ranks in (1, 3):
        film = dict(FILM, **{"config:output-mode": mode})
        r = run(film, f"mode-{mode}-{ranks}", ranks=ranks)
        snaps = r.snapshots
        last = snaps[-1]
        c = subprocess.run([converter, str(last.path), "--to", "csv", "-o",
                            str(r.path / "last.csv"), "-q"], capture_output=True, text=True)
        if c.returncode != 0:
            check(False, f"{mode} on {ranks}: converter", c.stderr)
            continue
        with open(r.path / "last.csv") as f:
            rows = [row for row in csv.reader(f) if row and not row[0].startswith("#")]
        head, body = rows[0], np.array(rows[1:], dtype=float)
        col = {name: k for k, name in enumerate(head)}
        same = (len(snaps) == 3 and [s.step for s in snaps] == [0, 100, 200] and
                np.array_equal(last.gid, body[:, col["gid"]].astype(np.int64)) and
                np.array_equal(last.positions, body[:, [col["x[A]"], col["y[A]"], col["z[A]"]]]) and
                np.array_equal(last.spins, body[:, [col["sx"], col["sy"], col["sz"]]]) and
                np.array_equal(last.materials + 1, body[:, col["material"]].astype(int)))
        check(same, f"{mode} on {ranks} rank(s): snapshots equal the converter's CSV", str(head))
        if reference is None:
            reference, reference_hash = last, r.hash
        else:
            check(np.array_equal(last.spins, reference.spins) and r.hash == reference_hash,
                  f"{mode} on {ranks} rank(s): the spins and hash of serial on 1 rank")

# --- mistakes: InputError naming file, line and keyword
bad = work / "bad"
bad.mkdir()
(bad / "input").write_text("# a comment\nmaterial:file = m.mat\nsim:temperature = 300 !K\n"
                           "sim:temprature = 10\n")
(bad / "m.mat").write_text("material[1]:atomic-spin-moment = 2 !muB\n"
                           "material[1]:damping-constant = fast\n")
try:
    miniasd.Input.read(bad / "input").check()
    check(False, "a bad input raises InputError")
except miniasd.InputError as e:
    where = {(Path(m.file).name, m.line, m.keyword) for m in e.mistakes}
    check(where == {("input", 4, "sim:temprature"), ("m.mat", 2, "material[1]:damping-constant")},
          "InputError lists every mistake with file, line and keyword", str(e.mistakes))
try:
    run(bad / "input", "bad-run")
    check(False, "running a bad input raises InputError")
except miniasd.InputError as e:
    check(any(m.line == 4 for m in e.mistakes), "run() of a bad input raises InputError", str(e))

# --- a run stopped by SIGTERM resumes to the uninterrupted run's hash (on another rank count)
long = dict(FILM, **{"sim:total-time-steps": 60000, "sim:time-steps-increment": 1000,
                     "dimensions:system-size-x": "6 !nm", "dimensions:system-size-y": "6 !nm",
                     "config:atoms": False, "config:atoms-output-rate": None})
whole = run(long, "whole")
job = miniasd.start(long, output=work / "stopped", progress=False, overwrite=True)
deadline = time.time() + 60
table_path = work / "stopped" / "output"
while job.running() and time.time() < deadline:
    if table_path.exists() and len(table_path.read_text().splitlines()) >= 3:
        break
    time.sleep(0.02)
job.stop()
stopped = job.wait()
check(stopped.stopped and len(stopped.checkpoints) == 1 and 0 < stopped.checkpoints[0].step < 60000,
      "SIGTERM: a stopped Run with its checkpoint", repr(stopped))
if stopped.stopped:
    resumed = stopped.resume(ranks=2, progress=False)
    check(resumed.hash == whole.hash and not resumed.stopped,
          "resume() on 2 ranks ends with the uninterrupted run's hash",
          f"{resumed.hash} vs {whole.hash}")
    check((resumed.path / "output").read_bytes() == (whole.path / "output").read_bytes(),
          "the resumed run's table is the uninterrupted run's")

# --- OVF and discretisedfield: the converter's OVF equals to_discretisedfield
import discretisedfield as df  # noqa: E402

r = miniasd.Run(work / "mode-file-per-node-3")
snap = r.snapshots[-1]
for data in ("text", "bin8"):
    c = subprocess.run([converter, str(snap.path), "--to", "ovf", "--macro-cell", "6,6,3",
                        "--ovf-data", data, "-o", str(work / f"conv-{data}.ovf"), "-q"],
                       capture_output=True, text=True)
    check(c.returncode == 0, f"converter OVF ({data})", c.stderr)
    theirs = df.Field.from_file(str(work / f"conv-{data}.ovf"))
    ours = snap.to_discretisedfield(cell=(6, 6, 3))
    check(theirs.mesh.n.tolist() == ours.mesh.n.tolist() and
          np.allclose(theirs.mesh.region.pmax, ours.mesh.region.pmax, rtol=1e-15) and
          np.array_equal(theirs.array, ours.array),
          f"to_discretisedfield equals the converter's OVF ({data}) read by discretisedfield",
          f"{theirs.mesh.n} {ours.mesh.n}")
    mine = snap.to_ovf(work / f"ours-{data}.ovf", cell=(6, 6, 3), data=data)
    check(np.array_equal(df.Field.from_file(str(mine)).array, theirs.array),
          f"Snapshot.to_ovf ({data}) reads back through discretisedfield as the converter's")

# --- the topological charge of a prepared skyrmion equals the column's
sk = dict(FILM, **{"dimensions:system-size-x": "9 !nm", "dimensions:system-size-y": "9 !nm",
                   "dimensions:system-size-z": "3 !A", "sim:temperature": 0,
                   "sim:total-time-steps": 0, "sim:initial-spin-configuration": "skyrmion",
                   "sim:initial-skyrmion-radius": "1 !nm", "output:topological-charge": True,
                   "config:atoms-output-rate": 1, "sim:time-steps-increment": 1})
r = run(sk, "skyrmion")
q_table = float(np.asarray(r.table["Q"])[0])
q_snap = r.snapshots[0].topological_charge()
check(abs(q_snap - q_table) < 1e-9 and round(q_table) == -1,
      "topological_charge() equals the column on a periodic film", f"{q_snap} vs {q_table}")

print(f"check_package: {len(failures)} failed" if failures else "check_package: all passed")
sys.exit(1 if failures else 0)
