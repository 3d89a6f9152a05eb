#!/usr/bin/python3
"""Which run wrote a file (docs/output.md, "Which run wrote a file"). A new run in a directory
holding another run's snapshots is refused, leaving every file as it was, unless --overwrite
deletes them; a continued run keeps its id and needs no flag; the converter and the Python reader
refuse a directory that mixes two runs' snapshots; `continue` takes the run that wrote the latest
checkpoint, not the highest step of any run, and pruning leaves another run's checkpoints alone.
Before run ids, the second run left the first run's later snapshots beside its own and the
converter read them as one series with exit status 0.
Usage: check_run_identity.py MINIASD CONVERTER MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

args = sys.argv[1:]
sep = args.index("--")
miniasd, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work, source = args[sep + 1], args[sep + 2]
sys.path.insert(0, os.path.join(source, "tools"))
import read_snapshot  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import small_bcc  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(directory, text, *extra, expect=0, ranks=2):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "input"), "w") as f:
        f.write(text)
    p = subprocess.run([mpiexec, "-n", str(ranks), *flags, miniasd, "input", "-q", *extra],
                       cwd=directory, env=dict(os.environ, OMP_NUM_THREADS="1"),
                       capture_output=True, text=True, timeout=300)
    if p.returncode != expect:
        sys.exit(f"{directory}: exit {p.returncode}, expected {expect}\n{p.stdout}\n{p.stderr}")
    return p


def run_ids(directory):
    """run-id of every metadata file in the directory, by name."""
    out = {}
    for meta in glob.glob(os.path.join(directory, "*.meta")):
        m = re.search(r"^run-id = (\w+)$", open(meta).read(), re.M)
        out[os.path.basename(meta)] = m.group(1) if m else None
    return out


def report_run(directory):
    return json.load(open(os.path.join(directory, "report.json")))["run"]


def convert(directory, expect):
    out = os.path.join(work, "converted")
    shutil.rmtree(out, ignore_errors=True)
    p = subprocess.run([converter, directory, "--to", "csv", "-q", "-o", out],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == expect, f"converter on {directory}: exit {p.returncode}, expected "
          f"{expect}\n{p.stdout}{p.stderr}")
    return p


system = small_bcc(14, 5, 10)
snapshots = "config:atoms\nconfig:atoms-output-rate = 1\n"


def steps(n):
    return f"sim:total-time-steps = {n}\n"


shutil.rmtree(work, ignore_errors=True)
d = os.path.join(work, "dir")

# Run A: 9 snapshots (steps 0..80) and an end checkpoint.
run(d, system + snapshots + steps(80) + "sim:save-checkpoint = end\n")
a = set(run_ids(d).values())
check(len(a) == 1 and None not in a, f"run A's metadata carry one run id: {run_ids(d)}")
a = a.pop()
check(report_run(d)["run_id"] == a, "report.json names the run id of the metadata")
before = {f: open(os.path.join(d, f), "rb").read() for f in os.listdir(d)
          if os.path.isfile(os.path.join(d, f))}

# Run B, fresh, in the same directory: refused, on every rank with one message, touching nothing.
p = run(d, system + snapshots + steps(30), expect=1)
err = p.stdout + p.stderr
check("holds 10 snapshot metadata file(s) of another run" in err and a in err and "--overwrite" in err,
      "a new run among another run's snapshots is refused, naming them and the way on:\n" + err)
check(err.count("miniasd: error") == 1, "one message for all ranks:\n" + err)
after = {f: open(os.path.join(d, f), "rb").read() for f in os.listdir(d)
         if os.path.isfile(os.path.join(d, f)) and f != "input"}
check(all(before.get(f) == after[f] for f in after) and len(after) == len(before) - 1,
      "the refused run changed no file of run A")

# With --overwrite: A's snapshots go (all of them, also those B does not reach), B's stay.
p = run(d, system + snapshots + steps(30), "--overwrite")
check("deleted 10 snapshot(s) of another run" in p.stdout, "--overwrite says what it deleted:\n" +
      p.stdout)
ids = run_ids(d)
b = report_run(d)["run_id"]
check(b != a and set(ids.values()) == {b} and len(ids) == 5,
      f"only run B's 4 snapshots and coordinates are left: {sorted(ids)}")
check(not glob.glob(os.path.join(d, "spins-0000000[4-8]*")), "A's data files went with them")
convert(d, 0)

# A continued run keeps the id and needs no flag; it could not continue A here (B replaced the
# statistics file A's checkpoint continues), and says so before it deletes anything.
p = run(d, system + snapshots + steps(120) + "sim:load-checkpoint = continue\n", "--overwrite",
        expect=1)
check("cannot continue the output file" in p.stderr and set(run_ids(d).values()) == {b},
      "a continue that cannot go on is refused before --overwrite deletes anything:\n" + p.stderr)
c = os.path.join(work, "continued")
run(c, system + snapshots + steps(40) + "sim:save-checkpoint = end\n")
first = report_run(c)["run_id"]
run(c, system + snapshots + steps(80) + "sim:load-checkpoint = continue\n")
check(report_run(c)["run_id"] == first and set(run_ids(c).values()) == {first},
      "a continued run writes its snapshots with the id of the run it continues")
convert(c, 0)

# A directory that mixes two runs (files copied in, or left by a miniasd before run ids): the
# converter and the Python reader refuse it, naming the runs.
other = os.path.join(work, "other")
run(other, system + snapshots + steps(120))
for f in glob.glob(os.path.join(other, "spins-00000011.*")):
    shutil.copy(f, c)
p = convert(c, 1)
check("come from 2 runs" in p.stderr and first in p.stderr,
      "the converter names the two runs:\n" + p.stderr)
try:
    read_snapshot.read(os.path.join(c, "spins-00000011.meta"))
    check(False, "read_snapshot.py read a snapshot of another run against these coordinates")
except read_snapshot.SnapshotError as e:
    check("mixes two runs" in str(e), f"read_snapshot.py says why: {e}")

# Checkpoints of two runs: P reaches step 200, Q (a new run in the same directory) only 100.
# Q is refused without --overwrite (its checkpoint could replace P's of the same step, and it
# would start from step 0 where P's checkpoint of the same input could be continued), and no
# file changes; with it, Q runs, warned. Continuing then goes on with Q, the run that wrote the
# latest checkpoint. Q's pruning keeps P's.
k = os.path.join(work, "checkpoints")
run(k, system + steps(200) + "sim:save-checkpoint = end\n")
before = sorted(os.listdir(os.path.join(k, "checkpoints")))
p = run(k, system + steps(100) + "sim:save-checkpoint = end\n", expect=1)
for fragment in ["holds 1 checkpoint(s) of another run (checkpoint-000000000200",
                 "is of this same input", "add sim:load-checkpoint-if-exists = continue",
                 "give --overwrite"]:
    check(fragment in p.stderr, f"a new run among another run's checkpoints: '{fragment}' in:\n"
          + p.stderr)
check(sorted(os.listdir(os.path.join(k, "checkpoints"))) == before,
      "the refused run changed no checkpoint")
p = run(k, system + steps(100) + "sim:save-checkpoint = end\n", "--overwrite")
check("warning:" in p.stderr and "is of this same input" in p.stderr,
      "with --overwrite the run goes on and names the checkpoint it passes over:\n" + p.stderr)
q = report_run(k)["run_id"]
kept = sorted(os.listdir(os.path.join(k, "checkpoints")))
check(kept == ["checkpoint-000000000100", "checkpoint-000000000200"],
      f"a new run's pruning leaves another run's checkpoint: {kept}")
p = run(k, system + steps(150) + "sim:load-checkpoint = continue\n")
check("Continuing from checkpoints/checkpoint-000000000100" in p.stdout and
      "1 checkpoint(s) of another run" in p.stdout and report_run(k)["run_id"] == q,
      "continue takes the latest run's checkpoint and says what it passed over:\n" + p.stdout)

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("run identity: all checks passed")
