#!/usr/bin/python3
"""Run VAMPIRE and miniASD on one input and compare their statistics tables column by column.

    /usr/bin/python3 bench/compare_with_vampire.py --vampire /path/to/vampire-serial \\
        --miniasd build/miniasd bench/vampire [--tolerance 1e-3]

VAMPIRE is built outside this repository (github.com/richard-evans/vampire, `make serial`). Each
code runs in a fresh copy of DIR (its `input` and the files it names). VAMPIRE's `output` has no
column names, so the numbers of each row are named by miniASD's header: both write the output:
keywords in the input's order, with the same count of numbers per keyword (docs/
vampire-compatibility.md). Rows are matched by their first number (the time step when the first
keyword is output:time-steps). For every column it prints the largest difference relative to the
largest |value| of that column in VAMPIRE's rows, and the rows only one code wrote. Exit status 1
when a column differs by more than --tolerance, or the tables cannot be matched.
bench/vampire holds the input measured in docs/vampire-compatibility.md.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def rows_of(path):
    """The numeric rows of a statistics table (lines starting with '#' are comments)."""
    out = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        out.append([float(x) for x in line.split()])
    return out


def header_of(path):
    """miniASD's column names: its table's first line."""
    with open(path) as f:
        return f.readline()[1:].split()


def run(command, directory, log):
    with open(os.path.join(directory, log), "w") as out:
        return subprocess.run(command, cwd=directory, stdout=out, stderr=subprocess.STDOUT).returncode


def compare(names, vampire, miniasd, tolerance):
    """Lines of the report, and whether every column agrees within the tolerance."""
    lines, ok = [], True
    v = {round(r[0], 9): r for r in vampire}
    m = {round(r[0], 9): r for r in miniasd}
    common = sorted(set(v) & set(m))
    if not common:
        return ["no row of one table matches a row of the other by its first number"], False
    for key, label in ((sorted(set(m) - set(v)), "only miniASD"), (sorted(set(v) - set(m)), "only VAMPIRE")):
        if key:
            lines.append(f"rows {label} wrote: {key[:5]}{' ...' if len(key) > 5 else ''}")
    width = len(v[common[0]])
    if width != len(m[common[0]]) or width != len(names):
        return lines + [f"{width} numbers in VAMPIRE's rows, {len(m[common[0]])} in miniASD's, "
                        f"{len(names)} names in miniASD's header: not the same columns"], False
    lines.append(f"{len(common)} rows in common; largest difference per column, relative to the "
                 "column's largest |value| in VAMPIRE:")
    for c in range(1, width):
        scale = max(abs(v[k][c]) for k in common) or 1.0
        worst = max(common, key=lambda k: abs(v[k][c] - m[k][c]))
        rel = abs(v[worst][c] - m[worst][c]) / scale
        flag = "" if rel <= tolerance else "   <- above the tolerance"
        ok = ok and rel <= tolerance
        lines.append(f"  {names[c]:<16} {rel:9.2e}  (row {worst:g}: VAMPIRE {v[worst][c]:.6g}, "
                     f"miniASD {m[worst][c]:.6g}){flag}")
    return lines, ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="holds `input` and the files it names")
    parser.add_argument("--vampire", required=True, help="VAMPIRE's executable")
    parser.add_argument("--miniasd", required=True, help="miniASD's executable")
    parser.add_argument("--launcher", default="", help='e.g. "mpirun -n 2" for miniASD')
    parser.add_argument("--tolerance", type=float, default=1e-3,
                        help="largest relative difference accepted per column (default 1e-3)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="vampire-vs-miniasd-")  # kept when something fails
    dirs = {}
    for code in ("vampire", "miniasd"):
        dirs[code] = os.path.join(work, code)
        shutil.copytree(args.directory, dirs[code])
    if run([os.path.abspath(args.vampire)], dirs["vampire"], "vampire.log") != 0:
        sys.exit(f"VAMPIRE failed: see {dirs['vampire']}/vampire.log")
    command = args.launcher.split() + [os.path.abspath(args.miniasd), "input", "-q"]
    if run(command, dirs["miniasd"], "miniasd.log") != 0:
        sys.exit(f"miniASD failed: see {dirs['miniasd']}/miniasd.log")
    table = os.path.join(dirs["miniasd"], "output")
    lines, ok = compare(header_of(table), rows_of(os.path.join(dirs["vampire"], "output")),
                        rows_of(table), args.tolerance)
    print("\n".join(lines))
    if not ok:
        sys.exit(f"DIFFER beyond the tolerance (the runs are kept in {work})")
    print("agree within the tolerance")
    shutil.rmtree(work)

if __name__ == "__main__":
    main()
