#!/usr/bin/python3
"""Checkpoint and restart end to end (docs/restart.md). For thermal LLG, Monte Carlo, a Curie
sweep, a hysteresis loop (full, partial and static:
the damped-llg minimiser, whose only state is the largest field it has seen, here still growing), a field sweep (its segments from the file field-sweep, each after equilibration), a relaxation whose step scale falls after the stop, constrained Monte Carlo over three directions (its spins started along each, or turned from the last one's), hybrid constrained Monte Carlo (a constrained layer's sweep, then a free layer's point), the
exchange-stiffness program (its torques and fits), the
Lagrange-multiplier program, a localised field cool, a domain-wall program (its dw-<step>.txt profiles), effective damping (stopped before and after its kick), a laser pulse, fmr, a field pulse and the Boltzmann
diagnostic: the run on 4 ranks in one go against the same run
stopped part-way on 2 ranks (exit status 75, with a checkpoint) and continued on 3 (and 1):
statistics files, program tables, every snapshot's content hash and the final spin hash must be
identical byte for byte. Then the failures: a job killed while writing a checkpoint, corrupt,
truncated, wrong-version and mismatched checkpoints, a missing checkpoint, and the signal and
wall-time paths, in the time loop and in the relaxation before a program (sim:relax-first).
(The chain scripts: check_job_chain.py.)
Usage: check_restart.py MINIASD CONVERTER MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import content_hashes, wait_for_rows  # noqa: E402

args = sys.argv[1:]
sep = args.index("--")
miniasd, converter, mpiexec, flags = args[0], args[1], args[2], args[3:sep]
work = args[sep + 1]
STOPPED = 75  # exit status of a run stopped with a checkpoint (util/stop_signal.hpp)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(ranks, directory, text, env=None, expect=0, name="input", extra=()):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name), "w") as f:
        f.write(text)
    e = dict(os.environ, OMP_NUM_THREADS="1")
    e.update(env or {})
    p = subprocess.run([mpiexec, "-n", str(ranks), *flags, miniasd, name, "-q", *extra],
                       cwd=directory,
                       env=e, capture_output=True, text=True, timeout=300)
    if expect is not None and p.returncode != expect:
        sys.exit(f"{directory}: exit {p.returncode}, expected {expect}\n{p.stdout}\n{p.stderr}")
    return p


def read(path):
    with open(path, "rb") as f:
        return f.read()


def spin_hash(stdout):
    m = re.search(r"Spin state hash: (\w+)", stdout)
    return m.group(1) if m else None


bcc = """create:crystal-structure = bcc
create:periodic-boundaries-x
create:periodic-boundaries-y
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size-x = 20 !A
dimensions:system-size-y = 17 !A
dimensions:system-size-z = 14 !A
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:damping-constant = 0.1
material[1]:second-order-uniaxial-anisotropy-constant = 5e-24
material[1]:initial-spin-direction = random
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:integrator-random-seed = 31
output:time-steps
output:temperature
output:magnetisation
output:mean-magnetisation-length
output:total-energy
output:mean-total-energy
"""
series = """sim:equilibration-time-steps = 30
sim:total-time-steps = 170
sim:time-steps-increment = 10
config:atoms
config:atoms-output-rate = 3
config:output-mode = file-per-process
"""
# One temperature point (20 + 40 sweeps) of the constrained Monte Carlo programs.
cmc_point = """sim:minimum-temperature = 300
sim:maximum-temperature = 300
sim:equilibration-time-steps = 20
sim:loop-time-steps = 40
sim:time-steps-increment = 5
output:constraint-phi
output:mean-total-torque
"""
cmc = """sim:program = cmc-anisotropy
sim:integrator = constrained-monte-carlo
sim:constraint-angle-phi-minimum = 0
sim:constraint-angle-phi-maximum = 60
sim:constraint-angle-phi-increment = 30
sim:constraint-angle-theta = 45
""" + cmc_point
cases = {
    # name: (input, steps of the whole run, steps at which the chain of jobs stops)
    "llg": (bcc + series, [100]),
    "monte-carlo": (bcc + series + "sim:integrator = monte-carlo\n", [100]),
    "curie": (bcc + """sim:program = curie-temperature
sim:integrator = monte-carlo
sim:minimum-temperature = 100
sim:maximum-temperature = 700
sim:temperature-increment = 300
sim:equilibration-time-steps = 20
sim:loop-time-steps = 40
sim:time-steps-increment = 5
""", [95]),
    "hysteresis": (bcc + """sim:program = hysteresis-loop
sim:maximum-applied-field-strength = 5 !T
sim:applied-field-strength-increment = 2.5 !T
sim:equilibration-time-steps = 20
sim:loop-time-steps = 10
sim:time-steps-increment = 5
config:atoms
""", [35, 105]),
    "partial-hysteresis": (bcc + """sim:program = partial-hysteresis-loop
