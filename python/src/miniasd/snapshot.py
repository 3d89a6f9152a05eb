"""Snapshots: the spins (or coordinates) of one moment of a run, whatever write mode wrote them.

A snapshot exists when its metadata file (``spins-NNNNNNNN.meta``) does; the metadata lists the
pieces of the data files in record order (docs/output.md, "The metadata file"). Reading follows
that format and nothing else: the pieces are read in record order, decoded (binary or
fixed-width text, float64 or float32), matched to global ids through the coordinates (the
``index``), sorted by global id, and the content hash is recomputed and checked against the
metadata's. Piece checksums are checked with ``verify_checksums=True`` (slow in pure Python).

Pure Python and numpy: no MPI, no compiled code, no HDF5 library (the hdf5 mode's datasets are
contiguous, and its metadata gives their byte offsets like every other mode's).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

import numpy as np

PathLike = Union[str, "os.PathLike[str]"]
_MASK = (1 << 64) - 1


class SnapshotError(Exception):
    """A snapshot that cannot be read: the message names the file at fault."""


Piece = Tuple[str, int, int, int, int, int, int]  # file, first, count, offset, length, checksum, gid


def read_meta(path: PathLike) -> Tuple[Dict[str, str], List[Piece]]:
    """A metadata file as (its keys, its pieces in record order), checked for consistency."""
    path = os.fspath(path)
    try:
        with open(path) as handle:
            lines = handle.read().splitlines()
    except OSError as e:
        raise SnapshotError(f"cannot open {path}: {e.strerror}") from None
    meta: Dict[str, str] = {}
    pieces: List[Piece] = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise SnapshotError(f"{path}: malformed line '{line}'")
        key, value = (s.strip() for s in line.split("=", 1))
        if key == "piece":
            f, first, count, offset, length, checksum, gid = value.split()
            pieces.append((f, int(first), int(count), int(offset), int(length), int(checksum, 16),
                           int(gid)))
        else:
            meta[key] = value
    if meta.get("format") != "miniasd-snapshot":
        raise SnapshotError(f"{path}: not a miniASD snapshot metadata file")
    if meta.get("format-version", "").split(".")[0] != "1":
        raise SnapshotError(f"{path}: format version {meta.get('format-version')} is not supported")
    if int(meta["pieces"]) != len(pieces):
        raise SnapshotError(f"{path}: declares {meta['pieces']} pieces but lists {len(pieces)}")
    # A writer never writes NaN, infinity or a negative size: one here is corruption.
    for key in ("time", "dt", "temperature", "field", "magnetisation", "box", "moments"):
        try:
            numbers = [float(v) for v in meta.get(key, "0").split()]
        except ValueError:
            raise SnapshotError(f"{path}: '{key}' is not a list of numbers") from None
        if not all(np.isfinite(numbers)):
            raise SnapshotError(f"{path}: '{key}' is not finite: '{meta[key]}'")
    if int(meta["atoms"]) < 0 or any(p[2] < 0 or p[3] < 0 or p[4] < 0 for p in pieces):
        raise SnapshotError(f"{path}: a negative atom count, piece count, offset or length")
    return meta, sorted(pieces, key=lambda p: p[1])


def checksum64(data: bytes) -> int:
    """The file table's checksum of one piece (docs/output.md): sequential, so slow in Python."""
    h = 0x6D696E6941534400
    mult = 0x9E3779B97F4A7C15
    n = len(data)
    for w in np.frombuffer(data[: n - n % 8], dtype="<u8").tolist():
        h = ((h ^ w) * mult) & _MASK
        h ^= h >> 29
    tail = int.from_bytes(data[n - n % 8:].ljust(8, b"\0"), "little") if n % 8 else 0
    h = ((h ^ tail) * mult) & _MASK
    h ^= h >> 29
    h = ((h ^ n) * mult) & _MASK
    return h ^ (h >> 32)


