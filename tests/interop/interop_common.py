"""What the interop checks share: pass/fail lines, miniASD runs, the statistics table."""
import os
import subprocess
import sys

_failures = []


def check(ok, what, detail=""):
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        _failures.append(what)
        if detail:
            print("      " + detail.strip().replace("\n", "\n      "), flush=True)
    return ok


def finish(name):
    print(f"{name}: {len(_failures)} failed" if _failures else f"{name}: all passed")
    sys.exit(1 if _failures else 0)


def run_miniasd(mpiexec, flags, miniasd, directory, input_file, out, ranks):
    os.makedirs(out, exist_ok=True)
    return subprocess.run([mpiexec, "-n", str(ranks), *flags, miniasd, input_file, "-o", out, "-q"],
                          cwd=directory, capture_output=True, text=True, timeout=300)


def columns(path):
    """The statistics table as {column name: numpy array}, names from its '#' header line."""
    import numpy as np
    with open(path) as f:
        names = f.readline().lstrip("#").split()
    data = np.loadtxt(path, comments="#", ndmin=2)
    return {n: data[:, k] for k, n in enumerate(names)}