sim:minimum-applied-field-strength = -5 !T
sim:maximum-applied-field-strength = 5 !T
sim:applied-field-strength-increment = 2.5 !T
sim:equilibration-applied-field-strength = 5 !T
sim:equilibration-time-steps = 20
sim:loop-time-steps = 10
sim:time-steps-increment = 5
""", [35, 55]),
    "static-hysteresis": (bcc.replace("sim:temperature = 300\n", "") + """sim:program = static-hysteresis-loop
sim:relax-method = damped-llg
sim:maximum-applied-field-strength = 5 !T
sim:applied-field-strength-increment = 2.5 !T
sim:equilibration-time-steps = 20
sim:loop-time-steps = 25
config:atoms
""", [35, 105]),
    "field-sweep": (bcc + """sim:program = field-sweep
sim:maximum-applied-field-strength = 5 !T
sim:equilibration-time-steps = 20
sim:time-steps-increment = 5
config:atoms
""", [35, 85]),
    # The minimiser's step scale (the largest field it has seen) rises and then falls here as the
    # spins turn from the easy axis towards the perpendicular field (the largest field peaks
    # about half way, near step 700): the relaxation continued after the peak must take the
    # saved scale, not the smaller one its fields would give.
    "relax-falling-scale": (bcc.replace("sim:temperature = 300\n", "")
                            .replace("initial-spin-direction = random", "initial-spin-direction = 0,0,1")
                            .replace("anisotropy-constant = 5e-24", "anisotropy-constant = 5e-23") +
                            """sim:program = relax
sim:relax-method = damped-llg
sim:relax-torque-tolerance = 1e-4
sim:applied-field-strength = 2 !T
sim:applied-field-unit-vector = 1,0,0
sim:total-time-steps = 100000
sim:time-steps-increment = 200
""", [2000, 6000]),
    "effective-damping": (bcc + """sim:program = effective-damping
sim:equilibration-time-steps = 20
sim:total-time-steps = 100
sim:time-steps-increment = 10
""", [15, 60]),
    "laser-pulse": (bcc + """sim:program = laser-pulse
sim:laser-pulse-power = 30
sim:laser-pulse-time = 5 !fs
sim:equilibration-time-steps = 20
sim:total-time-steps = 150
sim:time-steps-increment = 10
""", [90]),
    "fmr": (bcc + """sim:program = fmr
sim:fmr-field-strength = 0.5 !T
sim:fmr-field-frequency = 800 !GHz
sim:fmr-field-unit-vector = 1,0,0
sim:equilibration-time-steps = 30
sim:total-time-steps = 150
sim:time-steps-increment = 10
output:fmr-field-strength
""", [85]),
    "field-pulse": (bcc + """sim:program = field-pulse
sim:applied-field-strength = 20 !T
sim:field-pulse-time = 2 !fs
sim:equilibration-time-steps = 30
sim:total-time-steps = 150
sim:time-steps-increment = 10
output:applied-field-strength
""", [75]),
    "boltzmann": (bcc + """sim:program = diagnostic-boltzmann
sim:equilibration-time-steps = 20
sim:total-time-steps = 150
sim:time-steps-increment = 10
""", [60, 115]),
    # Constrained Monte Carlo over three directions (each a start, 20 + 40 sweeps): stopped
    # inside the first direction's sampling and inside the second's equilibration; the rotating
    # start stopped at the end of the first direction, so the continued run makes the turn.
    "cmc": (bcc + cmc, [35, 85]),
    "cmc-rotation": (bcc + cmc + "sim:constraint-rotation-update\n", [60, 125]),
    # Cooling through the material's own range: stopped in the equilibration and in the cooling;
    # with the height profiles and their means (their series carry through the checkpoints).
    "localised-field-cool": (bcc + series + """sim:program = localised-field-cool
material[1]:minimum-temperature = 50
material[1]:maximum-temperature = 600
sim:cooling-time = 8 !fs
output:material-temperature
output:mean-height-magnetisation
output:material-height-magnetisation
""", [20, 100]),
    # Hybrid constrained Monte Carlo: the lower layer constrained over three directions (20 + 40
    # sweeps each), then the free upper layer's one point; stopped in the third direction's
    # equilibration and in the free layer's point (the held angles are the program's to set).
    "hybrid-cmc": (bcc + """material[1]:maximum-height = 0.5
