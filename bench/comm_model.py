#!/usr/bin/python3
"""The communication model of docs/scaling.md: halo traffic per rank against subdomain size, the
predicted parallel efficiency of the standard problem (bcc, nearest-neighbour exchange, LLG-Heun)
on an ARCHER2-like machine, and the time per snapshot of a large run in each output mode.

  bench/comm_model.py                       the tables of docs/scaling.md
  bench/comm_model.py --check R1.json ...   model against measured report.json files
                                            (halo KiB per exchange, peers, the busiest rank)
Every machine figure is an argument (--help); the defaults are the assumptions the doc states.
"""
import argparse
import json
import math
import sys

ATOM_BYTES = 24        # one spin in a halo message: three float64
SITES = 2              # bcc: atoms per unit cell


def halo_atoms(L):
    """Ghost atoms of a bcc subdomain of L^3 cells inside a 3-D grid of ranks: a corner atom's
    neighbours are the centre atoms of the cells at offsets {-1,0}^3 and a centre atom's the corner
    atoms at {0,+1}^3, so one shell of (L+1)^3 - L^3 cells on each side holds one atom per cell."""
    return 2 * (3 * L * L + 3 * L + 1)


PEERS_3D = 14  # 6 faces, the 6 edges along (-,-) and (+,+), the corners (-,-,-) and (+,+,+)


def per_step(n_local, a):
    """Seconds per time step on one rank with n_local atoms (a cube of cells), two halo exchanges
    per step (the Heun stages) and an all-reduce every a.increment steps."""
    L = (n_local / SITES) ** (1 / 3)
    fits = n_local * a.bytes_per_atom <= a.cache_per_core
    t_atom = a.t_atom_cache if fits else a.traffic / (a.node_memory_bw / a.cores_per_node)
    compute = n_local * t_atom
    # Halo: messages to 14 peers; the node's off-node share of the bytes shares the NIC with the
    # node's other ranks; the rest is a shared-memory copy. Ranks of a node form a block
    # (block distribution), bx x by x bz ranks.
    bx, by, bz = a.node_block
    off = 2 * (bx * by + by * bz + bz * bx) / (6 * bx * by * bz)  # off-node share of faces
    bytes_rank = halo_atoms(L) * ATOM_BYTES
    off_node = (off * a.cores_per_node * bytes_rank) / a.nic_bw + PEERS_3D * off * a.latency
    on_node = (1 - off) * bytes_rank / a.shm_bw + PEERS_3D * (1 - off) * a.shm_latency
    pack = 2 * bytes_rank / a.copy_bw  # gather into the send buffer, scatter from the receive one
    comm = max(off_node, on_node) + pack
    core = compute * max(0.0, 1 - (6 * L * L) / max(L ** 3, 1))  # core atoms overlap the messages
    visible = pack + max(0.0, comm - pack - core / 2)  # per exchange, two per step
    allreduce = 2 * math.log2(max(a.ranks, 2)) * a.latency / a.increment
    return compute, 2 * comm, 2 * visible, allreduce, bytes_rank


def efficiency_table(a):
    sizes = [1e6, 1e7, 1e8, 1e9]
    cores = [1000, 4000, 16000, 64000, 100000]
    t_mem = a.traffic / (a.node_memory_bw / a.cores_per_node)
    print(f"Predicted parallel efficiency: compute / (compute + visible halo + all-reduce), per step;"
          f"\ncompute {1e9 * a.t_atom_cache:.0f} ns per atom-step where the subdomain fits in cache, "
          f"{1e9 * t_mem:.0f} ns (memory-bound) where not:")
    print(f"{'atoms':>8} " + " ".join(f"{c:>9}" for c in cores))
    for n in sizes:
        row = []
        for p in cores:
            n_local = n / p
            if n_local / SITES < 27:  # fewer than 3 x 3 x 3 cells per rank
                row.append(f"{'-':>9}")
                continue
            a.ranks = p
            compute, comm, visible, allreduce, _ = per_step(n_local, a)
            e = compute / (compute + visible + allreduce)
            row.append(f"{e:>9.2f}")
        print(f"{n:>8.0e} " + " ".join(row))


def halo_table(a):
    print("Halo per rank against subdomain size (bcc, 3-D grid of ranks):")
    print(f"{'cells^3':>8} {'atoms':>10} {'ghosts':>8} {'KiB sent':>9} {'peers':>6} "
          f"{'compute us':>10} {'halo us':>8} {'visible us':>10}")
    a.ranks = 1000
    for L in (4, 8, 16, 32, 64, 100):
        n_local = SITES * L ** 3
        compute, comm, visible, _, b = per_step(n_local, a)
        print(f"{L:>8} {n_local:>10} {halo_atoms(L):>8} {b / 1024:>9.1f} {PEERS_3D:>6} "
              f"{1e6 * compute:>10.1f} {1e6 * comm:>8.1f} {1e6 * visible:>10.1f}")


