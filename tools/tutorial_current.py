"""Lesson 10 of the tutorial (docs/tutorial/10-current-driven-wall.md), drawn by tools/tutorial.py:
four walls pushed by one current, in wires that differ only in the non-adiabaticity beta."""
import os

import matplotlib.pyplot as plt
import numpy as np

from plot_timeseries import read_table

MU_B = 9.2740100783e-24  # J/T
CHARGE = 1.602176634e-19  # C


def current_wall(run, out):
    """Lesson 10: each wire's wall position x = L (1 + S_z) / 2 from its material's
    magnetisation, its steady velocity (a straight-line fit over the last 100 ps) against
    v = (beta / alpha) u, u = P mu_B j / (|e| M_s), M_s = mu / a^3 (Thiaville et al., Europhys.
    Lett. 69, 990 (2005)). The wall with beta = 0 stops (intrinsic pinning below Walker
    breakdown)."""
    names, data = read_table(os.path.join(run, "output"))
    a, length, mu, p, j, alpha = 3e-10, 36e-9, 2 * MU_B, 0.5, 7e11, 0.4  # the lesson's input
    betas = [0.0, 0.2, 0.4, 0.8]
    u = p * MU_B * j / (CHARGE * mu / a**3)
    t = data[:, names.index("real-time[s]")] * 1e12  # ps
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6))
    ok, lines = True, []
    measured = []
    for k, beta in enumerate(betas, 1):
        wire = f"beta-{beta:g}"  # the material's name
        sz = data[:, names.index(f"{wire}:uz")] * data[:, names.index(f"{wire}:|m|")]
        x = length * (1 + sz) / 2 * 1e9  # nm
        late = t >= t[-1] - 100
        v = -np.polyfit(t[late] * 1e-12, x[late] * 1e-9, 1)[0]  # m/s, along -x
        want = beta / alpha * u
        measured.append(v)
        left.plot(t, x, color=f"C{k - 1}", label=rf"$\beta = {beta:g}$: v = {v:.1f} m/s")
        if beta > 0:
            left.plot(t, x[late][-1] + want * (t[late][-1] - t) * 1e-3, "k:", lw=0.8)
        ok = ok and (abs(v) < 0.1 * u if beta == 0 else abs(v / want - 1) < 0.06)
        lines.append(f"beta {beta:g}: v {v:.2f} m/s, (beta/alpha) u {want:.2f} m/s")
    left.set_xlabel("time (ps)")
    left.set_ylabel("wall position (nm)")
    left.set_title(f"one current, u = {u:.1f} m/s along −x; dotted: slope (β/α) u")
    left.legend(fontsize="small")
    ratio = np.array(betas) / alpha
    right.plot(ratio, np.array(measured) / u, "o", ms=7, label="miniASD, four wires")
    right.plot([0, 2.2], [0, 2.2], "k-", lw=0.8, label=r"$v = (\beta/\alpha)\,u$")
    right.set_xlabel(r"$\beta/\alpha$")
    right.set_ylabel(r"steady wall velocity $v/u$")
    right.set_title(r"below Walker breakdown, $v = (\beta/\alpha)\,u$")
    right.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"u = {u:.2f} m/s; " + "; ".join(lines))
    return ok
