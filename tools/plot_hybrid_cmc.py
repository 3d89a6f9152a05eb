#!/usr/bin/python3
"""A hybrid constrained Monte Carlo sweep (sim:program = hybrid-cmc): the constrained material's
mean torque against its constraint angle, and where each other material's magnetisation points.

    /usr/bin/python3 tools/plot_hybrid_cmc.py runs/hybrid-cmc/output [-o hybrid.png]
        [--material NAME]

The statistics table must hold material-constraint-phi, material-mean-magnetisation and
material-mean-torque (output:material-constraint-phi, ...). --material names the constrained
material whose sweep is drawn (default: the first material of the table). Each material's torque
holds the exchange pull of the others, which cancels in their sum: the total torque about y is the
free energy's slope against the held angle, -N K(T) sin(2 phi) for a uniaxial material held in
the x-z plane at the polar angle phi from its easy axis z. The tool fits A sin(2 phi) to the total
-tau_y and prints a line per row: phi, the held material's torque, the total, and each other
material's polar angle (degrees).
numpy and matplotlib only.
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
    p.add_argument("table")
    p.add_argument("-o", "--output", default="hybrid-cmc.png")
    p.add_argument("--material", help="the constrained material's name in the header")
    a = p.parse_args()
    names, data = read_table(a.table)
    materials = [n.split(":")[0] for n in names if n.endswith(":con-phi[deg]")]
    if not materials:
        sys.exit(f"{a.table}: no material-constraint-phi columns (output:material-constraint-phi)")
    held = a.material or materials[0]
    if held not in materials:
        sys.exit(f"{a.table}: no material {held!r}; the table's are {', '.join(materials)}")

    def column(name):
        if name not in names:
            sys.exit(f"{a.table}: no column {name}")
        return data[:, names.index(name)]

    phi = column(f"{held}:con-phi[deg]")
    torque = column(f"{held}:<torque-y>[J]")
    total = sum(column(f"{m}:<torque-y>[J]") for m in materials)
    others = [m for m in materials if m != held]
    angles = {m: np.degrees(np.arccos(np.clip(column(f"{m}:<uz>"), -1, 1))) for m in others}
    s = np.sin(2 * np.radians(phi))
    amplitude = float(np.dot(s, -total) / np.dot(s, s)) if np.dot(s, s) > 0 else 0.0
    print(f"# phi[deg] {held}:<torque-y>[J] total:<torque-y>[J] " +
          " ".join(f"{m}:polar[deg]" for m in others))
    for k in range(len(phi)):
        print(f"{phi[k]:g} {torque[k]:.6g} {total[k]:.6g} " +
              " ".join(f"{angles[m][k]:.4g}" for m in others))
    print(f"fit: -total <torque-y> = {amplitude:.6g} J x sin(2 phi)")

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    fine = np.linspace(0, max(90.0, float(phi.max())), 200)
    left.plot(phi, -torque, "s", mfc="none", label=f"{held}: -<torque-y>")
    left.plot(phi, -total, "o", label="all materials: -<torque-y>")
    left.plot(fine, amplitude * np.sin(2 * np.radians(fine)), "-",
              label=f"A sin 2phi, A = {amplitude:.3g} J")
    left.set_xlabel(f"{held}'s constraint angle phi (deg)")
    left.set_ylabel("torque (J)")
    left.legend()
    right.plot(fine, fine, ":", color="grey", label=f"{held} (held)")
    for m in others:
        right.plot(phi, angles[m], "o-", label=f"{m} (free)")
    right.set_xlabel(f"{held}'s constraint angle phi (deg)")
    right.set_ylabel("polar angle of the magnetisation (deg)")
    right.legend()
    fig.tight_layout()
    fig.savefig(a.output, dpi=120)


if __name__ == "__main__":
    main()