def io_table(a):
    atoms = 918e6
    data = atoms * 24  # float64 spins
    print(f"One snapshot of the {atoms / 1e6:.0f}M-atom run: {data / 1e9:.1f} GB (float64)")
    modes = [("serial", a.single_stream_bw, "one stream from rank 0, after gathering"),
             ("mpi-io", a.shared_file_bw, "one shared file, collective buffering"),
             ("sorted", a.shared_file_bw, "shared file in global order (+ an all-to-all)"),
             ("hdf5", a.shared_file_bw, "shared file through MPI-IO"),
             ("file-per-node", a.fpn_bw, "64 I/O groups, one file each"),
             ("file-per-process", a.fpp_bw, "12 288 files per snapshot")]
    for name, bw, how in modes:
        print(f"  {name:<17} {bw / 1e9:>5.1f} GB/s -> {data / bw:>7.1f} s   ({how})")


def halo_atoms_grid(cells, dims):
    """halo_atoms for a block of cells[a] cells per axis, split over dims[a] ranks per axis: only
    axes with more than one rank have a shell (a single rank along an axis wraps onto itself)."""
    lower = upper = 1
    inner = 1
    for c, d in zip(cells, dims):
        lower *= c + (1 if d > 1 else 0)
        inner *= c
    upper = lower
    return (lower - inner) + (upper - inner)


def check(paths, a):
    print("Measured halo against the model (bcc cube of cells, block decomposition):")
    for p in paths:
        r = json.load(open(p))
        ranks, atoms = r["machine"]["ranks"], r["run"]["atoms"]
        dims = [int(x) for x in r["machine"]["grid"].split("x")]
        side = round((atoms / SITES) ** (1 / 3))
        block = [math.ceil(side / d) for d in dims]  # the busiest rank's block
        model = halo_atoms_grid(block, dims) * ATOM_BYTES / 1024
        h = r["halo"]
        print(f"  {ranks:>3} ranks ({r['machine']['grid']}), {atoms} atoms: measured "
              f"{h['kib_per_exchange']['max']:.1f} KiB per exchange to {h['peers']['min']:.0f}-"
              f"{h['peers']['max']:.0f} peers; model {model:.1f} KiB"
              + (f" to {PEERS_3D} peers" if min(dims) >= 3 else ""))


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--check", nargs="*", help="report.json files to compare with the model")
    p.add_argument("--cores-per-node", type=int, default=128)
    p.add_argument("--node-block", type=lambda s: tuple(int(x) for x in s.split("x")), default=(4, 4, 8),
                   help="ranks of one node as a block of the rank grid (AxBxC)")
    p.add_argument("--t-atom-cache", type=float, default=11e-9, help="s per atom-step, subdomain in cache")
    p.add_argument("--traffic", type=float, default=248,
                   help="bytes per atom-step (llg_throughput, two passes: 3-D grids split x)")
    p.add_argument("--bytes-per-atom", type=float, default=95, help="resident bytes per atom")
    p.add_argument("--cache-per-core", type=float, default=4 * 2**20, help="last-level cache per core, bytes")
    p.add_argument("--node-memory-bw", type=float, default=350e9, help="node memory bandwidth, B/s")
    p.add_argument("--nic-bw", type=float, default=25e9, help="node injection bandwidth, B/s")
    p.add_argument("--latency", type=float, default=2e-6, help="inter-node MPI latency, s")
    p.add_argument("--shm-bw", type=float, default=5e9, help="shared-memory message bandwidth per rank, B/s")
    p.add_argument("--shm-latency", type=float, default=0.5e-6, help="intra-node MPI latency, s")
    p.add_argument("--copy-bw", type=float, default=5e9, help="pack/unpack (gather/scatter) B/s")
    p.add_argument("--increment", type=int, default=100, help="steps between statistics (all-reduce)")
    p.add_argument("--single-stream-bw", type=float, default=1e9)
    p.add_argument("--shared-file-bw", type=float, default=2e9)
    p.add_argument("--fpn-bw", type=float, default=30e9)
    p.add_argument("--fpp-bw", type=float, default=35e9)
    a = p.parse_args(argv)
    if a.check:
        check(a.check, a)
        return
    halo_table(a)
    print()
    efficiency_table(a)
    print()
    io_table(a)


if __name__ == "__main__":
    main(sys.argv[1:])
