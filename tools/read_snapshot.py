#!/usr/bin/python3
"""Read a miniASD snapshot, whatever mode wrote it, through its metadata file: a thin wrapper of
the Python package's reader (python/src/miniasd/snapshot.py), so there is one implementation.

    import read_snapshot
    snap = read_snapshot.read("run/spins-00000010.meta")
    snap.spins       # (N, 3) float64, ascending global id
    snap.gid         # (N,) int64
    snap.positions   # (N, 3) angstrom
    snap.material    # (N,) int32, 0-based
    snap.box         # (3,) edge lengths of the simulated box, angstrom
    snap.material_names
    snap.meta        # dict of the metadata's keys

It works from a clone without installing the package (pip install ./python installs it).
Command line:

    /usr/bin/python3 tools/read_snapshot.py run/spins-00000010.meta [--canonical out.bin]
"""
import argparse
import os
import sys

# The clone's package first: an installed miniasd of another version reads another format.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "src"))
import miniasd.snapshot as _reader  # noqa: E402
import numpy as np  # noqa: E402

Snapshot = _reader.Snapshot
SnapshotError = _reader.SnapshotError
read = _reader.read
read_meta = _reader.read_meta
checksum64 = _reader.checksum64
content_hash = _reader.content_hash


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
