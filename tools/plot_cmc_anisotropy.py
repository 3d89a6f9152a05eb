#!/usr/bin/python3
"""K(T) from a constrained Monte Carlo run (sim:program = cmc-anisotropy): its torque curves and
K(T)/K(0) beside the Callen-Callen <|m|>^3.

    /usr/bin/python3 tools/plot_cmc_anisotropy.py runs/cmc/output [-o cmc.png] [--axis y]
        [--atoms N] [--k0 J]

The statistics table must hold the columns constraint-phi, temperature, mean-magnetisation-length
and mean-total-torque (output:constraint-phi, output:temperature, ...). For a uniaxial magnet held
in the x-z plane (constraint-theta 0) at the polar angle phi from its easy axis z, the mean torque
about y is -N K(T) sin(2 phi): at each temperature a least-squares fit of -tau_y = A sin(2 phi)
gives A = N K(T). K(T)/K(0) needs N K(0) = N k_u: --atoms and --k0 (J per atom), or report.json
beside the table (its atom count) with --k0. Without them the tool normalises by the fit at the
lowest temperature. Prints a line per temperature: T, <|m|>, N K(T) with its standard error, the
ratio and <|m|>^3.
numpy and matplotlib only.
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_timeseries import read_table  # noqa: E402


def column(names, wanted):
    for k, n in enumerate(names):
        if n == wanted or n.split("[")[0] == wanted:
            return k
    sys.exit(f"plot_cmc_anisotropy: the table has no column {wanted} (columns: {names})")


def fits(path, axis):
    """{T: (phi in degrees, torque about `axis`, <|m|> per row, N K, its standard error)}."""
    names, data = read_table(path)
    phi = data[:, column(names, "constraint-phi")]
    temperature = data[:, column(names, "temperature")]
    m = data[:, column(names, "<|m|>")]
    tau = data[:, column(names, "<torque-" + axis + ">")]
    out = {}
    for t in sorted(set(temperature)):
        rows = temperature == t
        s = np.sin(2 * np.radians(phi[rows]))
        y = -tau[rows]
        a = float(s @ y / (s @ s)) if s @ s > 0 else float("nan")
        dof = max(1, int(rows.sum()) - 1)
        err = float(np.sqrt(((y - a * s) ** 2).sum() / dof / (s @ s))) if s @ s > 0 else 0.0
        out[t] = (phi[rows], tau[rows], float(m[rows].mean()), a, err)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("table")
    p.add_argument("-o", "--output", default="cmc-anisotropy.png")
    p.add_argument("--axis", default="y", choices=["x", "y", "z"],
                   help="the torque component normal to the plane of the constraint and the "
                        "easy axis (y for constraint-theta 0)")
    p.add_argument("--atoms", type=int, help="atoms in the system (default: report.json's)")
    p.add_argument("--k0", type=float, help="the anisotropy constant k_u, J per atom")
    a = p.parse_args()
    curves = fits(a.table, a.axis)
    if not curves:
        sys.exit("plot_cmc_anisotropy: no rows")
    atoms = a.atoms
    report = os.path.join(os.path.dirname(os.path.abspath(a.table)), "report.json")
    if atoms is None and os.path.exists(report):
        with open(report) as f:
            atoms = json.load(f).get("run", {}).get("atoms")
    temps = sorted(curves)
    nk0 = atoms * a.k0 if (atoms and a.k0) else curves[temps[0]][3]
    print("# T[K] <|m|> NK(T)[J] err K(T)/K(0) <|m|>^3" +
          ("" if (atoms and a.k0) else "   (K(0): the lowest temperature's fit)"))
    for t in temps:
        _, _, m, nk, err = curves[t]
        print(f"{t:g} {m:.6f} {nk:.6g} {err:.3g} {nk / nk0:.5f} {m ** 3:.5f}")

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
    grid = np.linspace(0, 90, 181)
    for t in temps:
        phi, tau, _, nk, _ = curves[t]
        line, = left.plot(phi, -np.array(tau), "o", label=f"{t:g} K")
        left.plot(grid, nk * np.sin(2 * np.radians(grid)), "-", color=line.get_color(), lw=1)
    left.set_xlabel("constraint angle phi from the easy axis (degrees)")
    left.set_ylabel(f"restoring torque -<tau_{a.axis}> (J)")
    left.set_title("torque curves with N K(T) sin 2phi")
    left.legend(fontsize=8)
    m = np.array([curves[t][2] for t in temps])
    ratio = np.array([curves[t][3] / nk0 for t in temps])
    errs = np.array([curves[t][4] / nk0 for t in temps])
    right.errorbar(temps, ratio, yerr=errs, fmt="o", label="K(T)/K(0), constrained MC")
    right.plot(temps, m ** 3, "s--", mfc="none", label="<|m|>^3 (Callen-Callen)")
    right.set_xlabel("temperature (K)")
    right.set_ylabel("K(T)/K(0)")
    right.set_ylim(0, 1.05)
    right.legend(fontsize=8)
    right.set_title("K(T) against the Callen-Callen law")
    fig.tight_layout()
    fig.savefig(a.output, dpi=110)
    print(f"plot_cmc_anisotropy: wrote {a.output}")


if __name__ == "__main__":
    main()
