#!/usr/bin/python3
"""Hysteresis loop from the `hysteresis-loop` table of miniASD's hysteresis-loop program.

    /usr/bin/python3 tools/plot_hysteresis.py runs/loop/hysteresis-loop [-o loop.png]

Draws m.h (the magnetisation along the field direction) against the field for the way down and
the way up, with each point's statistical error, marks the coercive fields (where m.h crosses
zero, by linear interpolation, as the program prints them) and prints them. numpy and matplotlib
only.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_timeseries import read_table  # noqa: E402


def coercive_field(field, mh):
    """The field where mh first changes sign, by linear interpolation; None if it does not."""
    for k in range(len(field) - 1):
        if mh[k] == 0:
            return field[k]
        if (mh[k] > 0) != (mh[k + 1] > 0) and mh[k + 1] != mh[k]:
            return field[k] + (field[k + 1] - field[k]) * (0 - mh[k]) / (mh[k + 1] - mh[k])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table")
    parser.add_argument("-o", "--output", help="PNG to write (default: hysteresis.png beside the table)")
    args = parser.parse_args()
    names, data = read_table(args.table)
    col = {n: i for i, n in enumerate(names)}
    for need in ("field[T]", "branch", "<m.h>"):
        if need not in col:
            sys.exit(f"{args.table}: no '{need}' column (is it a hysteresis-loop table?)")
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    for branch, label, colour in ((-1, "field decreasing", "tab:blue"), (1, "field increasing", "tab:red")):
        rows = data[data[:, col["branch"]] == branch]
        b, mh, err = rows[:, col["field[T]"]], rows[:, col["<m.h>"]], rows[:, col["<m.h>"] + 1]
        ax.errorbar(b, mh, yerr=err, fmt="o-", ms=2.5, lw=1, capsize=1.5, color=colour, label=label)
        hc = coercive_field(b, mh)
        if hc is not None:
            print(f"coercive field, {label}: {hc:.4g} T")
            ax.axvline(hc, color=colour, ls=":", lw=1)
    ax.axhline(0, color="0.6", lw=0.8)
    ax.set_xlabel("applied field (T)")
    ax.set_ylabel("m · h")
    ax.set_ylim(-1.05, 1.05)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    out = args.output or os.path.join(os.path.dirname(args.table), "hysteresis.png")
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
