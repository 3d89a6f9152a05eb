#!/usr/bin/python3
"""Every command an example input's header shows runs as written, from the top of a clone, as
root or not (the headers said `mpirun -n 2`, which Open MPI refuses as root, and `-o runs/x`
without making the directory, which miniasd refuses): each header's commands, in order, in a
scratch copy of the clone's layout (input/, tools/ and build/ linked in), with the variables that
let Open MPI run as root removed from the environment, so only what the command itself says
counts. The miniasd commands run with --check appended (the whole set of examples takes minutes;
--check reads the input, every file it names and the output directory as the run would); the
three quickest examples run in full, then their plotting commands, which must write their
picture. Every other plotting command must name a script that exists and a file in its example's
output directory.
Usage: check_doc_commands.py MINIASD MPIEXEC [MPIEXEC_FLAG ...] -- WORKDIR SOURCE_DIR
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from script_support import script_args  # noqa: E402

miniasd, _, _, _, work, source = script_args(sys.argv[1:])
FULL = {"thin-film-periodic", "skyrmions", "hysteresis"}  # seconds each on 2 cores
failures = []


def check(ok, what, detail=""):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what + ("\n" + detail if detail else ""))
    return ok


def header_commands(path):
    """The shell commands of an input's header: indented lines of the leading comment block that
    start with a command, continuation lines joined."""
    commands, current = [], None
    for line in open(path):
        if not line.startswith("#"):
            break
        text = line[1:].rstrip("\n")
        if current is not None:
            current += " " + text.strip()
        elif re.match(r"\s{4,}(tools/|build/|mpirun|mkdir|/usr/bin/python3|python3)", text):
            current = text.strip()
        else:
            continue
        if current.endswith("\\"):
            current = current[:-1].rstrip()
            continue
        commands.append(current)
        current = None
    return commands


# The clone's layout, with this build as build/.
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
for name in ("input", "tools"):
    os.symlink(os.path.join(source, name), os.path.join(work, name))
os.symlink(os.path.dirname(os.path.abspath(miniasd)), os.path.join(work, "build"))
env = {k: v for k, v in os.environ.items()
       if not k.startswith("OMPI_ALLOW_RUN_AS_ROOT") and k != "OMPI_MCA_rmaps_base_oversubscribe"}
env["OMP_NUM_THREADS"] = "1"

inputs = sorted(glob.glob(os.path.join(source, "input", "*", "input")))
check(len(inputs) >= 10, f"{len(inputs)} example inputs found")
for path in inputs:
    example = os.path.basename(os.path.dirname(path))
    commands = header_commands(path)
    runs = [c for c in commands if "build/miniasd" in c]
    if not check(len(runs) == 1, f"{example}: its header shows one miniasd command", "\n".join(commands)):
        continue
    out = re.search(r"-o\s+(\S+)", runs[0])
    out_dir = out.group(1) if out else "."
    full = example in FULL
    for command in commands:
        run = "build/miniasd" in command
        plot = "/usr/bin/python3 tools/" in command or command.startswith("python3 tools/")
        if plot and not full:
            words = shlex.split(command)
            script = os.path.join(work, words[1])
            data = [w for w in words[2:] if not w.startswith("-")]
            check(os.path.isfile(script) and data and
                  os.path.normpath(os.path.dirname(data[0])) == os.path.normpath(out_dir),
                  f"{example}: '{command}' names a script that exists and a file of {out_dir}")
            continue
        line = command + (" --check" if run and not full else "")
        p = subprocess.run(line, shell=True, cwd=work, env=env, capture_output=True, text=True,
                           timeout=300)
        check(p.returncode == 0, f"{example}: '{line}' runs as written (exit {p.returncode})",
              (p.stdout + p.stderr)[-3000:])
        if plot:
            pictures = glob.glob(os.path.join(work, out_dir, "*.png"))
            check(len(pictures) > 0, f"{example}: the plot wrote its picture into {out_dir}")

if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("doc commands: all checks passed")
