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
The estimate fits m(T) = A (1 - T/Tc)^beta to the points with m above 0.15 (finite systems keep
m ~ 1/sqrt(N) above Tc, so those points are left out of the fit); it is an estimate, printed with
the exponent it found. numpy and matplotlib only.
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
    fit = fit_curie(temps, m)
    extra = [(p, program_columns(p)) for p in args.tables]
    extra = [(p, c) for p, c in extra if c is not None]
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
        print(f"Curie temperature estimate: Tc = {tc:.0f} K (beta = {beta:.2f}, A = {a:.3f})")
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