material[2]:minimum-height = 0.5
material[2]:atomic-spin-moment = 1.5 !muB
material[2]:exchange-matrix[2] = 5e-21
material[1]:exchange-matrix[2] = 2e-21
material[2]:initial-spin-direction = random
material[1]:constrained = true
material[1]:constraint-angle-phi-minimum = 0
material[1]:constraint-angle-phi-maximum = 60
material[1]:constraint-angle-phi-increment = 30
sim:program = hybrid-cmc
sim:integrator = hybrid-constrained-monte-carlo
sim:constraint-rotation-update
sim:minimum-temperature = 300
sim:maximum-temperature = 300
sim:equilibration-time-steps = 20
sim:loop-time-steps = 40
sim:time-steps-increment = 5
output:material-constraint-phi
output:material-mean-torque
""", [125, 200]),
    # The Lagrange-multiplier program at 0 K over three directions (100 steps each): stopped in
    # the first and the third; lambda and its field carry through the checkpoints.
    "lagrange": (bcc.replace("sim:temperature = 300\n", "") + """sim:program = lagrange-multiplier
sim:constraint-angle-phi-minimum = 0
sim:constraint-angle-phi-maximum = 60
sim:constraint-angle-phi-increment = 30
sim:constraint-angle-theta = 30
sim:loop-time-steps = 100
sim:time-steps-increment = 10
output:total-torque
""", [55, 230]),
    # The exchange-stiffness program: two planes along x held at 0 and 20 degrees (500 + 20 +
    # 40 sweeps each); stopped in the first angle's sampling and in the second's, so the
    # program's sums and finished points carry through the checkpoints.
    "exchange-stiffness": (bcc + """material[1]:constrained = true
sim:program = exchange-stiffness
sim:integrator = hybrid-constrained-monte-carlo
sim:exchange-stiffness-maximum-angle = 20.01
sim:exchange-stiffness-angle-increment = 20
""" + cmc_point, [540, 1090]),
    # A wall placed along x from +x to -x by the domain-wall program (not again when continued):
    # stopped in the equilibration and in the run; every dw-<step>.txt profile compared.
    "domain-wall": (bcc.replace("initial-spin-direction = random", "initial-spin-direction = 1,0,0") +
                    series + """sim:program = domain-wall
