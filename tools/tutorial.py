#!/usr/bin/python3
"""Pictures for the tutorial lessons (docs/tutorial/), each set beside the analytic result it
demonstrates, with the comparison printed as a number.

    /usr/bin/python3 tools/tutorial.py precession  runs/tutorial/01 [-o picture.png]
    /usr/bin/python3 tools/tutorial.py boltzmann   runs/tutorial/02
    /usr/bin/python3 tools/tutorial.py domain-wall runs/tutorial/04
    /usr/bin/python3 tools/tutorial.py sublattices runs/tutorial/06
    /usr/bin/python3 tools/tutorial.py skyrmion    runs/tutorial/07
    /usr/bin/python3 tools/tutorial.py vortex      runs/tutorial/08
    /usr/bin/python3 tools/tutorial.py skyrmion-energy runs/tutorial/09
    /usr/bin/python3 tools/tutorial.py current-wall runs/tutorial/10

The run directory is the one given to miniasd with -o. The picture goes to <run dir>/<lesson>.png
unless -o says otherwise. Lessons 3 and 5 use tools/plot_curie.py and tools/plot_hysteresis.py.
Exit status 1 when the run disagrees with the analytic result beyond the stated tolerance, so the
lessons double as checks.
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
import read_snapshot  # noqa: E402
from tutorial_current import current_wall  # noqa: E402

GAMMA = 1.760859e11  # electron gyromagnetic ratio, rad s^-1 T^-1
MU_B = 9.2740100783e-24  # J/T
K_B = 1.380649e-23  # J/K


def spin_axis(names, data, axis):
    """The magnetisation's component `axis` ("x", "y", "z") of a one-spin run: the column of
    magnetisation-components (m) or of magnetisation (the unit vector, the same for one spin)."""
    return column(names, data, f"m{axis}" if f"m{axis}" in names else f"u{axis}")


def column(names, data, name):
    if name not in names:
        sys.exit(f"the statistics table has no column '{name}'; was the lesson's input changed?")
    return data[:, names.index(name)]


def precession(run, out):
    """Lesson 1: LLG for one spin in a field B along z, starting along x. With
    w = gamma B / (1 + alpha^2), the spin turns about z at w and its polar angle follows
    tan(theta/2) = tan(theta0/2) exp(-alpha w t)."""
    names, data = read_table(os.path.join(run, "output"))
    t = column(names, data, "real-time[s]")
    m = np.stack([spin_axis(names, data, c) for c in "xyz"], axis=1)
    alpha, field = 0.1, 1.0  # the lesson's input
    w = GAMMA * field / (1 + alpha**2)
    theta = 2 * np.arctan(np.tan(np.pi / 4) * np.exp(-alpha * w * t))
    exact = np.stack([np.sin(theta) * np.cos(w * t), np.sin(theta) * np.sin(w * t),
                      np.cos(theta)], axis=1)
    error = np.abs(m - exact).max()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for k, (c, colour) in enumerate(zip("xyz", ("tab:red", "tab:green", "tab:blue"))):
        ax.plot(t * 1e12, m[:, k], color=colour, label=f"$m_{c}$ miniASD")
        ax.plot(t * 1e12, exact[:, k], "k--", lw=0.8, label="analytic" if k == 0 else None)
    ax.set_xlabel("time (ps)")
    ax.set_ylabel("spin components")
    ax.set_title(f"Larmor precession and Gilbert damping (largest difference {error:.1e})")
    ax.legend(loc="lower right", ncol=4, fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"largest difference from the analytic solution: {error:.2e}")
    return error < 1e-3


def boltzmann(run, out):
    """Lesson 2: at temperature T a spin of moment mu in a field B has
    p(u) = x exp(x u) / (2 sinh x) for u = cos(theta), x = mu B / k_B T; <u> = coth x - 1/x."""
    names, data = read_table(os.path.join(run, "output"))
    u = spin_axis(names, data, "z")
    x = 2 * MU_B * 1.0 / (K_B * 1.0)  # the lesson's input: 2 muB, 1 T, 1 K
    mean_exact = 1 / np.tanh(x) - 1 / x
    # Neighbouring samples are correlated; the error of the mean uses blocks of 100.
    blocks = u[: len(u) // 100 * 100].reshape(-1, 100).mean(axis=1)
    error_of_mean = blocks.std(ddof=1) / np.sqrt(len(blocks))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.hist(u, bins=40, range=(-1, 1), density=True, alpha=0.6,
            label=f"miniASD, {len(u)} samples")
    grid = np.linspace(-1, 1, 400)
    ax.plot(grid, x * np.exp(x * grid) / (2 * np.sinh(x)), "k-",
            label=r"Boltzmann $x\,e^{x u}/2\sinh x$")
    ax.set_xlabel(r"$u = \cos\theta = m_z$")
    ax.set_ylabel("probability density")
    ax.set_title(f"<m_z> = {u.mean():.4f} ± {error_of_mean:.4f}, "
                 f"Langevin function L(x) = {mean_exact:.4f} (x = {x:.3f})")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"<m_z> = {u.mean():.4f} +- {error_of_mean:.4f}; Langevin L({x:.3f}) = {mean_exact:.4f}")
    return abs(u.mean() - mean_exact) < 4 * error_of_mean + 1e-3


def fit_wall(planes, sz):
    """The (residual, z0, delta) of s_z = -tanh((z - z0) / delta) that fits best (grid search)."""
    best = None
    for z0 in np.linspace(planes[0], planes[-1], 601):
        for delta in np.linspace(0.2, 20, 397):
            r = np.abs(sz + np.tanh((planes - z0) / delta)).max()
            if best is None or r < best[0]:
                best = (r, z0, delta)
    return best


def domain_wall(run, out):
    """Lesson 4: a 180-degree wall in a bcc wire along a cube axis: s_z = -tanh((z - z0)/delta),
    delta = a sqrt(J / (2 k_u)) (each atom has 4 bonds to the next plane, a/2 away)."""
    snap = last_snapshot(run)
    z = np.round(snap.positions[:, 2], 6)
    planes = np.unique(z)
    s = np.array([snap.spins[z == p].mean(axis=0) for p in planes])
    a, exchange, anisotropy = 2.87, 7.05e-21, 2e-22  # the lesson's input: A, J, J
    expected = a * np.sqrt(exchange / (2 * anisotropy))
    residual, z0, delta = fit_wall(planes, s[:, 2])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(planes / 10, s[:, 2], "o", ms=3, label=r"$s_z$ per atomic plane (miniASD)")
    ax.plot(planes / 10, np.hypot(s[:, 0], s[:, 1]), "s", ms=3,
            label=r"$|s_\perp|$ per plane (miniASD)")
    fine = np.linspace(planes[0], planes[-1], 500)
    ax.plot(fine / 10, -np.tanh((fine - z0) / expected), "k-", lw=0.8,
            label=rf"$-\tanh((z-z_0)/\delta)$, $\delta = a\sqrt{{J/2k_u}}$ = {expected:.2f} Å")
    ax.plot(fine / 10, 1 / np.cosh((fine - z0) / expected), "k--", lw=0.8, label=r"sech")
    ax.set_xlabel("z (nm)")
    ax.set_ylabel("spin component")
    ax.set_title(f"fitted width {delta:.2f} Å, analytic {expected:.2f} Å "
                 f"({delta / expected - 1:+.1%})")
    ax.legend(loc="upper right", fontsize="small")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"wall width {delta:.3f} A, analytic {expected:.3f} A ({delta / expected - 1:+.2%}); "
          f"largest deviation of s_z {residual:.4f}")
    ok = abs(delta / expected - 1) < 0.02 and residual < 0.02
    return ok and planes[-1] * 0.3 < z0 < planes[-1] * 0.7  # the wall stays inside the bar


def sublattices(run, out):
    """Lesson 6: the Fe and Gd sublattice order against temperature, and the net moment per atom
    (Fe: 75 % of the sites, 1.92 muB, up; Gd: 25 %, 7.63 muB, down)."""
    names, data = read_table(os.path.join(run, "curie-temperature"))
    t = column(names, data, "temperature[K]")
    fe, fe_err = column(names, data, "Fe:<|m|>"), column(names, data, "Fe:err")
    gd = column(names, data, "Gd:<|m|>")
    gd_err = data[:, names.index("Gd:<|m|>") + 1]
    net = 0.75 * 1.92 * fe - 0.25 * 7.63 * gd
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    top.errorbar(t, fe, fe_err, fmt="o-", ms=3, label="Fe sublattice")
    top.errorbar(t, gd, gd_err, fmt="s-", ms=3, label="Gd sublattice")
    top.set_ylabel("sublattice order <|m|>")
    top.legend()
    bottom.plot(t, net, "k.-")
    bottom.axhline(0, color="grey", lw=0.5)
    bottom.set_ylabel(r"net moment ($\mu_B$/atom, + along Fe)")
    bottom.set_xlabel("temperature (K)")
    crossing = np.where(np.diff(np.sign(net)) != 0)[0]
    if len(crossing):
        i = crossing[0]
        tc = t[i] - net[i] * (t[i + 1] - t[i]) / (net[i + 1] - net[i])
        bottom.axvline(tc, color="tab:red", ls=":", label=f"compensation ≈ {tc:.0f} K")
        bottom.legend()
        print(f"compensation temperature about {tc:.0f} K")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    return True


def topological_charge(s):
    """Q = (1/4 pi) sum of the signed solid angles of the triangles (two per square) of a periodic
    square grid of unit vectors s[x, y] (Berg and Luscher's lattice form: an integer for any
    field of unit vectors whose neighbours are never opposite)."""
    def solid(p, q, r):
        triple = np.einsum("...k,...k", p, np.cross(q, r))
        scale = 1 + np.einsum("...k,...k", p, q) + np.einsum("...k,...k", q, r) \
            + np.einsum("...k,...k", r, p)
        return 2 * np.arctan2(triple, scale)
    s10, s01 = np.roll(s, -1, axis=0), np.roll(s, -1, axis=1)
    s11 = np.roll(s10, -1, axis=1)
    return float((solid(s, s10, s11) + solid(s, s11, s01)).sum() / (4 * np.pi))


def islands(down):
    """Labels of the 4-connected regions of True in a periodic 2-D grid: (labels, count)."""
    labels = np.zeros(down.shape, dtype=int)
    count = 0
    nx, ny = down.shape
    for start in zip(*np.nonzero(down)):
        if labels[start]:
            continue
        count += 1
        stack = [start]
        labels[start] = count
        while stack:
            x, y = stack.pop()
            for n in ((x + 1) % nx, y), ((x - 1) % nx, y), (x, (y + 1) % ny), (x, (y - 1) % ny):
                if down[n] and not labels[n]:
                    labels[n] = count
                    stack.append(n)
    return labels, count


def last_snapshot(run):
    """The run's last spin snapshot (tools/read_snapshot.py)."""
    metas = sorted(f for f in os.listdir(run) if f.startswith("spins-") and f.endswith(".meta"))
    if not metas:
        sys.exit(f"{run}: no snapshot; run the lesson's input with -o {run}")
    return read_snapshot.read(os.path.join(run, metas[-1]))


