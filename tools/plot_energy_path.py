#!/usr/bin/python3
"""Energy path of miniASD's gneb program: the images and the interpolated path.

    /usr/bin/python3 tools/plot_energy_path.py runs/collapse/energy-path [-o path.png]

Reads `energy-path` (one row per image) and, beside it, `energy-path-interpolated` (the cubic
Hermite interpolation the program writes), draws the energy against the reaction coordinate with
each image marked by its type (the climbing image as a star, falling images as triangles), and
prints the barriers both ways (the highest image above the first and above the last), as the
program does. numpy and matplotlib only.
"""
import argparse
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def read_path(path):
    """(header names, rows) of an energy-path file: each row a list of fields as text."""
    with open(path) as f:
        header = f.readline()
        rows = [line.split() for line in f if line.strip() and not line.startswith("#")]
    if not header.startswith("#"):
        sys.exit(f"{path}: no header line; is this miniASD's energy-path?")
    names = header[1:].split()
    for r in rows:
        if len(r) != len(names):
            sys.exit(f"{path}: a row of {len(r)} fields under {len(names)} names")
    return names, rows


def energy_unit(names):
    for n in names:
        m = re.fullmatch(r"energy\[(.+)\]", n)
        if m:
            return m.group(1)
    sys.exit("no energy[unit] column (is it an energy-path file?)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", help="the energy-path file")
    parser.add_argument("-o", "--output", help="PNG to write (default: energy-path.png beside it)")
    args = parser.parse_args()
    names, rows = read_path(args.path)
    if not rows:
        sys.exit(f"{args.path}: no images")
    unit = energy_unit(names)
    col = {n: i for i, n in enumerate(names)}
    s = np.array([float(r[col["reaction-coordinate[rad]"]]) for r in rows])
    e = np.array([float(r[col[f"energy[{unit}]"]]) for r in rows])
    kind = [r[col["type"]] for r in rows]
    top = int(np.argmax(e))
    print(f"barrier: {e[top] - e[0]:.10g} {unit} forward (image {top}, {kind[top]}), "
          f"{e[top] - e[-1]:.10g} {unit} backward")
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    smooth = os.path.join(os.path.dirname(args.path), "energy-path-interpolated")
    if os.path.exists(smooth):
        line = np.loadtxt(smooth, comments="#", ndmin=2)
        ax.plot(line[:, 0], line[:, 1], "-", color="tab:blue", lw=1.2, label="interpolated path")
    marks = {"end-point": ("s", "0.3"), "normal": ("o", "tab:blue"),
             "climbing": ("*", "tab:red"), "falling": ("v", "tab:green")}
    for t, (marker, colour) in marks.items():
        pick = [k for k in range(len(kind)) if kind[k] == t]
        if pick:
            ax.plot(s[pick], e[pick], marker, color=colour, ms=11 if t == "climbing" else 6,
                    ls="none", label=t + (" image" if t != "end-point" else "s"))
    ax.annotate(f"{e[top] - e[0]:.4g} {unit}", (s[top], e[top]), textcoords="offset points",
                xytext=(8, 6), fontsize="small")
    ax.axhline(0, color="0.7", lw=0.8)
    ax.set_xlabel("reaction coordinate (rad, geodesic distance from image 0)")
    ax.set_ylabel(f"energy relative to image 0 ({unit})")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    out = args.output or os.path.join(os.path.dirname(args.path), "energy-path.png")
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