material[1]:domain-wall-second-magnetisation-vector = -1,0,0
sim:domain-wall-position = 0.5
sim:domain-wall-width = 8 !A
sim:domain-wall-discretisation = 2.87 !A
""", [20, 110]),
}
# Files a case's input reads beside it: field-sweep's segments (two, each after equilibration:
# 20 + 5 x 10 steps, then 20 + 3 x 10).
side_files = {"field-sweep": {"field-sweep": "# H_start H_end increment steps\n5 -5 2.5 10\n"
                                             "-5 5 5 10\n"}}
tables = {"curie": "curie-temperature", "hysteresis": "hysteresis-loop", "field-sweep": "hysteresis-loop",
          "partial-hysteresis": "hysteresis-loop", "static-hysteresis": "hysteresis-loop",
          "boltzmann": "boltzmann-distribution.txt"}
continue_line = "sim:load-checkpoint = continue\n"

for name, (text, stops) in cases.items():
    ref_dir = os.path.join(work, name, "whole")
    shutil.rmtree(os.path.join(work, name), ignore_errors=True)
    for where in ("whole", "chain"):
        for file, contents in side_files.get(name, {}).items():
            os.makedirs(os.path.join(work, name, where), exist_ok=True)
            with open(os.path.join(work, name, where, file), "w") as f:
                f.write(contents)
    ref = run(4, ref_dir, text)
    chain_dir = os.path.join(work, name, "chain")
    ranks = [2, 3, 1]
    p = None
    for k, step in enumerate(stops):
        job = text + (continue_line if k > 0 else "")
        p = run(ranks[k], chain_dir, job, {"MINIASD_TEST_STOP_AT_STEP": str(step)}, STOPPED)
        check(f"Stopped at step {step}" in p.stdout, f"{name}: job {k} says where it stopped")
        check(os.path.isdir(os.path.join(chain_dir, "checkpoints", "checkpoint-%012d" % step)),
              f"{name}: checkpoint of step {step}")
    p = run(ranks[len(stops)], chain_dir, text + continue_line)
    check("Continuing from" in p.stdout, f"{name}: the last job continues")
    check(read(os.path.join(ref_dir, "output")) == read(os.path.join(chain_dir, "output")),
          f"{name}: statistics differ from the uninterrupted run")
    if name == "domain-wall":
        profiles = sorted(os.path.basename(f) for f in glob.glob(os.path.join(ref_dir, "dw-*.txt")))
        check(len(profiles) == 18 and profiles == sorted(
            os.path.basename(f) for f in glob.glob(os.path.join(chain_dir, "dw-*.txt"))),
            f"domain-wall: profile files {profiles}")
        for f in profiles:
            check(read(os.path.join(ref_dir, f)) == read(os.path.join(chain_dir, f)),
                  f"domain-wall: {f} differs")
    if name == "exchange-stiffness":
        for f in ("exchange-stiffness-torques.txt", "exchange-stiffness.txt",
                  "exchange-stiffness-final-torques.txt"):
            check(read(os.path.join(ref_dir, f)) == read(os.path.join(chain_dir, f)),
                  f"exchange-stiffness: {f} differs")
    if name in tables:
        check(read(os.path.join(ref_dir, tables[name])) ==
              read(os.path.join(chain_dir, tables[name])), f"{name}: {tables[name]} differs")
    check(spin_hash(ref.stdout) is not None and spin_hash(ref.stdout) == spin_hash(p.stdout),
          f"{name}: final spin hash {spin_hash(ref.stdout)} vs {spin_hash(p.stdout)}")
    hashes = content_hashes(ref_dir)
    check(hashes == content_hashes(chain_dir), f"{name}: snapshot content hashes differ")
    if "config:atoms" in text:
        check(len(hashes) >= 3, f"{name}: snapshots were written ({len(hashes)})")
        log = open(os.path.join(chain_dir, "io-log")).read().splitlines()
        check([l for l in log if l.startswith("#")] == [log[0]] and len(log) == len(hashes) + 1,
              f"{name}: the continued io-log has one header and a row per snapshot:\n" +
              "\n".join(log))
    if name in ("hysteresis", "partial-hysteresis", "static-hysteresis", "field-sweep"):
        coercive = re.compile(r"Coercive field: .*")
        check(coercive.search(ref.stdout).group(0) == coercive.search(p.stdout).group(0),
              f"{name}: coercive fields of the continued loop")
    if name == "laser-pulse":
        peaks = re.compile(r"peak electron temperature .*")
        check(peaks.search(ref.stdout).group(0) == peaks.search(p.stdout).group(0),
              "laser pulse: peak temperatures and energies of the continued run")

# The converter reads a continued run's directory, whose later snapshots name the coordinates
# the continued run wrote (another rank count, another record order), and a checkpoint.
for which in ("whole", "chain"):
    subprocess.run([converter, os.path.join(work, "llg", which), "--to", "csv", "-q", "-o",
                    os.path.join(work, "llg", which + "-csv")], check=True)
csv = sorted(os.listdir(os.path.join(work, "llg", "whole-csv")))
check(len(csv) >= 6 and csv == sorted(os.listdir(os.path.join(work, "llg", "chain-csv"))),
      f"converted snapshots: {csv}")
for name in csv:
    check(read(os.path.join(work, "llg", "whole-csv", name)) ==
          read(os.path.join(work, "llg", "chain-csv", name)), f"converted {name} differs")

# --- A job killed while writing its second checkpoint: the first is used, and said so ---
kill_dir = os.path.join(work, "killed")
shutil.rmtree(kill_dir, ignore_errors=True)
text = bcc + series + "sim:save-checkpoint = continuous\nsim:save-checkpoint-rate = 50\n"
p = run(2, kill_dir, text, {"MINIASD_TEST_CHECKPOINT_CRASH": "2"}, expect=None)
check(p.returncode not in (0, STOPPED), f"killed job exit status {p.returncode}")
ck = os.path.join(kill_dir, "checkpoints")
check(os.path.isdir(os.path.join(ck, "checkpoint-000000000050")), "first checkpoint kept")
check(os.path.isdir(os.path.join(ck, "checkpoint-000000000100.partial")),
      "the unfinished checkpoint is left as .partial")
# The log begun by a version with fewer columns: the continued run writes its header again.
log_path = os.path.join(kill_dir, "io-log")
old_header = "# snapshot step mode bytes files write[s] snapshot[s] write[MB/s] snapshot[MB/s]"
with open(log_path) as f:
    old_rows = f.read().splitlines()[1:]
with open(log_path, "w") as f:
    f.write("\n".join([old_header] + old_rows) + "\n")
# A newer checkpoint directory emptied after it was written (a scratch purge) is passed over
# with a note instead of blocking the continuation.
os.makedirs(os.path.join(ck, "checkpoint-000000000090"))
p = run(3, kill_dir, text + continue_line)
check("checkpoint-000000000090 lacks its run-state or spins metadata" in p.stdout,
      "the continued run says it passed over the emptied checkpoint:\n" + p.stdout + p.stderr)
log = open(log_path).read().splitlines()
headers = [k for k, l in enumerate(log) if l.startswith("#")]
check(len(headers) == 2 and log[0] == old_header and headers[1] == len(old_rows) + 1
      and len(log[headers[1]].split()) == len(log[-1].split()) + 1,
      "a continued io-log under an older header gets the current header before its rows:\n" +
      "\n".join(log))
check("checkpoint-000000000100.partial is incomplete" in p.stdout,
      "the continued run says it passed over the unfinished checkpoint:\n" + p.stdout)
check("Continuing from" in p.stdout and "checkpoint-000000000050" in p.stdout,
      "continued from the last complete checkpoint")
check(read(os.path.join(kill_dir, "output")) == read(os.path.join(work, "llg", "whole", "output")),
      "the killed-and-continued run's statistics equal the uninterrupted run's")
check(not glob.glob(os.path.join(ck, "*.partial")), "the unfinished checkpoint was cleaned up")
kept = sorted(os.listdir(ck))
check(kept == ["checkpoint-000000000200"], f"one checkpoint kept (sim:checkpoints-kept = 1): {kept}")
# A checkpoint is a snapshot: the Python reader reads it (checksums, content hash) like any.
sys.path.insert(0, os.path.join(args[sep + 2], "tools"))
import read_snapshot  # noqa: E402
import numpy as np  # noqa: E402

snap = read_snapshot.read(os.path.join(ck, kept[-1], "spins-00000000.meta"), verify_checksums=True)
check(snap.spins.shape == (420, 3), f"checkpoint spins read by the Python reader: {snap.spins.shape}")
check(np.allclose(np.linalg.norm(snap.spins, axis=1), 1.0), "checkpoint spins are unit vectors")
check(snap.meta["mode"] == "sorted" and snap.meta["step"] == "200", f"checkpoint metadata {snap.meta}")
p = subprocess.run([converter, os.path.join(ck, kept[-1]), "--to", "xyz", "-q", "-o",
                    os.path.join(work, "checkpoint-xyz")], capture_output=True, text=True)
check(p.returncode == 0 and os.listdir(os.path.join(work, "checkpoint-xyz")),
      "the converter reads a checkpoint:\n" + p.stderr)


# --- Damaged or mismatched checkpoints: a clear error, exit 1 on every rank (no abort) ---
def damaged(label, damage, message, extra=""):
    d = os.path.join(work, "damaged", label)
    shutil.rmtree(d, ignore_errors=True)
    run(2, d, bcc + series, {"MINIASD_TEST_STOP_AT_STEP": "60"}, STOPPED)
    ckd = os.path.join(d, "checkpoints", "checkpoint-000000000060")
    damage(ckd)
    p = run(2, d, bcc + series + continue_line + extra, expect=1)
    check(message in p.stderr, f"{label}: expected '{message}' in:\n{p.stderr}")
    check("error on rank" not in p.stderr, f"{label}: every rank stops alike, no abort")


def flip_byte_of(pattern):
    def f(ckd):
        data = glob.glob(os.path.join(ckd, pattern))[0]
        with open(data, "r+b") as fh:
            fh.seek(100)
            b = fh.read(1)
            fh.seek(100)
            fh.write(bytes([b[0] ^ 0x10]))
    return f


def truncate(ckd):
    data = glob.glob(os.path.join(ckd, "spins-*.dat"))[0]
    os.truncate(data, os.path.getsize(data) // 2)


def edit_state(old, new):
    def f(ckd):
        path = os.path.join(ckd, "run-state")
        text = open(path).read()
        open(path, "w").write(text.replace(old, new, 1))
    return f


def remove_coordinates(ckd):
    os.remove(glob.glob(os.path.join(ckd, "coordinates*.dat"))[0])


damaged("corrupt", flip_byte_of("spins-*.dat"), "content hash")
# The coordinates are checked too (they were never read: damage loaded without a word).
damaged("corrupt-coordinates", flip_byte_of("coordinates*.dat"),
        "coordinates.meta: the coordinates do not match the metadata's content hash")
damaged("missing-coordinates", remove_coordinates, "No such file or directory")
damaged("truncated", truncate, "truncated")
def future_version(ckd):
    path = os.path.join(ckd, "run-state")
    text = re.sub(r"miniasd-run-state \d+", "miniasd-run-state 99", open(path).read(), count=1)
    open(path, "w").write(text)


damaged("version", future_version, "version 99 of the checkpoint format")
damaged("run-state", edit_state("temperature = 300", "temperature = 301"), "checksum mismatch")

# A checkpoint copied into another run's directory: that run's table (same physics, a row every
# 20 steps instead of 10) is not the one the checkpoint's run wrote. Refused, naming the table, which is left
# byte for byte as it was (it used to be cut at the checkpoint's length, mid-row, and appended to).
a = os.path.join(work, "damaged", "foreign-a")
b = os.path.join(work, "damaged", "foreign-b")
for d in (a, b):
    shutil.rmtree(d, ignore_errors=True)
run(2, a, bcc + series, {"MINIASD_TEST_STOP_AT_STEP": "60"}, STOPPED)
other = (bcc + series).replace("config:atoms\n", "") + "output:output-rate = 20\n"
run(2, b, other)
table_b = open(os.path.join(b, "output"), "rb").read()
shutil.copytree(os.path.join(a, "checkpoints"), os.path.join(b, "checkpoints"))
p = run(2, b, other + continue_line, expect=1)
for fragment in ["cannot continue the output file", "are not those the run being continued wrote",
                 "never cuts a file its run did not write"]:
    check(fragment in p.stderr, f"foreign checkpoint: expected '{fragment}' in:\n{p.stderr}")
check(open(os.path.join(b, "output"), "rb").read() == table_b,
      "foreign checkpoint: the other run's table was changed")

# The same input with a changed exchange constant and seed, given in full.
d = os.path.join(work, "damaged", "changed-physics")
shutil.rmtree(d, ignore_errors=True)
run(2, d, bcc + series, {"MINIASD_TEST_STOP_AT_STEP": "60"}, STOPPED)
changed = (bcc + series).replace("exchange-matrix[1] = 7.05e-21", "exchange-matrix[1] = 7.1e-21")
changed = changed.replace("integrator-random-seed = 31", "integrator-random-seed = 32")
p = run(3, d, changed + continue_line, expect=1)
for fragment in ["cannot continue from", "material[1]:exchange-matrix[1]: 7.05e-21 !J -> 7.1e-21 !J",
                 "sim:integrator-random-seed: 31 -> 32"]:
    check(fragment in p.stderr, f"changed input: expected '{fragment}' in:\n{p.stderr}")
# Allowed changes are reported and the run goes on.
longer = (bcc + series).replace("total-time-steps = 170", "total-time-steps = 190")
p = run(3, d, longer + continue_line)
check("changed: sim:total-time-steps: 170 -> 190" in p.stdout, "allowed change reported:\n" + p.stdout)
rows = [l for l in open(os.path.join(d, "output")) if not l.startswith("#")]
check(rows[-1].split()[0] == "220", f"the longer run ends at step 220: {rows[-1]}")
# restart: the spins only, a new run from them (a changed temperature is fine); a new run, so in
# this directory only with --overwrite (the stopped run's snapshots go).
hot = longer.replace("sim:temperature = 300", "sim:temperature = 500")
p = run(2, d, hot + "sim:load-checkpoint = restart\n", extra=["--overwrite"])
check("Restarting with the spins from" in p.stdout, "restart loads the spins:\n" + p.stdout)

# restart into another lattice with as many atoms (bcc 7 x 6 x 5 cells into sc 7 x 6 x 10,
# 420 atoms each): refused, naming the first atom that differs (it used to load).
sc = hot.replace("crystal-structure = bcc", "crystal-structure = sc").replace(
    "system-size-z = 14 !A", "system-size-z = 28.7 !A")
p = run(2, d, sc + "sim:load-checkpoint = restart\n", expect=1, extra=["--overwrite"])
check("the checkpoint is of another lattice" in p.stderr and "420 atoms" in p.stdout,
      "restart into another lattice:\n" + p.stdout + p.stderr)

# No checkpoint: an error with load-checkpoint, a fresh start with load-checkpoint-if-exists.
d = os.path.join(work, "none")
shutil.rmtree(d, ignore_errors=True)
p = run(2, d, bcc + series + continue_line, expect=1)
check("there is no checkpoint in" in p.stderr, "missing checkpoint:\n" + p.stderr)
p = run(2, d, bcc + series + "sim:load-checkpoint-if-exists = continue\n")
check("starting afresh" in p.stdout, "if-exists starts afresh:\n" + p.stdout)
check(read(os.path.join(d, "output")) == read(os.path.join(work, "llg", "whole", "output")),
      "a fresh start writes the same statistics")

# A continuation that extends a finished run (more sim:total-time-steps): every column, the
# running means (mean-*) included, equals the run made that long in one go, bit for bit. (The
# means came from accumulator blocks sized by the planned sample count and differed in the last
# digit.)
d = os.path.join(work, "extended")
shutil.rmtree(d, ignore_errors=True)
ended = bcc + series + "sim:save-checkpoint = end\n"
longer_run = ended.replace("total-time-steps = 170", "total-time-steps = 260")
run(4, os.path.join(d, "whole"), longer_run)
run(2, os.path.join(d, "chain"), ended)
run(3, os.path.join(d, "chain"), longer_run + continue_line)
check(read(os.path.join(d, "whole", "output")) == read(os.path.join(d, "chain", "output")),
      "an extended continuation's statistics equal the longer run's in every bit")

# A relax program that ended unconverged (exit status 1) after its largest field had peaked,
# given more steps: it goes on with the step scale its end checkpoint kept, bit for bit.
d = os.path.join(work, "relax-extended")
shutil.rmtree(d, ignore_errors=True)
relax_long = cases["relax-falling-scale"][0]
relax_short = relax_long.replace("total-time-steps = 100000", "total-time-steps = 3000")
relax_short += "sim:save-checkpoint = end\n"
run(4, os.path.join(d, "whole"), relax_long)
run(2, os.path.join(d, "chain"), relax_short, expect=1)
run(3, os.path.join(d, "chain"), relax_short.replace("total-time-steps = 3000",
                                                     "total-time-steps = 100000") + continue_line)
check(read(os.path.join(d, "whole", "output")) == read(os.path.join(d, "chain", "output")),
      "an unconverged relax program given more steps continues bit for bit")

# A finished static loop (one phase per field, each relaxed) continued again from its end
# checkpoint: nothing more to do, and no field point written twice.
d = os.path.join(work, "static-ended")
shutil.rmtree(d, ignore_errors=True)
static_ended = cases["static-hysteresis"][0] + "sim:save-checkpoint = end\n"
run(2, d, static_ended)
before = [read(os.path.join(d, f)) for f in ("output", "hysteresis-loop")]
p = run(3, d, static_ended + continue_line)
check("nothing more to do" in p.stdout and
      before == [read(os.path.join(d, f)) for f in ("output", "hysteresis-loop")],
      "a finished static loop continued again writes no row twice:\n" + p.stdout)

# --- Signals and the wall-time limit: a running job stops at a step boundary with a checkpoint ---
endless = bcc + "sim:total-time-steps = 100000000\nsim:time-steps-increment = 1000\n"


for sig, ranks in [(signal.SIGUSR1, 2), (signal.SIGTERM, 1)]:
    d = os.path.join(work, "signal-" + sig.name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    open(os.path.join(d, "input"), "w").write(endless)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    # SIGUSR1 through mpiexec, which forwards it to every rank (as srun does); SIGTERM straight
    # to a single process run without mpiexec (as a batch system sends it).
    cmd = ([mpiexec, "-n", str(ranks), *flags, miniasd, "input", "-q"] if sig == signal.SIGUSR1
           else [miniasd, "input", "-q"])
    job = subprocess.Popen(cmd, cwd=d, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    check(wait_for_rows(os.path.join(d, "output")), f"{sig.name}: the run started")
    job.send_signal(sig)
    so, se = job.communicate(timeout=120)
    check(job.returncode == STOPPED, f"{sig.name}: exit status {job.returncode}\n{so}\n{se}")
    check(f"signal {sig.name}" in so, f"{sig.name}: the reason is given:\n{so}")
    cks = glob.glob(os.path.join(d, "checkpoints", "checkpoint-*"))
    check(len(cks) == 1 and not cks[0].endswith(".partial"), f"{sig.name}: one checkpoint {cks}")
    if len(cks) == 1:
        step = int(cks[0].rsplit("-", 1)[1])
        # Continue to a little past the stop: the rows go on from there.
        short = endless.replace("100000000", str(step + 2000))
        p = run(3, d, short + continue_line)
        rows = [l for l in open(os.path.join(d, "output")) if not l.startswith("#")]
        steps = [int(r.split()[0]) for r in rows]
        check(steps == list(range(0, step + 2001, 1000))[:len(steps)] and steps[-1] >= step,
              f"{sig.name}: the continued rows follow on: {steps[:3]}...{steps[-3:]}")

d = os.path.join(work, "wall-time")
shutil.rmtree(d, ignore_errors=True)
started = time.time()
p = run(2, d, endless + "sim:wall-time-limit = 4\n", expect=STOPPED)
elapsed = time.time() - started
check("wall-time limit" in p.stdout, "wall-time stop gives the reason:\n" + p.stdout)
check(elapsed < 30, f"stopped in time ({elapsed:.1f} s)")
check(len(glob.glob(os.path.join(d, "checkpoints", "checkpoint-*"))) == 1, "wall-time checkpoint")

# --- The relaxation before a program (sim:relax-first) stops like any loop ---
# Stopped part-way through the relaxation on 2 ranks, continued on 3: the relaxation goes on from
# the checkpoint's spins (damped-llg keeps no velocity, so bit for bit), then the program runs
# from its start; statistics and spins equal the run made in one go on 4 ranks.
# A uniform start at 45 degrees to a strong field relaxes in a few hundred steps.
relaxing = bcc.replace("sim:temperature = 300", "sim:temperature = 0").replace(
    "initial-spin-direction = random", "initial-spin-direction = 1,0,1") + """sim:relax-first