def skyrmion(run, out):
    """Lesson 7: the Co layer of the last snapshot. Each skyrmion is an island of reversed spins
    and carries topological charge -1, so Q = -(number of islands), an integer."""
    snap = last_snapshot(run)
    top = snap.positions[:, 2] > snap.positions[:, 2].min() + 1e-6  # Co above the Pt layer
    p, s = snap.positions[top], snap.spins[top]
    a = 3.0  # the lesson's cell, A
    ix, iy = np.rint(p[:, 0] / a).astype(int), np.rint(p[:, 1] / a).astype(int)
    grid = np.zeros((ix.max() + 1, iy.max() + 1, 3))
    grid[ix, iy] = s
    q = topological_charge(grid)
    labels, count = islands(grid[..., 2] < 0)
    sizes = np.bincount(labels.ravel())[1:]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5.2), gridspec_kw={"width_ratios": [1.1, 1]})
    image = left.imshow(grid[..., 2].T, origin="lower", cmap="RdBu_r", vmin=-1, vmax=1,
                        extent=(-a / 2, (grid.shape[0] - 0.5) * a, -a / 2, (grid.shape[1] - 0.5) * a))
    step = 2
    left.quiver(p[::step, 0], p[::step, 1], s[::step, 0], s[::step, 1], pivot="middle", scale=40,
                width=0.002)
    fig.colorbar(image, ax=left, label="$S_z$", shrink=0.8)
    left.set_xlabel("x (Å)")
    left.set_ylabel("y (Å)")
    left.set_title(f"Co layer: {count} islands of $S_z < 0$, Q = {q:+.4f}")
    # One skyrmion's profile: S_z against the distance from its most reversed atom, with the
    # in-plane component pointing along r (a Neel wall) or across it (a Bloch wall).
    if count:
        # The island of median size: the largest ones may still be stretched, not yet round.
        biggest = 1 + int(np.argsort(sizes)[len(sizes) // 2])
        centre = np.unravel_index(np.argmin(np.where(labels == biggest, grid[..., 2], 2)),
                                  labels.shape)
        d = np.stack(np.meshgrid(np.arange(grid.shape[0]), np.arange(grid.shape[1]),
                                 indexing="ij"), axis=-1) - np.array(centre)
        d = (d + np.array(grid.shape[:2]) // 2) % np.array(grid.shape[:2]) - np.array(grid.shape[:2]) // 2
        r = np.hypot(d[..., 0], d[..., 1]) * a
        near = r < 5.5 * a  # beyond, the neighbouring skyrmions take over
        radial = np.where(r > 0, (grid[..., 0] * d[..., 0] + grid[..., 1] * d[..., 1]) * a
                          / np.maximum(r, 1e-9), 0)
        right.plot(r[near], grid[..., 2][near], "o", ms=3, label="$S_z$")
        right.plot(r[near], radial[near], "s", ms=3, label="$S_r$ (in-plane, along r)")
        right.axhline(0, color="grey", lw=0.5)
        right.set_xlabel("distance from the skyrmion's centre (Å)")
        right.set_ylabel("spin component")
        right.set_title(f"one skyrmion (median size): {sizes[biggest - 1]} reversed spins")
        right.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"{count} skyrmions (islands of reversed spins), topological charge Q = {q:+.6f}")
    return count > 0 and abs(q + count) < 0.01


def vortex(run, out):
    """Lesson 8: the middle layer of a disc's last snapshot. In a vortex the in-plane direction
    turns once around any ring about the core (winding number +1, whichever way it circulates),
    it circulates along the rim, and the core points out of the plane."""
    snap = last_snapshot(run)
    z = np.round(snap.positions[:, 2], 6)
    heights = np.unique(z)
    layer = z == heights[len(heights) // 2]
    p, s = snap.positions[layer], snap.spins[layer]
    centre = (p[:, :2].min(axis=0) + p[:, :2].max(axis=0)) / 2
    d = p[:, :2] - centre
    r = np.hypot(d[:, 0], d[:, 1])
    radius = r.max()
    ring = (r > 0.6 * radius) & (r < 0.9 * radius)
    order = np.argsort(np.arctan2(d[ring, 1], d[ring, 0]))
    psi = np.arctan2(s[ring, 1], s[ring, 0])[order]
    turns = np.diff(np.append(psi, psi[0]))
    winding = ((turns + np.pi) % (2 * np.pi) - np.pi).sum() / (2 * np.pi)
    # Circulation: the in-plane spin along the ring's tangent z x r^, averaged (+1 anticlockwise).
    tangent = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.maximum(r, 1e-9)[:, None]
    circulation = np.mean(np.sum(s[ring, :2] * tangent[ring], axis=1))
    core = int(np.argmax(np.abs(s[:, 2])))
    offset = np.hypot(*(p[core, :2] - centre))
    net = np.linalg.norm(s.mean(axis=0))
    fig, (left, right) = plt.subplots(1, 2, figsize=(12.5, 5.2), gridspec_kw={"width_ratios": [1.1, 1]})
    image = left.scatter(p[:, 0], p[:, 1], c=s[:, 2], cmap="RdBu_r", vmin=-1, vmax=1, s=9,
                         marker="s")
    step = 3
    left.quiver(p[::step, 0], p[::step, 1], s[::step, 0], s[::step, 1], pivot="middle", scale=45,
                width=0.002)
    fig.colorbar(image, ax=left, label="$S_z$", shrink=0.8)
    left.set_aspect("equal")
    left.set_xlabel("x (Å)")
    left.set_ylabel("y (Å)")
    left.set_title(f"middle layer: winding {winding:+.3f}, circulation {circulation:+.2f}")
    # Profile through the core along x: S_z and the component along the tangent.
    row = np.abs(p[:, 1] - p[core, 1]) < 1e-6
    x = p[row, 0] - p[core, 0]
    o = np.argsort(x)
    right.plot(x[o], s[row, 2][o], "o-", ms=3, label="$S_z$")
    right.plot(x[o], np.sum(s[row, :2] * tangent[row], axis=1)[o], "s-", ms=3,
               label="in-plane, along the circle about the disc centre")
    right.axhline(0, color="grey", lw=0.5)
    right.set_xlabel("x − x(core) (Å)")
    right.set_ylabel("spin component")
    right.set_title(f"through the core ({offset:.1f} Å from the centre): $S_z$ = {s[core, 2]:+.3f}")
    right.legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"winding number {winding:+.6f}, circulation {circulation:+.3f}, core S_z "
          f"{s[core, 2]:+.3f} at {offset:.1f} A from the centre, net moment {net:.3f}")
    return abs(winding - 1) < 0.01 and abs(circulation) > 0.8 and abs(s[core, 2]) > 0.9


def skyrmion_energy(run, out):
    """Lesson 9: one relaxed Neel skyrmion in an sc monolayer (no field). Its radius against the
    continuum estimate R = pi D sqrt(A / (16 A K^2 - pi^2 D^2 K)) (Wang, Yuan and Wang, Commun.
    Phys. 1, 31 (2018); A = J/2a, K = k/a^3, D = D_int/a^2), its profile against the 360-degree
    wall ansatz theta(r) = 2 atan(sinh(R/w) / sinh(r/w)), w = a sqrt(J/2k), and its energy above
    the ferromagnet, -N (2 J + k), against the Belavin-Polyakov scale 4 pi J."""
    names, data = read_table(os.path.join(run, "output"))
    last = data[-1]
    a, j, d, k = 3.0, 1e-21, 1.2e-22, 3e-23  # the lesson's input: A, J, J, J
    mev = 1.602176634e-22  # J
    atoms = 40 * 40
    energy = last[names.index("E_total[meV]")]
    excess = energy - atoms * (-2 * j - k) / mev
    q = last[names.index("Q")]
    radius = last[names.index("R_sk[A]")]
    centre = np.array([last[names.index("x_sk[A]")], last[names.index("y_sk[A]")]])
    wang = np.pi * d * a * np.sqrt((j / 2) / (8 * j * k**2 - np.pi**2 * d**2 * k))
    w = a * np.sqrt(j / (2 * k))
    snap = last_snapshot(run)
    p, s = snap.positions[:, :2], snap.spins
    box = np.array([40 * a, 40 * a])
    rel = (p - centre + box / 2) % box - box / 2  # across the periodic edges
    r = np.hypot(rel[:, 0], rel[:, 1])
    fig, ax = plt.subplots(figsize=(8, 4.8))
    ax.plot(r, s[:, 2], "o", ms=3, label="$S_z$ of every atom (miniASD, relaxed)")
    radial = np.where(r > 0, np.sum(s[:, :2] * rel, axis=1) / np.maximum(r, 1e-9), 0)
    ax.plot(r, radial, "s", ms=2, alpha=0.5, label="$S_r$, the in-plane part along the radius")
    fine = np.linspace(1e-3, r.max(), 400)
    theta = 2 * np.arctan(np.sinh(radius / w) / np.sinh(fine / w))
    ax.plot(fine, np.cos(theta), "k-", lw=0.8,
            label=rf"360° wall ansatz, $R$ = {radius:.2f} Å, $w = a\sqrt{{J/2k}}$ = {w:.2f} Å")
    ax.axvline(wang, color="C3", ls="--", lw=0.8, label=f"continuum estimate R = {wang:.2f} Å")
    ax.axhline(0, color="grey", lw=0.5)
    ax.set_xlim(0, 40)
    ax.set_xlabel("distance from the skyrmion's centre (Å)")
    ax.set_ylabel("spin component")
    ax.set_title(f"Q = {q:+.6f}, R = {radius:.2f} Å, energy above the ferromagnet "
                 f"{excess:.1f} meV = {excess * mev / (4 * np.pi * j):.3f} × 4πJ")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"Q {q:+.9f}, radius {radius:.3f} A (continuum estimate {wang:.3f} A, "
          f"{radius / wang - 1:+.1%}), energy above the ferromagnet {excess:.3f} meV "
          f"({excess * mev / (4 * np.pi * j):.4f} x 4 pi J)")
    return abs(q + 1) < 1e-6 and abs(radius / wang - 1) < 0.3 and excess > 0


LESSONS = {"precession": precession, "boltzmann": boltzmann, "domain-wall": domain_wall,
           "sublattices": sublattices, "skyrmion": skyrmion, "vortex": vortex,
           "skyrmion-energy": skyrmion_energy, "current-wall": current_wall}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("lesson", choices=sorted(LESSONS))
    p.add_argument("run", help="the run directory (miniasd -o)")
    p.add_argument("-o", "--output", help="picture file (default: <run>/<lesson>.png)")
    a = p.parse_args()
    out = a.output or os.path.join(a.run, a.lesson + ".png")
    ok = LESSONS[a.lesson](a.run, out)
    print(f"picture: {out}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
