"""Atoms averaged into macro-cells: the grid that OVF files and discretisedfield hold.

The rule is the converter's (``miniasd-convert --macro-cell``, docs/visualisation.md): cells of
the given size from the box's corner, an atom at x in cell floor((x + 1e-4 Å) / size) (an atom on
a cell face takes the upper cell), the grid ending at the last atom's cell along each axis, and
each cell's value the moment-weighted mean of its atoms' unit spins, m = Σ μᵢ sᵢ / Σ μᵢ, a
fraction of saturation. Cells without atoms hold 0 0 0. Sums run over the atoms in ascending
global id, as the converter's do, so the values are the converter's to the last bit.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Sequence, Tuple, Union

import numpy as np

if TYPE_CHECKING:
    from .snapshot import Snapshot

_SHIFT = 1e-4  # Å: the binning shift of src/util/binning.hpp
CellSize = Union[float, Sequence[float], np.ndarray]


def _cell(cell: CellSize) -> np.ndarray:
    c = np.broadcast_to(np.asarray(cell, dtype=float), (3,)).copy()
    if not (c > 0).all():
        raise ValueError(f"macro-cell size {cell!r}: sizes must be positive (Å)")
    return c


def macro_cells(snap: "Snapshot", cell: CellSize) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(grid (3,), m (nx, ny, nz, 3), atoms per cell (nx, ny, nz)) for cells of ``cell`` Å (one
    size or three)."""
    size = _cell(cell)
    pos = snap.positions
    bins = np.floor((pos + _SHIFT) / size).astype(np.int64)
    grid = np.maximum(bins.max(axis=0) + 1, 1) if len(pos) else np.ones(3, np.int64)
    bins = np.clip(bins, 0, grid - 1)
    moments = snap.material_moments
    mu = moments[snap.materials] if moments is not None else np.ones(len(pos))
    flat = (bins[:, 2] * grid[1] + bins[:, 1]) * grid[0] + bins[:, 0]
    n = int(np.prod(grid))
    sums = np.zeros((n, 3))
    weight = np.zeros(n)
    count = np.zeros(n, np.int64)
    # np.add.at accumulates in the order of the atoms, unbuffered: the converter's order.
    np.add.at(sums, flat, mu[:, None] * snap.spins)
    np.add.at(weight, flat, mu)
    np.add.at(count, flat, 1)
    flat_m = np.zeros((n, 3))
    filled = count > 0
    flat_m[filled] = sums[filled] / weight[filled, None]
    shape = (int(grid[2]), int(grid[1]), int(grid[0]))
    m = flat_m.reshape(*shape, 3).transpose(2, 1, 0, 3)
    return grid, m, count.reshape(shape).transpose(2, 1, 0)


def _number(v: float) -> str:
    text = repr(float(v))
    return text[:-2] if text.endswith(".0") else text


def write_ovf(snap: "Snapshot", path: Union[str, "os.PathLike[str]"], cell: CellSize,
              data: str = "text") -> Path:
    """An OVF 2.0 file of the macro-cell magnetisation (lengths in m; data ``text``, ``bin4`` or
    ``bin8``, little-endian after OVF's check value), as ``miniasd-convert --to ovf`` writes it."""
    if data not in ("text", "bin4", "bin8"):
        raise ValueError(f"data {data!r}: expected 'text', 'bin4' or 'bin8'")
    size = _cell(cell)
    grid, m, count = macro_cells(snap, size)
    empty = int((count == 0).sum())
    lines = ["# OOMMF OVF 2.0", "#", "# Segment count: 1", "#", "# Begin: Segment",
             "# Begin: Header", "#", f"# Title: m (miniasd snapshot {snap.number})",
             "# meshtype: rectangular", "# meshunit: m", "#"]
    lines += [f"# {a}min: 0" for a in "xyz"]
    lines += [f"# {a}max: {_number(grid[k] * size[k] * 1e-10)}" for k, a in enumerate("xyz")]
    lines += ["#", "# valuedim: 3", "# valuelabels: m_x m_y m_z", "# valueunits: 1 1 1", "#",
              "# Desc: m = sum(mu_i S_i) / sum(mu_i) over the atoms of each cell; 0 0 0 where a "
              f"cell holds no atom ({empty} of {count.size} cells here)",
              f"# Desc: step {snap.step}, time {_number(snap.time)} s, temperature "
              f"{_number(snap.temperature)} K", "#"]
    lines += [f"# {a}base: {_number(0.5 * size[k] * 1e-10)}" for k, a in enumerate("xyz")]
    lines += [f"# {a}nodes: {grid[k]}" for k, a in enumerate("xyz")]
    lines += [f"# {a}stepsize: {_number(size[k] * 1e-10)}" for k, a in enumerate("xyz")]
    block = {"text": "Data Text", "bin4": "Data Binary 4", "bin8": "Data Binary 8"}[data]
    lines += ["# End: Header", "#", f"# Begin: {block}"]
    values = m.transpose(2, 1, 0, 3).reshape(-1, 3)  # x fastest, as OVF orders nodes
    out = ("\n".join(lines) + "\n").encode()
    if data == "text":
        out += "".join(" ".join(_number(v) for v in row) + "\n" for row in values).encode()
        out += f"# End: {block}\n# End: Segment\n".encode()
    else:
        dtype, check = ("<f4", 1234567.0) if data == "bin4" else ("<f8", 123456789012345.0)
        out += np.array([check], dtype).tobytes() + values.astype(dtype).tobytes()
        out += f"\n# End: {block}\n# End: Segment\n".encode()
    path = Path(path)
    path.write_bytes(out)
    return path


def to_discretisedfield(snap: "Snapshot", cell: CellSize):
    """The macro-cell magnetisation as a ``discretisedfield.Field`` (Ubermag) on a mesh from the
    box's corner, in m; ``pip install discretisedfield`` (the ``ubermag`` extra)."""
    try:
        import discretisedfield as df
    except ImportError:
        raise ImportError("to_discretisedfield needs discretisedfield: "
                          "pip install 'miniasd[ubermag]' (or discretisedfield)") from None
    size = _cell(cell)
    grid, m, _ = macro_cells(snap, size)
    p2 = tuple(float(grid[k] * size[k] * 1e-10) for k in range(3))
    mesh = df.Mesh(p1=(0.0, 0.0, 0.0), p2=p2, n=tuple(int(g) for g in grid))
    return df.Field(mesh, nvdim=3, value=m, vdims=["x", "y", "z"])