sim:applied-field-strength = 500 !T
sim:relax-method = damped-llg
sim:relax-torque-tolerance = 1e-4 !T
sim:save-checkpoint = continuous
sim:save-checkpoint-rate = 7
sim:total-time-steps = 40
sim:time-steps-increment = 10
"""
d = os.path.join(work, "relax-first")
shutil.rmtree(d, ignore_errors=True)
ref = run(4, os.path.join(d, "whole"), relaxing)
relaxed = re.search(r"Relaxation before the program converged after (\d+) steps", ref.stdout)
check(relaxed is not None and int(relaxed.group(1)) > 40,
      "relax-first: the relaxation takes more than 40 steps:\n" + ref.stdout)
chain = os.path.join(d, "chain")
p = run(2, chain, relaxing, {"MINIASD_TEST_STOP_AT_STEP": "30"}, STOPPED)
check("Stopped at step 0 (in the relaxation before the program, sim:relax-first, after 30 of "
      "its steps)" in p.stdout, "relax-first: the stop says where:\n" + p.stdout)
cks = os.listdir(os.path.join(chain, "checkpoints"))
check(cks == ["checkpoint-000000000000"], f"relax-first: the stop's checkpoint {cks}")
state = open(os.path.join(chain, "checkpoints", cks[0], "run-state")).read() if cks else ""
check("relax-first-step = 30" in state, "relax-first: the run state holds the relaxation's step")
p = run(3, chain, relaxing + continue_line)
again = re.search(r"Relaxation before the program converged after (\d+) steps", p.stdout)
check(again is not None and relaxed is not None and again.group(1) == relaxed.group(1),
      "relax-first: the continued relaxation ends at the uninterrupted one's step:\n" + p.stdout)
check(read(os.path.join(d, "whole", "output")) == read(os.path.join(chain, "output")),
      "relax-first: statistics of the stopped and continued run differ from the whole run's")
check(spin_hash(ref.stdout) is not None and spin_hash(ref.stdout) == spin_hash(p.stdout),
      f"relax-first: final spin hash {spin_hash(ref.stdout)} vs {spin_hash(p.stdout)}")
# A checkpoint at a stop in the relaxation of a job continued from the program's checkpoint
# would have no relaxation to do: a continued program does not relax again.
p = run(1, chain, relaxing.replace("total-time-steps = 40", "total-time-steps = 60") +
        continue_line)
check("Relaxation before the program" not in p.stdout and "Continuing from" in p.stdout,
      "relax-first: a run continued from the program does not relax again:\n" + p.stdout)

# A signal and the wall-time limit in a relaxation that would run for minutes (each step slowed
# by the test hook): exit 75 within seconds, with a checkpoint to continue from.
slow = {"MINIASD_TEST_SLOW_RANK": "0:0.01"}
endless_relax = bcc.replace("sim:temperature = 300", "sim:temperature = 0") + """sim:relax-first
sim:relax-torque-tolerance = 1e-14 !T
sim:relax-maximum-steps = 100000000
sim:total-time-steps = 10
"""
d = os.path.join(work, "relax-first-signal")
shutil.rmtree(d, ignore_errors=True)
os.makedirs(d)
open(os.path.join(d, "input"), "w").write(endless_relax)
job = subprocess.Popen([miniasd, "input", "-q"], cwd=d, env=dict(os.environ, OMP_NUM_THREADS="1",
                       **slow), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(2)
check(job.poll() is None, "relax-first: the slowed relaxation is still running after 2 s")
job.send_signal(signal.SIGTERM)
so, se = job.communicate(timeout=60)
check(job.returncode == STOPPED and "signal SIGTERM" in so and "in the relaxation before" in so,
      f"relax-first: SIGTERM stops the relaxation (exit {job.returncode}):\n{so}\n{se}")
check(os.path.isdir(os.path.join(d, "checkpoints", "checkpoint-000000000000")),
      "relax-first: SIGTERM's checkpoint")
d = os.path.join(work, "relax-first-wall-time")
shutil.rmtree(d, ignore_errors=True)
started = time.time()
p = run(2, d, endless_relax + "sim:wall-time-limit = 4\n", slow, expect=STOPPED)
check("wall-time limit" in p.stdout and "in the relaxation before" in p.stdout,
      "relax-first: the wall-time limit stops the relaxation:\n" + p.stdout)
check(time.time() - started < 30, f"relax-first: stopped in time ({time.time() - started:.1f} s)")
check(os.path.isdir(os.path.join(d, "checkpoints", "checkpoint-000000000000")),
      "relax-first: the wall-time stop's checkpoint")

# A continued run takes its spins from the checkpoint: the initial spin file it started from may
# have moved since (it was read anyway, and the continuation refused).
d = os.path.join(work, "moved-spin-file")
shutil.rmtree(d, ignore_errors=True)
run(2, os.path.join(d, "source"), bcc + "sim:total-time-steps = 10\nconfig:atoms\n")
from_file = bcc.replace("material[1]:initial-spin-direction = random\n", "") + \
    "sim:initial-spin-configuration = file\nsim:initial-spin-file = ../source/spins-00000000.meta\n" + \
    series
run(2, os.path.join(d, "run"), from_file, {"MINIASD_TEST_STOP_AT_STEP": "50"}, STOPPED)
os.rename(os.path.join(d, "source"), os.path.join(d, "moved"))
p = run(1, os.path.join(d, "run"), from_file + continue_line)
check("Continuing from" in p.stdout, "a run continues although its initial spin file moved:\n" +
      p.stdout + p.stderr)

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("restart: all checks passed")
