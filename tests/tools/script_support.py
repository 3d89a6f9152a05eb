"""Shared by the end-to-end test scripts in this directory: the checks' lines and exit status, a
miniASD run, a small thermal bcc Fe input and a wait for a running job's statistics rows."""
import glob
import os
import re
import shutil
import subprocess
import sys
import time


def script_args(argv, others=0):
    """The arguments CMake gives a script test (miniasd_add_script_test): MINIASD [OTHER ...]
    MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR, with `others` tools before the launcher.
    Returns (miniasd, [other, ...], mpiexec, flags, workdir, source_dir); WORKDIR emptied."""
    sep = argv.index("--")
    head = argv[:sep]
    work, source = argv[sep + 1], argv[sep + 2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return head[0], head[1:1 + others], head[1 + others], head[2 + others:], work, source


def run_miniasd(miniasd, mpiexec, flags, input_path, out, ranks=1, timeout=300):
    """Runs miniASD on INPUT_PATH with output in OUT (made here), under MPIEXEC [FLAGS] -n RANKS
    when RANKS > 1, one OpenMP thread per rank, quietly: the completed process."""
    os.makedirs(out, exist_ok=True)
    command = ([mpiexec, "-n", str(ranks), *flags] if ranks > 1 else []) + \
        [miniasd, input_path, "-o", out, "-q"]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, OMP_NUM_THREADS="1"))


def small_bcc(size_angstrom, seed, increment):
    """A bcc Fe cube (periodic along x) at 300 K with random initial spins: the input text
    without its number of steps."""
    return f"""create:crystal-structure = bcc
create:periodic-boundaries-x
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = {size_angstrom} !A
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:damping-constant = 0.1
material[1]:initial-spin-direction = random
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:integrator-random-seed = {seed}
sim:time-steps-increment = {increment}
"""


def wait_for_rows(output, rows=3, timeout=60):
    """True once the statistics file `output` has `rows` lines (a running job got going)."""
    end = time.time() + timeout
    while time.time() < end:
        if os.path.exists(output) and sum(1 for _ in open(output)) >= rows:
            return True
        time.sleep(0.2)
    return False


def content_hashes(directory):
    """content-hash of every spin snapshot's metadata in a directory, by file name."""
    out = {}
    for meta in sorted(glob.glob(os.path.join(directory, "spins-*.meta"))):
        m = re.search(r"content-hash = (\w+)", open(meta).read())
        out[os.path.basename(meta)] = m.group(1)
    return out


def run_input(miniasd, mpiexec, flags, directory, text, ranks=1, env=None, timeout=300):
    """Writes `text` as DIRECTORY/input and runs miniASD on it there, under MPIEXEC [FLAGS] -n
    RANKS when RANKS > 1, one OpenMP thread per rank: the completed process."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "input"), "w") as f:
        f.write(text)
    command = [miniasd, "input"] if ranks == 1 else [mpiexec, *flags, "-n", str(ranks), miniasd,
                                                      "input"]
    return subprocess.run(command, cwd=directory, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, OMP_NUM_THREADS="1", **(env or {})))


def table_rows(directory):
    """The rows of DIRECTORY/output, the statistics table, as lists of words."""
    with open(os.path.join(directory, "output")) as f:
        return [line.split() for line in f if not line.startswith("#")]


class Checks:
    """A script's pass/fail lines: calling it prints "ok" or "FAIL" before `what` and keeps the
    failures; finish() prints the summary and exits with 1 when any failed."""

    def __init__(self, name):
        self.name = name
        self.failures = []

    def __call__(self, ok, what, detail=""):
        """`detail` is printed under a failed check only."""
        print(("ok    " if ok else "FAIL  ") + what + (f"\n      {detail}" if detail and not ok
                                                       else ""), flush=True)
        if not ok:
            self.failures.append(what)

    def finish(self):
        print("FAILED: " + "; ".join(self.failures) if self.failures
              else f"all {self.name} checks passed")
        sys.exit(1 if self.failures else 0)

    def run(self, miniasd, mpiexec, flags, directory, text, ranks=1):
        """run_input, checked to exit 0 (its output shown when not): (directory, process)."""
        p = run_input(miniasd, mpiexec, flags, directory, text, ranks=ranks)
        self(p.returncode == 0, f"{os.path.basename(directory)}: runs on {ranks} rank(s)" +
             ("" if p.returncode == 0 else ":\n" + p.stdout + p.stderr))
        return directory, p


def statistics_bytes(directory):
    """DIRECTORY/output's rows as bytes, the header left out: to compare runs bit for bit."""
    with open(os.path.join(directory, "output"), "rb") as f:
        return [line for line in f if not line.startswith(b"#")]
