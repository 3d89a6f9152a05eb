#!/usr/bin/env bash
# Snapshot bandwidth of every mode and I/O-process count at 1, 2 and 4 ranks, for 1 024 000 atoms
# (24.6 MB per snapshot) and 10 240 000 atoms (246 MB), without and with fsync, each the median
# of SNAPSHOTS snapshots measured side by side with a plain POSIX write of the same bytes.
# Writes build/bench/io_bandwidth.csv and build/bench/io_bandwidth.png.
#   bench/run_io_benchmark.sh [SNAPSHOTS] [SCRATCH_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
snapshots=${1:-10}
scratch=${2:-build/bench/io_scratch}
bin=build/bench/io_bandwidth
[ -x "$bin" ] || { echo "build first: tools/setup.sh" >&2; exit 1; }
csv=build/bench/io_bandwidth.csv
export OMP_NUM_THREADS=1
header=""
: > "$csv"
for cells in 80,80,80 160,160,200; do
  for ranks in 1 2 4; do
    groups=$(printf "1\n2\n%s\n" "$ranks" | sort -nu | awk -v r="$ranks" '$1 <= r' | paste -sd,)
    for sync in "" "--sync"; do
      tools/mpirun.sh -n "$ranks" "$bin" --cells "$cells" --snapshots "$snapshots" \
        --groups "$groups" --dir "$scratch" $sync $header >> "$csv"
      header="--no-header"
    done
  done
done
tools/mpirun.sh -n 1 "$bin" --cells 80,80,80 --snapshots 1 --modes mpi-io --dir "$scratch" \
  --no-header --text-comparison | grep '^#' | tee build/bench/text_comparison.txt
column -s, -t "$csv"
/usr/bin/python3 tools/plot_io.py "$csv" -o build/bench/io_bandwidth.png
