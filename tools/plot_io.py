#!/usr/bin/python3
"""Plot the I/O benchmark's CSV (bench/run_io_benchmark.sh): snapshot write bandwidth against the
number of I/O processes, one line per mode, one panel per problem size and fsync setting, with
the plain POSIX write of the same bytes as a dashed ceiling (cf. Fig. 1 of the VAMPIRE report).

    /usr/bin/python3 tools/plot_io.py build/bench/io_bandwidth.csv [-o picture.png]
"""
import argparse
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv")
    parser.add_argument("-o", "--output", help="PNG to write (default: <csv>.png)")
    parser.add_argument("--metric", default="write_MBps", choices=["write_MBps", "snapshot_MBps"])
    args = parser.parse_args()
    rows = list(csv.DictReader(open(args.csv)))
    if not rows:
        sys.exit(f"{args.csv}: no rows")
    columns = sorted({(int(r["atoms"]), int(r["sync"])) for r in rows})
    rank_counts = sorted({int(r["ranks"]) for r in rows})
    fig, axes = plt.subplots(len(rank_counts), len(columns), figsize=(4.5 * len(columns), 3.4 * len(rank_counts)),
                             squeeze=False)
    for i, ranks in enumerate(rank_counts):
        for j, (atoms, sync) in enumerate(columns):
            ax = axes[i, j]
            lines = defaultdict(dict)
            ceiling = []
            for r in rows:
                if int(r["atoms"]) != atoms or int(r["sync"]) != sync or int(r["ranks"]) != ranks:
                    continue
                lines[r["mode"]][int(r["io_processes"])] = float(r[args.metric])
                ceiling.append(float(r["posix_MBps"]))
            for mode, points in sorted(lines.items()):
                xs = sorted(points)
                ax.plot(xs, [points[x] for x in xs], "o-", label=mode)
            if ceiling:
                ceiling.sort()
                ax.axhline(ceiling[len(ceiling) // 2], color="k", ls="--", label="plain POSIX write")
            mb = atoms * 24 / 1e6
            ax.set_title(f"{ranks} rank(s), {atoms:,} atoms ({mb:.0f} MB){', fsync' if sync else ''}",
                         fontsize="small")
            ax.set_xlabel("I/O processes")
            ax.set_ylabel(f"{args.metric.replace('_MBps', '')} MB/s")
            ax.set_xscale("log", base=2)
            ax.set_ylim(bottom=0)
            ax.grid(alpha=0.3)
            if i == 0 and j == 0:
                ax.legend(fontsize="x-small")
    fig.tight_layout()
    out = args.output or args.csv.rsplit(".", 1)[0] + ".png"
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
