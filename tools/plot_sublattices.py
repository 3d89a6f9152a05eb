#!/usr/bin/python3
"""Each material's order against temperature from a curie-temperature table: antiferromagnets and
ferrimagnets, whose net magnetisation says little about their order.

    /usr/bin/python3 tools/plot_sublattices.py runs/rocksalt-afm/curie-temperature
        [-o picture.png] [--expected 209]

The table needs output:material-mean-magnetisation-length (the columns NAME:<|m|>, NAME:err,
NAME:chi[1/T], ...); the net <|m|> and the specific heat are drawn when the table has them. The
ordering temperature is estimated twice: at the peak of the specific heat and at the peak of the
first material's susceptibility (its own order's fluctuations, not the net moment's). A finite
box puts the first a little below the transition and the second a little above it. --expected
draws a known value (for example k_B T_N = 1.443 |J| for a two-sublattice simple cubic
antiferromagnet) and makes the exit status 1 when it lies outside the two estimates widened by one
temperature step each way. numpy and matplotlib only.
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


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("table", help="a curie-temperature table")
    p.add_argument("-o", "--output", help="picture file (default: <table>-sublattices.png)")
    p.add_argument("--expected", type=float, help="a known ordering temperature (K) to compare")
    a = p.parse_args()
    names, data = read_table(a.table)
    col = {n: i for i, n in enumerate(names)}
    if "temperature[K]" not in col:
        sys.exit(f"{a.table}: no temperature column (output:temperature)")
    materials = [n[: -len(":<|m|>")] for n in names if n.endswith(":<|m|>")]
    if not materials:
        sys.exit(f"{a.table}: no material columns (output:material-mean-magnetisation-length)")
    t = data[:, col["temperature[K]"]]
    heat = "C[kB/atom]" in col
    fig, axes = plt.subplots(2 if heat else 1, 1, sharex=True, figsize=(7, 6.5 if heat else 4),
                             squeeze=False)
    top = axes[0, 0]
    for k, m in enumerate(materials):
        i = col[m + ":<|m|>"]
        top.errorbar(t, data[:, i], data[:, i + 1], fmt="os^vD"[k % 5] + "-", ms=6 - k % 3,
                     mfc="none", label=f"{m} sublattice")
    if "<|m|>" in col:
        i = col["<|m|>"]
        top.errorbar(t, data[:, i], data[:, i + 1], fmt="k.--", ms=3, label="net |m|")
    top.set_ylabel("order <|m|>")
    estimates = []
    chi = col.get(materials[0] + ":chi[1/T]")
    if chi is not None:
        estimates.append(("susceptibility peak of " + materials[0], t[np.argmax(data[:, chi])]))
    if heat:
        bottom = axes[1, 0]
        i = col["C[kB/atom]"]
        bottom.errorbar(t, data[:, i], data[:, i + 1], fmt="o-", ms=3, color="tab:red")
        bottom.set_ylabel("specific heat ($k_B$ per atom)")
        bottom.set_xlabel("temperature (K)")
        estimates.append(("specific-heat peak", t[np.argmax(data[:, i])]))
    else:
        top.set_xlabel("temperature (K)")
    for name, value in estimates:
        print(f"{name}: {value:g} K")
    ok = True
    for ax in axes[:, 0]:
        if a.expected is not None:
            ax.axvline(a.expected, color="grey", ls=":", label=f"expected {a.expected:g} K")
        ax.grid(alpha=0.3)
    top.legend(fontsize=8)
    if a.expected is not None and estimates:
        step = np.min(np.diff(np.unique(t))) if len(t) > 1 else 0
        low = min(v for _, v in estimates) - step
        high = max(v for _, v in estimates) + step
        ok = low <= a.expected <= high
        print(f"expected {a.expected:g} K {'within' if ok else 'OUTSIDE'} [{low:g}, {high:g}] K")
    fig.tight_layout()
    out = a.output or a.table + "-sublattices.png"
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
