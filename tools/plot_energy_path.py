#!/usr/bin/python3
"""Energy path of miniASD's gneb program: the images and the interpolated path.

    /usr/bin/python3 tools/plot_energy_path.py runs/collapse/energy-path [-o path.png]

Reads `energy-path` (one row per image) and, beside it, `energy-path-interpolated` (the cubic
Hermite interpolation the program writes), draws the energy against the reaction coordinate with
each image marked by its type (the climbing image as a star, falling images as triangles), and
prints the barriers both ways (the highest image above the first and above the last), as the
program does. With --spins, beside it the highest image's spins (its snapshot, when the run wrote
snapshots with config:atoms): the lowest layer's S_z in colour and the in-plane part as arrows.
numpy and matplotlib only.
"""
import argparse
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_snapshot  # noqa: E402


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


def image_snapshot(run, image):
    """The snapshot whose step is `image` (the gneb program writes image k with step k)."""
    for name in sorted(os.listdir(run)):
        if name.startswith("spins-") and name.endswith(".meta"):
            meta, _ = read_snapshot.read_meta(os.path.join(run, name))
            if int(meta.get("step", -1)) == image:
                return read_snapshot.read(os.path.join(run, name))
    sys.exit(f"{run}: no snapshot of image {image}; run with config:atoms for --spins")


def draw_spins(ax, snap, title):
    """The lowest layer: S_z in colour, the in-plane part as arrows; a large layer only within
    10 atom spacings of its most reversed spin (where a collapsing skyrmion's core is)."""
    z = snap.positions[:, 2]
    layer = z < z.min() + 1e-6
    p, s = snap.positions[layer], snap.spins[layer]
    if len(p) > 900:
        xs = np.unique(np.round(p[:, 0], 6))
        spacing = np.min(np.diff(xs)) if len(xs) > 1 else 1.0
        centre = p[np.argmin(s[:, 2])]
        near = np.all(np.abs(p[:, :2] - centre[:2]) <= 10 * spacing, axis=1)
        p, s = p[near], s[near]
        title += " (around its core)"
    dots = ax.scatter(p[:, 0], p[:, 1], c=s[:, 2], cmap="RdBu_r", vmin=-1, vmax=1, s=60,
                      marker="s")
    ax.quiver(p[:, 0], p[:, 1], s[:, 0], s[:, 1], pivot="middle", scale=25, width=0.004)
    ax.set_aspect("equal")
    ax.set_xlabel("x (Å)")
    ax.set_ylabel("y (Å)")
    ax.set_title(title)
    plt.colorbar(dots, ax=ax, label="$S_z$", shrink=0.8)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", help="the energy-path file")
    parser.add_argument("-o", "--output", help="PNG to write (default: energy-path.png beside it)")
    parser.add_argument("--spins", action="store_true",
                        help="draw the highest image's spins beside the path")
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
    if args.spins:
        fig, (ax, right) = plt.subplots(1, 2, figsize=(12, 4.6), gridspec_kw={"width_ratios": [1.2, 1]})
        snap = image_snapshot(os.path.dirname(os.path.abspath(args.path)), top)
        draw_spins(right, snap, f"image {top} ({kind[top]}): the saddle point")
    else:
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
