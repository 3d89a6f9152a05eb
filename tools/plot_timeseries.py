#!/usr/bin/python3
"""Plot a miniASD statistics table (the `output` file): magnetisation, temperatures, current, energy.

    /usr/bin/python3 tools/plot_timeseries.py runs/bcc-fe/output [-o picture.png] [--relative-energy]

Columns are found by the names in the table's header line, so any selection of output:*
keywords works; the panels shown are those whose columns are present.
"""
import argparse
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def read_table(path):
    """Returns (column names, 2-D array) of a statistics table."""
    with open(path) as f:
        header = f.readline()
    if not header.startswith("#"):
        sys.exit(f"{path}: no header line; is this a miniASD statistics table?")
    names = header[1:].split()
    data = np.loadtxt(path, comments="#", ndmin=2)
    if data.size and data.shape[1] != len(names):
        sys.exit(f"{path}: {data.shape[1]} columns but {len(names)} names in the header")
    return names, data


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table")
    parser.add_argument("-o", "--output", help="PNG to write (default: <table>.png)")
    parser.add_argument("--relative-energy", action="store_true",
                        help="plot each energy minus its first value (shows small changes)")
    args = parser.parse_args()
    names, data = read_table(args.table)
    if data.size == 0:
        sys.exit(f"{args.table}: no rows yet")
    col = {n: i for i, n in enumerate(names)}
    if "real-time[s]" in col:
        t, xlabel = data[:, col["real-time[s]"]] * 1e12, "time (ps)"
    else:
        t, xlabel = data[:, col.get("time-steps", 0)], "time steps"

    panels = []
    temps = [n for n in ("T_electron[K]", "T_phonon[K]", "temperature[K]", "T_spin[K]")
             if n in col]
    # Only when the temperature changes during the run (laser pulse, field cooling).
    if temps and any(np.ptp(data[:, col[n]]) > 0 for n in temps):
        panels.append(("temperature (K)", temps))
    # The spin torques' current, when it changes (an electrical pulse).
    if "current" in col and np.ptp(data[:, col["current"]]) > 0:
        panels.append(("spin-torque current (fraction)", ["current"]))
    # magnetisation gives the unit vector u = m/|m| and |m| (VAMPIRE's columns),
    # magnetisation-components the components of m.
    mag = [n for n in ("mx", "my", "mz", "ux", "uy", "uz", "|m|", "<|m|>") if n in col]
    if mag:
        panels.append(("magnetisation (normalised)", mag))
    # Per-material columns: the z component of each material (of m, or of its unit vector).
    material_z = [n for n in names if n.endswith(":mz") or n.endswith(":uz")]
    if material_z:
        panels.append(("material magnetisation, z", material_z))
    # Energies in J (the whole system, VAMPIRE's columns) and J/atom (the -per-atom columns)
    # go to panels of their own.
    energies = [n for n in names if n.startswith("E_") or n.startswith("<E_")]
    for unit in sorted({n[n.rfind("[") + 1:-1] for n in energies}):
        group = [n for n in energies if n.endswith(f"[{unit}]")]
        panels.append((f"energy change since the first row ({unit})" if args.relative_energy
                       else f"energy ({unit})", group))
    if not panels:
        sys.exit(f"{args.table}: no magnetisation, temperature or energy columns to plot")

    fig, axes = plt.subplots(len(panels), 1, sharex=True, figsize=(7, 3 * len(panels)),
                             squeeze=False)
    for ax, (label, cols) in zip(axes[:, 0], panels):
        for n in cols:
            y = data[:, col[n]]
            if args.relative_energy and n in energies:
                y = y - y[0]
            ax.plot(t, y, label=n)
        ax.set_ylabel(label)
        ax.legend(loc="best", fontsize="small")
        ax.grid(alpha=0.3)
    axes[-1, 0].set_xlabel(xlabel)
    fig.suptitle(args.table)
    fig.tight_layout()
    out = args.output or args.table + ".png"
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
