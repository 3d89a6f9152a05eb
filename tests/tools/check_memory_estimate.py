#!/usr/bin/python3
"""The memory estimate printed at start-up (and by --check), which decides whether a run is
refused for lack of memory, against the peak resident memory the run then measures
(getrusage's ru_maxrss, per rank, in report.json): within 15 % of the fullest rank's peak for
every dipolar solver and without one, at 1, 2 and 4 ranks, and with snapshots in every write
mode and a checkpoint. Sizes are chosen so that the part being estimated is most of the peak
(the ~20 MB every process needs aside).

Then the refusals: sim:memory-limit below the estimate stops the run before it allocates,
naming the limit; and --check reports the same estimate the run prints.
Usage: check_memory_estimate.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, mpiexec, flags, work, _ = script_args(sys.argv[1:])
TOLERANCE = 0.15

# (name, solver keyword lines, system size in A of 3 A cells, crystal)
CASES = [
    ("none", "", 150, "sc"),  # 125 000 atoms: the per-atom arrays
    ("atomistic", "dipole:solver = atomistic\n", 120, "sc"),  # 64 000 atoms, 80^3 transforms
    ("atomistic", "dipole:solver = atomistic\n", 90, "bcc"),  # 2 sites: a kernel between them
    ("macrocell", "dipole:solver = macrocell\ncells:macro-cell-size = 9 !A\n", 90, "sc"),
    ("tensor", "dipole:solver = tensor\ncells:macro-cell-size = 9 !A\n", 90, "sc"),
    # Periodic along x, y and z (unpadded 50^3 transforms, the Ewald kernel), and a film (x and y
    # unpadded, z padded).
    ("periodic", "dipole:solver = atomistic\ncreate:periodic-boundaries-x\n"
     "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n", 150, "bcc"),
    ("film", "dipole:solver = atomistic\ncreate:periodic-boundaries-x\n"
     "create:periodic-boundaries-y\n", 120, "sc"),
]


def input_text(solver, size, extra="", crystal="sc"):
    return f"""create:crystal-structure = {crystal}
dimensions:unit-cell-size = 3 !A
dimensions:system-size = {size} !A
material[1]:atomic-spin-moment = 2 !muB
material[1]:exchange-matrix[1] = 1e-21
material[1]:initial-spin-direction = 0,0,1
sim:temperature = 0
sim:total-time-steps = 2
sim:time-steps-increment = 1
{solver}{extra}"""


def run(d, ranks, args=()):
    return subprocess.run([mpiexec, *flags, "-np", str(ranks), miniasd, *args, "input"], cwd=d,
                          capture_output=True, text=True, timeout=300)


failures = []


def measure(d, ranks, text, what):
    """Runs the input `text` in `d` on `ranks` ranks and holds its estimate against its peak;
    the run's result (None when it failed)."""
    os.makedirs(d)
    open(os.path.join(d, "input"), "w").write(text)
    r = run(d, ranks)
    if r.returncode != 0:
        failures.append(f"{what}: exit {r.returncode}\n{r.stdout}{r.stderr}")
        return None
    report = json.load(open(os.path.join(d, "report.json")))["run"]
    estimate = report["memory_estimate_bytes_per_rank"]
    peak = report["peak_resident_bytes"]["max"]
    error = (estimate - peak) / peak
    print(f"{'ok  ' if abs(error) <= TOLERANCE else 'FAIL'}  {what}: estimate "
          f"{estimate / 1e6:6.1f} MB, peak {peak / 1e6:6.1f} MB on the fullest rank "
          f"({100 * error:+.1f} %)")
    if abs(error) > TOLERANCE:
        failures.append(f"{what}: estimate {estimate:.4g} B against a peak of {peak:.4g} B")
    return r


for name, solver, size, crystal in CASES:
    for ranks in (1, 2, 4):
        d = os.path.join(work, f"{name}-{crystal}-{ranks}")
        r = measure(d, ranks, input_text(solver, size, "", crystal),
                    f"{name:9s} {crystal:3s} {ranks} rank(s)")
        if r is None:
            continue
        # The run prints what --check prints.
        if ranks == 2:
            c = run(d, ranks, ["--check"])
            printed = re.search(r"memory: about (.*) on", c.stdout)
            started = re.search(r"^Memory: (\d.*)$", r.stdout, re.M)
            if c.returncode != 0 or not printed or not started or \
                    not started.group(1).startswith(printed.group(1)):
                failures.append(f"{name}: --check and the run print different estimates\n"
                                f"{c.stdout}{c.stderr}\n{r.stdout}")

# Snapshots in every write mode with a checkpoint at the end (125 000 atoms), and text records in
# the modes whose buffers grow most with them: the estimate counts their buffers (it left them
# out, and an admitted run was 1.4 to 2.4 times its estimate at its first checkpoint).
OUTPUT = "sim:save-checkpoint = end\nconfig:atoms\nconfig:output-mode = "
for mode, ranks_list, extra in [("serial", (1, 4), ""), ("file-per-process", (1, 4), ""),
                                ("file-per-node", (1, 4), ""), ("mpi-io", (1, 4), ""),
                                ("sorted", (1, 2, 4), ""), ("hdf5", (1, 4), ""),
                                ("sorted", (2,), "config:output-format = text\n"),
                                ("mpi-io", (2,), "config:output-format = text\n")]:
    for ranks in ranks_list:
        text = " text" if extra else ""
        measure(os.path.join(work, f"output-{mode}-{ranks}{text.strip()}"), ranks,
                input_text("", CASES[0][2], OUTPUT + mode + "\n" + extra),
                f"snapshots {mode}{text} and a checkpoint, {ranks} rank(s)")

# A limit below the estimate: refused before anything is built, at every rank count.
for ranks in (1, 2):
    d = os.path.join(work, f"limit-{ranks}")
    os.makedirs(d)
    open(os.path.join(d, "input"), "w").write(
        input_text(CASES[1][1], CASES[1][2], "sim:memory-limit = 50 !MB\n"))
    r = run(d, ranks)
    text = r.stdout + r.stderr
    ok = r.returncode != 0 and "sim:memory-limit allows 50 MB" in text and \
        "use more nodes" in text and not os.path.exists(os.path.join(d, "output"))
    print(f"{'ok  ' if ok else 'FAIL'}  sim:memory-limit = 50 MB at {ranks} rank(s): refused "
          f"(exit {r.returncode})")
    if not ok:
        failures.append(f"a run over sim:memory-limit at {ranks} rank(s) was not refused as it "
                        f"should be:\n{text}")

for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
