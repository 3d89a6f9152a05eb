#!/usr/bin/python3
"""Read a miniASD snapshot, whatever mode wrote it, through its metadata file.

    import read_snapshot
    snap = read_snapshot.read("run/spins-00000010.meta")
    snap.spins       # (N, 3) float64, ascending global id
    snap.gid         # (N,) int64
    snap.positions   # (N, 3) angstrom
    snap.material    # (N,) int32, 0-based
    snap.box         # (3,) edge lengths of the simulated box, angstrom
    snap.material_names
    snap.meta        # dict of the metadata's keys

Pure Python and numpy: no MPI, no compiled code. It follows the format in docs/output.md: the
pieces of the file table are read in record order, decoded (binary or fixed-width text, float64 or
float32), matched to global ids through the coordinates (the index), and sorted by global id. The
content hash is recomputed and checked; piece checksums are checked with verify_checksums=True
(slow in pure Python). Command line:

    /usr/bin/python3 tools/read_snapshot.py run/spins-00000010.meta [--canonical out.bin]
"""
import argparse
import os
import sys

import numpy as np

MASK = (1 << 64) - 1


class SnapshotError(Exception):
    """A snapshot that cannot be read: the message names the file at fault."""


class Snapshot:
    def __init__(self, meta, gid, values, material=None, positions=None):
        self.meta = meta
        self.gid = gid
        self.values = values
        self.material = material
        self.positions = positions

    @property
    def spins(self):
        return self.values

    @property
    def box(self):
        """Edge lengths of the simulated box in angstrom (metadata 1.1; the atoms' extent for 1.0)."""
        if "box" in self.meta:
            return np.array([float(v) for v in self.meta["box"].split()])
        return self.positions.max(axis=0)

    @property
    def material_moments(self):
        """Atomic moment per material in Bohr magnetons (metadata 1.1; None for 1.0)."""
        if "moments" not in self.meta:
            return None
        return np.array([float(v) for v in self.meta["moments"].split()])

    @property
    def material_names(self):
        """Material names by 0-based index (metadata 1.1; empty for 1.0)."""
        return self.meta.get("materials", "").split()

    @property
    def material_elements(self):
        """Chemical symbol per material, None where not given (metadata 1.2; empty before)."""
        return [None if e == "-" else e for e in self.meta.get("elements", "").split()]


def read_meta(path):
    """The metadata as (dict, list of pieces); pieces are (file, first, count, offset, length,
    checksum, first_gid)."""
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise SnapshotError(f"cannot open {path}: {e.strerror}") from None
    meta, pieces = {}, []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise SnapshotError(f"{path}: malformed line '{line}'")
        key, value = (s.strip() for s in line.split("=", 1))
        if key == "piece":
            f, first, count, offset, length, checksum, gid = value.split()
            pieces.append((f, int(first), int(count), int(offset), int(length), int(checksum, 16), int(gid)))
        else:
            meta[key] = value
    if meta.get("format") != "miniasd-snapshot":
        raise SnapshotError(f"{path}: not a miniASD snapshot metadata file")
    major = meta.get("format-version", "").split(".")[0]
    if major != "1":
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


def checksum64(data):
    """The file table's checksum (docs/output.md): sequential, so slow in Python."""
    h = 0x6D696E6941534400
    mult = 0x9E3779B97F4A7C15
    n = len(data)
    words = np.frombuffer(data[: n - n % 8], dtype="<u8")
    for w in words.tolist():
        h = ((h ^ w) * mult) & MASK
        h ^= h >> 29
    tail = int.from_bytes(data[n - n % 8:].ljust(8, b"\0"), "little") if n % 8 else 0
    h = ((h ^ tail) * mult) & MASK
    h ^= h >> 29
    h = ((h ^ n) * mult) & MASK
    return h ^ (h >> 32)


def _mix64(z):
    """SplitMix64's finaliser on a uint64 array (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def content_hash(gid, values):
    """Order-independent hash of (gid, values), as src/util/hash.hpp computes it."""
    v = np.ascontiguousarray(values, dtype="<f8").view("<u8").reshape(-1, 3)
    h = _mix64(gid.astype(np.uint64))
    for c in range(3):
        h = _mix64(h ^ v[:, c])
    with np.errstate(over="ignore"):
        return int(h.sum(dtype=np.uint64))


def _decode(meta, data, count, path):
    coordinates = meta["record"] == "coordinate"
    text = meta["encoding"] == "text"
    if coordinates:
        if text:
            rows = data.decode("ascii").split()
            if len(rows) != 5 * count:
                raise SnapshotError(f"{path}: malformed text coordinates")
            a = np.array(rows, dtype=object).reshape(count, 5)
            return (a[:, :3].astype(float), a[:, 3].astype(np.int64), a[:, 4].astype(np.int32))
        rec = np.frombuffer(data, dtype=np.dtype([("xyz", "<f8", 3), ("gid", "<i8"), ("material", "<i4")]))
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


def _read_records(path, verify_checksums):
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
    cat = lambda parts, shape, dtype: np.concatenate(parts) if parts else np.zeros(shape, dtype)
    return (meta, cat(values, (0, 3), float), cat(gids, (0,), np.int64) if gids else None,
            cat(materials, (0,), np.int32) if materials else None)


def read(path, verify_checksums=False):
    """A snapshot (spins or coordinates) in ascending global-id order."""
    meta, values, gid, material = _read_records(path, verify_checksums)
    positions = None
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
    return Snapshot(meta, gid[order], values[order], material[order], positions[order])


def main():
    parser = argparse.ArgumentParser(description="Read a miniASD snapshot (any write mode).")
    parser.add_argument("metadata")
    parser.add_argument("--canonical", help="write little-endian float64 [N][3] in global-id order here")
    parser.add_argument("--verify-checksums", action="store_true", help="check every piece (slow)")
    args = parser.parse_args()
    try:
        snap = read(args.metadata, args.verify_checksums)
    except SnapshotError as e:
        sys.exit(f"read_snapshot: {e}")
    if args.canonical:
        np.ascontiguousarray(snap.values, dtype="<f8").tofile(args.canonical)
    m = snap.meta
    print(f"{args.metadata}: {m['kind']} snapshot {m.get('snapshot')}, step {m.get('step')}, "
          f"{len(snap.gid)} atoms, mode {m['mode']}, {m['encoding']} {m['dtype']}")


if __name__ == "__main__":
    main()
