"""The lattice topological charge of a snapshot, as the ``topological-charge`` column defines it.

Berg and Lüscher's charge (Nucl. Phys. B 190, 412 (1981)): three spins span the solid angle
Ω = 2 atan2(a·(b×c), 1 + a·b + b·c + c·a), and Q = (1/4π) Σ Ω over triangles that tile each atomic
layer (atoms of one height), the mean over the layers. The triangles here are each layer's
Delaunay triangulation (scipy), with periodic images across the box's periodic edges, so on a
periodic film Q is the program's (an integer for any texture whose neighbours are less than 90°
apart, whichever way a square is cut). Along open edges the program leaves out the triangles
that lack an atom; the hull triangulated here may hold a few more, so there Q can differ in
the decimals.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List

import numpy as np

if TYPE_CHECKING:
    from .snapshot import Snapshot


def solid_angles(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Signed solid angle (sr) of each spherical triangle of unit vectors a, b, c (rows)."""
    triple = np.einsum("ij,ij->i", a, np.cross(b, c))
    dots = 1 + np.einsum("ij,ij->i", a, b) + np.einsum("ij,ij->i", b, c) + \
        np.einsum("ij,ij->i", c, a)
    return 2 * np.arctan2(triple, dots)


def layer_triangles(xy: np.ndarray, box: np.ndarray, periodic) -> np.ndarray:
    """(T, 3) indices into xy of triangles tiling the layer once, anticlockwise from +z."""
    try:
        from scipy.spatial import Delaunay
    except ImportError:
        raise ImportError("topological_charge needs scipy: pip install 'miniasd[topology]'") \
            from None
    shifts = [(0.0, 0.0)]
    for sx in ((-1, 0, 1) if periodic[0] else (0,)):
        for sy in ((-1, 0, 1) if periodic[1] else (0,)):
            if sx or sy:
                shifts.append((sx * box[0], sy * box[1]))
    n = len(xy)
    points = np.concatenate([xy + np.array(s) for s in shifts])
    tri = Delaunay(points).simplices
    # Keep each triangle once: the copy whose centroid lies in the box along the periodic axes.
    centroid = points[tri].mean(axis=1)
    keep = np.ones(len(tri), bool)
    for k in range(2):
        if periodic[k]:
            keep &= (centroid[:, k] >= 0) & (centroid[:, k] < box[k])
    tri = tri[keep]
    p = points[tri]
    area = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    tri = tri[np.abs(area) > 1e-9 * max(box[0] * box[1], 1.0)]
    flip = np.cross(points[tri][:, 1] - points[tri][:, 0], points[tri][:, 2] - points[tri][:, 0]) < 0
    tri[flip] = tri[flip][:, [0, 2, 1]]
    return tri % n


def layer_charges(snap: "Snapshot") -> List[float]:
    """Q of each layer holding magnetic atoms, bottom to top."""
    pos, spins = snap.positions, snap.spins
    moments = snap.material_moments
    magnetic = moments[snap.materials] > 0 if moments is not None else np.ones(len(pos), bool)
    pos, spins = pos[magnetic], spins[magnetic]
    heights = np.round(pos[:, 2], 6)
    charges = []
    for z in np.unique(heights):
        on = heights == z
        if on.sum() < 3:
            continue
        tri = layer_triangles(pos[on, :2], snap.box, snap.periodic)
        s = spins[on]
        charges.append(float(solid_angles(s[tri[:, 0]], s[tri[:, 1]], s[tri[:, 2]]).sum()
                             / (4 * np.pi)))
    return charges


def topological_charge(snap: "Snapshot") -> float:
    """The mean charge over the layers (a skyrmion with its core down in a film magnetised up:
    -1, as the column and Spirit report it)."""
    charges = layer_charges(snap)
    if not charges:
        raise ValueError(f"{snap.path}: no layer with three magnetic atoms, so no charge")
    return float(np.mean(charges))