def _mix64(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser on a uint64 array (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def content_hash(gid: np.ndarray, values: np.ndarray) -> int:
    """The order-independent hash of (global id, values) that the metadata and the run report's
    "Spin state hash" hold (src/util/hash.hpp)."""
    v = np.ascontiguousarray(values, dtype="<f8").view("<u8").reshape(-1, 3)
    h = _mix64(gid.astype(np.uint64))
    for c in range(3):
        h = _mix64(h ^ v[:, c])
    with np.errstate(over="ignore"):
        return int(h.sum(dtype=np.uint64))


def _decode(meta: Dict[str, str], data: bytes, count: int, path: str):
    text = meta["encoding"] == "text"
    if meta["record"] == "coordinate":
        if text:
            rows = data.decode("ascii").split()
            if len(rows) != 5 * count:
                raise SnapshotError(f"{path}: malformed text coordinates")
            a = np.array(rows, dtype=object).reshape(count, 5)
            return a[:, :3].astype(float), a[:, 3].astype(np.int64), a[:, 4].astype(np.int32)
        rec = np.frombuffer(data, dtype=np.dtype([("xyz", "<f8", 3), ("gid", "<i8"),
                                                  ("material", "<i4")]))
        return rec["xyz"].astype(float), rec["gid"].astype(np.int64), rec["material"].astype(np.int32)
    if text:
        try:
            v = np.array(data.decode("ascii").split(), dtype=float)
        except ValueError:
            raise SnapshotError(f"{path}: malformed text record") from None
        if meta["dtype"] == "float32":
            v = v.astype(np.float32).astype(float)
        return v.reshape(count, 3), None, None
    dtype = "<f4" if meta["dtype"] == "float32" else "<f8"
    return np.frombuffer(data, dtype=dtype).astype(float).reshape(count, 3), None, None


def _read_records(path: str, verify_checksums: bool):
    meta, pieces = read_meta(path)
    folder = os.path.dirname(path)
    values, gids, materials = [], [], []
    expected = 0
    for f, first, count, offset, length, checksum, _ in pieces:
        file = os.path.join(folder, f)
        if first != expected:
            raise SnapshotError(f"{path}: the file table does not tile the records")
        try:
            size = os.path.getsize(file)
        except OSError:
            raise SnapshotError(f"cannot open data file {file}") from None
        if size < offset + length:
            raise SnapshotError(f"data file {file} is truncated")
        with open(file, "rb") as fh:
            fh.seek(offset)
            data = fh.read(length)
        if verify_checksums and checksum64(data) != checksum:
            raise SnapshotError(f"data file {file} is corrupt")
        try:
            v, g, m = _decode(meta, data, count, file)
        except ValueError:
            raise SnapshotError(f"{path}: the piece of {f} has {length} bytes, not {count} "
                                "records") from None
        if not np.isfinite(v).all():
            raise SnapshotError(f"data file {file} holds a non-finite value")
        values.append(v)
        if g is not None:
            gids.append(g)
            materials.append(m)
        expected += count
    if expected != int(meta["atoms"]):
        raise SnapshotError(f"{path}: the file table holds {expected} records, not {meta['atoms']}")

    def cat(parts, shape, dtype):
        return np.concatenate(parts) if parts else np.zeros(shape, dtype)

    return (meta, cat(values, (0, 3), float), cat(gids, (0,), np.int64) if gids else None,
            cat(materials, (0,), np.int32) if materials else None)


def _numbers(meta: Dict[str, str], key: str) -> Optional[np.ndarray]:
    return np.array([float(v) for v in meta[key].split()]) if key in meta else None


class Snapshot:
    """One snapshot, read when its arrays are first asked for; arrays in ascending global id.

    ``step``, ``time`` (s), ``temperature`` (K), ``field`` (T) and ``number`` come from the
    metadata without reading data; ``spins`` (N x 3 unit vectors), ``positions`` (N x 3, Å),
    ``materials`` (N, 0-based), ``gid`` (N) read the data files on first use.
    """

    def __init__(self, path: PathLike, verify_checksums: bool = False):
        self.path = Path(path)
        self.meta, _ = read_meta(self.path)
        self._verify = verify_checksums
        self._arrays: Optional[Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = None

    def __repr__(self) -> str:
        return (f"Snapshot({str(self.path)!r}: step {self.step}, {self.atoms} atoms, "
                f"mode {self.meta.get('mode')})")

    # --- from the metadata alone
    @property
    def number(self) -> int:
        return int(self.meta.get("snapshot", 0))

    @property
    def step(self) -> int:
        return int(self.meta.get("step", 0))

    @property
    def time(self) -> float:
        """Simulated time since the start, s."""
        return float(self.meta.get("time", 0))

    @property
    def temperature(self) -> float:
        """K."""
        return float(self.meta.get("temperature", 0))

    @property
    def field(self) -> np.ndarray:
        """The applied field vector, T."""
        f = _numbers(self.meta, "field")
        return f if f is not None else np.zeros(3)

    @property
    def atoms(self) -> int:
        return int(self.meta["atoms"])

    @property
    def box(self) -> np.ndarray:
        """Edge lengths of the simulated box, Å (metadata 1.1; the atoms' extent for 1.0)."""
        b = _numbers(self.meta, "box")
        return b if b is not None else self.positions.max(axis=0)

    @property
    def periodic(self) -> Tuple[bool, bool, bool]:
        p = self.meta.get("periodic", "0 0 0").split()
        return (p[0] == "1", p[1] == "1", p[2] == "1")

    @property
    def material_moments(self) -> Optional[np.ndarray]:
        """Atomic moment per material, Bohr magnetons (metadata 1.1; None for 1.0)."""
        return _numbers(self.meta, "moments")

    @property
    def material_names(self) -> List[str]:
        """Material names by 0-based index (metadata 1.1; empty for 1.0)."""
        return self.meta.get("materials", "").split()

    @property
    def material_elements(self) -> List[Optional[str]]:
        """Chemical symbol per material, None where not given (metadata 1.2; empty before)."""
        return [None if e == "-" else e for e in self.meta.get("elements", "").split()]

    # --- from the data files
    def _load(self):
        if self._arrays is None:
            self._arrays = _read_arrays(str(self.path), self._verify)
        return self._arrays

    @property
    def gid(self) -> np.ndarray:
        return self._load()[0]

    @property
    def spins(self) -> np.ndarray:
        """(N, 3) unit spins (or positions, for the coordinates' own metadata)."""
        return self._load()[1]

    values = spins

    @property
    def materials(self) -> np.ndarray:
        """(N,) 0-based material index of each atom."""
        return self._load()[2]

    material = materials

    @property
    def positions(self) -> np.ndarray:
        """(N, 3) positions, Å."""
        return self._load()[3]

    # --- what is computed from them (miniasd.fields)
    def macro_cells(self, cell):
        from .fields import macro_cells
        return macro_cells(self, cell)

    def to_ovf(self, path: PathLike, cell, data: str = "text") -> Path:
        from .fields import write_ovf
        return write_ovf(self, path, cell, data)

    def to_discretisedfield(self, cell):
        from .fields import to_discretisedfield
        return to_discretisedfield(self, cell)

    def topological_charge(self) -> float:
        from .topology import topological_charge
        return topological_charge(self)

    def plot_slice(self, z: Optional[float] = None, ax=None, **kwargs):
        from .plotting import plot_slice
        return plot_slice(self, z=z, ax=ax, **kwargs)


def _read_arrays(path: str, verify_checksums: bool):
    meta, values, gid, material = _read_records(path, verify_checksums)
    if meta["record"] == "spin":
        index = os.path.join(os.path.dirname(path), meta["index"])
        cmeta, positions, gid, material = _read_records(index, verify_checksums)
        # Files from before run ids (metadata 1.2 and older) have none and are taken as they are.
        run, crun = meta.get("run-id"), cmeta.get("run-id")
        if run and crun and run != crun:
            raise SnapshotError(f"{path}: written by run {run}, but its index {index} by run "
                                f"{crun}: this directory mixes two runs' snapshots")
        if int(cmeta["atoms"]) != int(meta["atoms"]) or cmeta["mode"] != meta["mode"]:
            raise SnapshotError(f"{path}: its index {index} describes another layout")
    else:
        positions = values
    if content_hash(gid, values) != int(meta["content-hash"], 16):
        raise SnapshotError(f"{path}: the content hash of the data read does not match the metadata")
    order = np.argsort(gid, kind="stable")
    return gid[order], values[order], material[order], positions[order]


def read(path: PathLike, verify_checksums: bool = False) -> Snapshot:
    """A snapshot (spins or coordinates), read at once, arrays in ascending global-id order."""
    snap = Snapshot(path, verify_checksums)
    snap._load()
    return snap
