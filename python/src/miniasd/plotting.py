"""Pictures of a snapshot with matplotlib (the ``plot`` extra)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import numpy as np

if TYPE_CHECKING:
    from .snapshot import Snapshot


def plot_slice(snap: "Snapshot", z: Optional[float] = None, ax=None, component: str = "z",
               arrows: bool = True, **kwargs):
    """The atoms of the layer nearest height ``z`` (Å; default the middle layer) coloured by the
    spin component ``component`` (-1 blue to +1 red), with in-plane arrows; returns the axes."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plot_slice needs matplotlib: pip install 'miniasd[plot]'") from None
    pos, spins = snap.positions, snap.spins
    heights = np.unique(np.round(pos[:, 2], 6))
    target = heights[len(heights) // 2] if z is None else heights[np.argmin(np.abs(heights - z))]
    on = np.round(pos[:, 2], 6) == target
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 5 * max(snap.box[1], 1) / max(snap.box[0], 1) + 0.5))
    k = "xyz".index(component)
    style = dict(cmap="coolwarm", vmin=-1, vmax=1, s=12, marker="s", linewidths=0)
    style.update(kwargs)
    points = ax.scatter(pos[on, 0], pos[on, 1], c=spins[on, k], **style)
    if arrows:
        # About 25 arrows along the longer side: every k-th column and row of atoms.
        x, y = pos[on, 0], pos[on, 1]
        xs = np.unique(np.round(x, 6))
        spacing = np.diff(xs).min() if len(xs) > 1 else 1.0
        k = max(1, int(round(max(np.ptp(x), np.ptp(y)) / spacing / 25)))
        pick = (np.round(x / spacing).astype(int) % k == 0) & (np.round(y / spacing).astype(int) % k == 0)
        ax.quiver(x[pick], y[pick], spins[on][pick, 0], spins[on][pick, 1], angles="xy",
                  pivot="mid", color="k", width=0.004, scale=1.0 / (spacing * k),
                  scale_units="xy")
    ax.set_aspect("equal")
    ax.set_xlabel("x (Å)")
    ax.set_ylabel("y (Å)")
    ax.set_title(f"step {snap.step}, layer z = {target:g} Å")
    ax.figure.colorbar(points, ax=ax, label=f"S{component}", shrink=0.8)
    return ax
