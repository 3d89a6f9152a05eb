#!/usr/bin/python3
"""Magnetisation against temperature from statistics tables, with a Curie-temperature estimate.

    /usr/bin/python3 tools/plot_curie.py runs/sweep/output [more tables ...] [-o curie.png]
        [--skip 0.2] [--column "<|m|>"]

Rows are grouped by their temperature column, so this reads the `curie-temperature` table of the
curie-temperature program (one row per temperature, with errors, and the susceptibility and
Binder cumulant drawn in panels of their own: give tables of two system sizes to see the Binder
cumulants cross at T_c), an `output` table of a sweep, and several time-series tables run at one
temperature each. From each group the first
--skip fraction of rows (equilibration) is dropped and the mean and its standard error taken.
The estimate fits m(T) = A (1 - T/Tc)^beta to the critical region only: points with m above
0.15, below the susceptibility peak's half width when the table has one (a finite system keeps a
tail of m near and above Tc that would pull the fit to a high Tc and a large beta), and within
1 - T/Tc <= 0.5 of a first fit. Beside it the tool prints the susceptibility peak of each table and, for
tables of two or more sizes, where their Binder cumulants cross: for a small system these are
the better estimates. It warns when beta is outside 0.2-0.5 (3D Heisenberg: 0.365; mean field:
0.5) or the system is small (report.json beside the table, fewer than 10^4 atoms).
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


def magnetisation_curve(tables, column, skip):
    """(T, mean m, standard error) per distinct temperature, ascending in T."""
    groups = {}
    for path in tables:
        names, data = read_table(path)
        col = {n: i for i, n in enumerate(names)}
        if "temperature[K]" not in col:
            sys.exit(f"{path}: no temperature column (add output:temperature to the input)")
        name = column or next((n for n in ("|m|", "<|m|>") if n in col), None)
        if name not in col:
            sys.exit(f"{path}: no magnetisation-length column (output:magnetisation-length)")
        # The program's table gives each average's error in the column after it.
        given = names[col[name] + 1] == "err" if col[name] + 1 < len(names) else False
        for t in np.unique(data[:, col["temperature[K]"]]):
            sel = data[:, col["temperature[K]"]] == t
            if given:
                groups.setdefault(float(t), []).append(
                    (data[sel, col[name]], data[sel, col[name] + 1]))
                continue
            rows = data[sel, col[name]]
            groups.setdefault(float(t), []).append((rows[int(len(rows) * skip):], None))
    temps = np.array(sorted(groups))
    means, errors = [], []
    for t in temps:
        values = np.concatenate([v for v, _ in groups[t]])
        if len(values) == 0:
            sys.exit(f"T = {t} K: no rows left after --skip")
        means.append(values.mean())
        given = [e for _, e in groups[t] if e is not None]
        if given:  # errors of independent estimates of one mean
            e = np.concatenate(given)
            errors.append(np.sqrt((e ** 2).sum()) / len(e))
        else:
            errors.append(values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else 0.0)
    return temps, np.array(means), np.array(errors)


def program_columns(path):
    """(T, chi, chi err, U4, U4 err) of a curie-temperature table, or None for other tables."""
    names, data = read_table(path)
    col = {n: i for i, n in enumerate(names)}
    if not {"temperature[K]", "chi[1/T]", "U4"} <= set(col):
        return None
    t, chi, u4 = col["temperature[K]"], col["chi[1/T]"], col["U4"]
    return data[:, t], data[:, chi], data[:, chi + 1], data[:, u4], data[:, u4 + 1]


def fit_curie(temps, m, threshold=0.15):
    """Least-squares (A, Tc, beta) of m = A (1 - T/Tc)^beta over points with m > threshold, by a
    grid over Tc and beta with A solved exactly; None with fewer than four such points."""
    use = m > threshold
    if use.sum() < 4:
        return None
    t, y = temps[use], m[use]
    betas = np.linspace(0.1, 0.7, 241)
    best = None
    for tc in np.linspace(t.max() * 1.0005, t.max() * 2.0, 2000):
        f = np.clip(1 - t / tc, 1e-12, None)[None, :] ** betas[:, None]  # (beta, point)
        a = f @ y / (f * f).sum(axis=1)
        err = ((a[:, None] * f - y) ** 2).sum(axis=1)
        k = int(err.argmin())
        if best is None or err[k] < best[0]:
            best = (err[k], a[k], tc, betas[k])
    return best[1:]


def susceptibility_peak(t, chi):
    """T of the largest susceptibility, refined by a parabola through it and its neighbours."""
    k = int(np.argmax(chi))
    if 0 < k < len(t) - 1:
        (t0, t1, t2), (c0, c1, c2) = t[k - 1:k + 2], chi[k - 1:k + 2]
        denom = (t0 - t1) * (t0 - t2) * (t1 - t2)
        a = (t2 * (c1 - c0) + t1 * (c0 - c2) + t0 * (c2 - c1)) / denom
        b = (t2 * t2 * (c0 - c1) + t1 * t1 * (c2 - c0) + t0 * t0 * (c1 - c2)) / denom
        if a < 0:
            return float(np.clip(-b / (2 * a), t0, t2))
    return float(t[k])


def rounding_onset(t, chi):
    """Where the finite system's rounding sets in: the temperature below the susceptibility peak
    at which chi has fallen to half its peak (interpolated), or the lowest temperature."""
    k = int(np.argmax(chi))
    half = chi[k] / 2
    for j in range(k, 0, -1):
        if chi[j - 1] <= half:
            return float(t[j - 1] + (half - chi[j - 1]) * (t[j] - t[j - 1]) / (chi[j] - chi[j - 1]))
    return float(t[0])


def binder_crossings(curves):
    """Temperatures where two tables' Binder cumulants cross (linear interpolation of their
    difference on the shared temperatures), for every pair."""
    out = []
    for i in range(len(curves)):
        for j in range(i + 1, len(curves)):
            (ta, ua), (tb, ub) = curves[i], curves[j]
            t = np.intersect1d(ta, tb)
            if len(t) < 2:
                continue
            d = np.interp(t, ta, ua) - np.interp(t, tb, ub)
            for k in range(len(t) - 1):
                if d[k] == 0:  # on a temperature of the sweep
                    out.append(float(t[k]))
                elif d[k] * d[k + 1] < 0:
                    out.append(float(t[k] - d[k] * (t[k + 1] - t[k]) / (d[k + 1] - d[k])))
    return out


def critical_fit(temps, m, below=None, threshold=0.15, region=0.5):
    """fit_curie over the points with m > threshold and T < below (the rounding onset),
    then again over the critical region 1 - T/Tc <= region of that first fit when four points
    are left there. (fit, number of points fitted), fit None when too few."""
    use = temps < below if below is not None else np.ones(len(temps), bool)
    first = fit_curie(temps[use], m[use], threshold)
    if first is None:
        return None, 0
    near = use & (temps >= (1 - region) * first[1]) & (m > threshold)
    second = fit_curie(temps[near], m[near], threshold) if near.sum() >= 4 else None
    return (second, int(near.sum())) if second else (first, int((use & (m > threshold)).sum()))


def atoms_of(table):
    """The atom count from report.json beside a table, or None."""
    try:
        import json
        with open(os.path.join(os.path.dirname(os.path.abspath(table)), "report.json")) as f:
            return int(json.load(f)["run"]["atoms"])
    except (OSError, ValueError, KeyError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="+")
    parser.add_argument("-o", "--output", help="PNG to write (default: curie.png beside the first table)")
    parser.add_argument("--skip", type=float, default=0.2, help="fraction of each temperature's rows dropped")
    parser.add_argument("--column", help="magnetisation column (default |m|, else <|m|>)")
    args = parser.parse_args()
    temps, m, err = magnetisation_curve(args.tables, args.column, args.skip)
    print("# T[K] m stderr")
    for row in zip(temps, m, err):
        print("%g %.6f %.6f" % row)
    extra = [(p, program_columns(p)) for p in args.tables]
    extra = [(p, c) for p, c in extra if c is not None]
    peaks = [(p, susceptibility_peak(c[0], c[1])) for p, c in extra]
    for p, tp in peaks:
        print(f"Susceptibility peak: T = {tp:.0f} K ({p})")
    crossings = binder_crossings([(c[0], c[3]) for _, c in extra])
    for tx in crossings:
        print(f"Binder cumulants cross at T = {tx:.0f} K")
    # Below the susceptibility peak's half width: nearer Tc, m is rounded by the system's size.
    onset = min(rounding_onset(c[0], c[1]) for _, c in extra) if extra else None
    fit, points = critical_fit(temps, m, onset)
    if extra:
        fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
        ax = axes[0]
        for path, (t, chi, chi_err, u4, u4_err) in extra:
            label = os.path.basename(os.path.dirname(os.path.abspath(path))) or path
            axes[1].errorbar(t, chi, yerr=chi_err, fmt="o-", ms=3, capsize=2, label=label)
            axes[2].errorbar(t, u4, yerr=u4_err, fmt="o-", ms=3, capsize=2, label=label)
        axes[1].set_ylabel("susceptibility χ (1/T)")
        axes[2].set_ylabel("Binder cumulant U4")
        for a in axes[1:]:
            a.set_xlabel("temperature (K)")
            a.grid(alpha=0.3)
            a.legend(fontsize="small")
    else:
        fig, ax = plt.subplots(figsize=(6.5, 4.2))
    ax.errorbar(temps, m, yerr=err, fmt="o", ms=4, capsize=2, label="simulation")
    if fit:
        a, tc, beta = fit
        print(f"Curie temperature estimate: Tc = {tc:.0f} K (beta = {beta:.2f}, A = {a:.3f}; "
              f"{points} points of the critical region)")
        if not 0.2 <= beta <= 0.5:
            print(f"warning: beta = {beta:.2f} is outside 0.2-0.5 (3D Heisenberg 0.365, mean field "
                  "0.5): the fit is not of the critical law (too few points near Tc, or a "
                  "finite-size tail); trust the susceptibility peak or the Binder crossing")
        atoms = [n for n in (atoms_of(p) for p in args.tables) if n]
        if atoms and min(atoms) < 10000:
            print(f"warning: {min(atoms)} atoms is a small system: finite-size rounding shifts "
                  "the fitted Tc and beta; compare two or more sizes (the Binder crossing)")
        t = np.linspace(0, tc, 300)
        ax.plot(t, a * (1 - t / tc) ** beta, "-", label=f"A(1-T/Tc)^β: Tc = {tc:.0f} K, β = {beta:.2f}")
        ax.axvline(tc, color="0.5", ls=":")
    else:
        print("Curie temperature estimate: too few temperatures with m > 0.15 (need four)")
    ax.set_xlabel("temperature (K)")
    ax.set_ylabel("magnetisation length |m|")
    ax.set_ylim(0, 1.05)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    out = args.output or os.path.join(os.path.dirname(args.tables[0]), "curie.png")
    fig.savefig(out, dpi=120)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
