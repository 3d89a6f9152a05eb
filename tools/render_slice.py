#!/usr/bin/python3
"""A quick top-down picture of one atomic layer of a snapshot, coloured by spin direction.

    /usr/bin/python3 tools/render_slice.py runs/bcc-fe/spins-00000004.meta [-o slice.png]
        [--axis z] [--at 14.35] [--layers 1] [--arrows|--no-arrows]

Colour: the hue is the in-plane angle of the spin (red +x, yellow-green +y, cyan -x, blue -y
for --axis z), the lightness its out-of-plane component (white +1, full colour 0, black -1),
as in the colour wheel drawn beside the layer. Arrows show the in-plane components. Reads any
write mode through tools/read_snapshot.py; numpy and matplotlib only.
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_snapshot  # noqa: E402


def direction_colours(u, v, w):
    """RGB (N, 3) for in-plane components u, v and out-of-plane w of unit vectors (HSL wheel)."""
    hue = (np.arctan2(v, u) / (2 * np.pi)) % 1.0
    light = np.clip((w + 1) / 2, 0, 1)
    chroma = 1 - np.abs(2 * light - 1)
    h6 = hue * 6
    x = chroma * (1 - np.abs(h6 % 2 - 1))
    zero = np.zeros_like(hue)
    sector = np.floor(h6).astype(int) % 6
    table = [(chroma, x, zero), (x, chroma, zero), (zero, chroma, x),
             (zero, x, chroma), (x, zero, chroma), (chroma, zero, x)]
    rgb = np.zeros(hue.shape + (3,))
    for s, (r, g, b) in enumerate(table):
        pick = sector == s
        rgb[pick] = np.stack([r[pick], g[pick], b[pick]], axis=-1)
    return np.clip(rgb + (light - chroma / 2)[..., None], 0, 1)


def layer(positions, axis, at, layers):
    """Indices of the atoms in the `layers` atomic planes nearest to height `at` along `axis`."""
    h = np.round(positions[:, axis], 6)
    planes = np.unique(h)
    nearest = planes[np.argsort(np.abs(planes - at), kind="stable")[:layers]]
    return np.flatnonzero(np.isin(h, nearest)), np.sort(nearest)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("metadata", help="a spin snapshot's .meta file")
    parser.add_argument("-o", "--output", help="PNG to write (default: <snapshot>-slice.png)")
    parser.add_argument("--axis", choices="xyz", default="z", help="look down this axis")
    parser.add_argument("--at", type=float, help="height of the layer in angstrom (default: middle)")
    parser.add_argument("--layers", type=int, default=1, help="atomic planes to show (default 1)")
    arrows = parser.add_mutually_exclusive_group()
    arrows.add_argument("--arrows", dest="arrows", action="store_true", default=None)
    arrows.add_argument("--no-arrows", dest="arrows", action="store_false")
    args = parser.parse_args()
    try:
        snap = read_snapshot.read(args.metadata)
    except read_snapshot.SnapshotError as e:
        sys.exit(f"render_slice: {e}")
    if snap.meta["kind"] != "spins":
        sys.exit(f"render_slice: {args.metadata} holds coordinates, not spins")
    a = "xyz".index(args.axis)
    u_axis, v_axis = [k for k in range(3) if k != a]
    at = args.at if args.at is not None else snap.box[a] / 2
    pick, planes = layer(snap.positions, a, at, max(args.layers, 1))
    p, s = snap.positions[pick], snap.spins[pick]
    colours = direction_colours(s[:, u_axis], s[:, v_axis], s[:, a])

    fig = plt.figure(figsize=(8, 6.5))
    ax = fig.add_axes([0.08, 0.1, 0.68, 0.8])
    box = snap.box
    ax.set_facecolor("0.55")  # so +z (white) and -z (black) both show
    ax.set_aspect("equal")
    lo = -0.05 * max(box[u_axis], box[v_axis])
    ax.set_xlim(lo, box[u_axis] - lo)
    ax.set_ylim(lo, box[v_axis] - lo)
    # Squares as wide as the smallest spacing between atom columns in the picture.
    spacing = min(np.diff(np.unique(np.round(p[:, k], 6))).min(initial=box[k]) for k in (u_axis, v_axis))
    fig.canvas.draw()
    points_per_angstrom = ax.get_window_extent().width * 72 / fig.dpi / (box[u_axis] - 2 * lo)
    # A small gap shows the atoms apart; past about 32 a side it only draws a grid over the picture.
    across = max(box[u_axis], box[v_axis]) / spacing
    fill = 0.92 if across <= 32 else 1.0
    ax.scatter(p[:, u_axis], p[:, v_axis], c=colours, s=(fill * spacing * points_per_angstrom) ** 2,
               marker="s", edgecolors="none")
    show_arrows = args.arrows if args.arrows is not None else len(pick) <= 3000
    if show_arrows:
        ax.quiver(p[:, u_axis], p[:, v_axis], s[:, u_axis], s[:, v_axis], color="k",
                  pivot="middle", scale_units="xy", angles="xy",
                  scale=1.1 / spacing, width=0.003)
    names = "xyz"
    ax.set_xlabel(f"{names[u_axis]} (Å)")
    ax.set_ylabel(f"{names[v_axis]} (Å)")
    m = snap.meta
    heights = ", ".join(f"{h:g}" for h in planes)
    ax.set_title(f"snapshot {m['snapshot']}: t = {float(m['time']) * 1e12:g} ps, "
                 f"T = {float(m['temperature']):g} K\n{len(pick)} atoms at {args.axis} = {heights} Å",
                 fontsize=10)

    # The colour wheel: in-plane angle around, out-of-plane component from the rim (0) inwards
    # to the centre (+1); the black ring outside stands for -1.
    wheel = fig.add_axes([0.79, 0.55, 0.19, 0.19])
    g = np.linspace(-1.15, 1.15, 201)
    gx, gy = np.meshgrid(g, g)
    r = np.hypot(gx, gy)
    w = np.where(r <= 1, np.sqrt(np.clip(1 - r**2, 0, 1)), -np.clip((r - 1) / 0.15, 0, 1))
    img = direction_colours(gx, gy, w)
    img = np.concatenate([img, (r <= 1.15)[..., None].astype(float)], axis=-1)
    wheel.imshow(img, origin="lower", extent=(-1.15, 1.15, -1.15, 1.15))
    wheel.set_xticks([])
    wheel.set_yticks([])
    for spine in wheel.spines.values():
        spine.set_visible(False)
    wheel.set_title(f"+{names[u_axis]} →, +{names[v_axis]} ↑\ncentre: +{names[a]}, rim: 0, "
                    f"ring: -{names[a]}", fontsize=8)
    out = args.output or args.metadata[: -len(".meta")] + "-slice.png"
    fig.savefig(out, dpi=110)
    print(f"wrote {out} ({len(pick)} atoms)")


if __name__ == "__main__":
    main()
