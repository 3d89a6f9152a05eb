#!/usr/bin/env bash
# What snapshots cost the time loop: the standard problem (bcc, nearest-neighbour exchange,
# uniaxial anisotropy, LLG-Heun, 300 K) with a snapshot every RATE steps, run side by side in
# rounds of: no snapshots, synchronous snapshots, asynchronous snapshots, and the two again on a
# slow file system (MINIASD_TEST_SLOW_WRITE delays every snapshot by SLOW seconds). Each run's
# loop time comes from its own report (ns per atom-step of wall time, set-up excluded); the
# overhead of a configuration is its loop time over the no-output run of the same round, and the
# script prints the median over the rounds. Writes DIR.csv (build/bench/async-output.csv).
#   bench/run_async_output_benchmark.sh [--cells N] [--steps N] [--rate N] [--ranks N]
#                                        [--threads N] [--rounds N] [--slow S] [--dir DIR]
#                                        [--configs none,sync,async,sync-slow,async-slow]
# Defaults: 80^3 cells (1 024 000 atoms), 400 steps, a snapshot every 100 (5 snapshots of
# 24.6 MB), 1 rank x 1 thread, 5 rounds, 1 s slow writes, output in build/bench/async-output.
set -euo pipefail
cd "$(dirname "$0")/.."
cells=80 steps=400 rate=100 ranks=1 threads=1 rounds=5 slow=1 dir=build/bench/async-output
configs=(none sync async sync-slow async-slow)
while [ $# -gt 0 ]; do
  case "$1" in
    --cells) cells=$2 ;;
    --steps) steps=$2 ;;
    --rate) rate=$2 ;;
    --ranks) ranks=$2 ;;
    --threads) threads=$2 ;;
    --rounds) rounds=$2 ;;
    --slow) slow=$2 ;;
    --dir) dir=$2 ;;
    --configs) IFS=, read -r -a configs <<< "$2" ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
bin=$PWD/build/miniasd
[ -x "$bin" ] || { echo "build first: tools/setup.sh" >&2; exit 1; }
mkdir -p "$dir" build/bench
dir=$(cd "$dir" && pwd)
csv=$dir.csv
size=$(awk -v c="$cells" 'BEGIN { printf "%.4f", c * 0.287 }')  # nm: 2.87 A cells

base="create:crystal-structure = bcc
create:periodic-boundaries-x
create:periodic-boundaries-y
create:periodic-boundaries-z
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = $size !nm
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:damping-constant = 0.1
material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25
material[1]:initial-spin-direction = random
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:total-time-steps = $steps
sim:time-steps-increment = $rate
output:time-steps
output:magnetisation
"
snap="config:atoms
config:output-mode = file-per-node
"
declare -A extra=(
  [none]=""
  [sync]="${snap}config:output-asynchronous = false"
  [async]="${snap}config:output-asynchronous = true"
  [sync-slow]="${snap}config:output-asynchronous = false"
  [async-slow]="${snap}config:output-asynchronous = true"
)

# Runs one configuration; prints its ns per atom-step (loop time of the slowest rank).
run_one() {
  local name=$1 run=$dir/$1
  rm -rf "$run" && mkdir -p "$run"
  printf '%s%s\n' "$base" "${extra[$name]}" > "$run/input"
  local env=(OMP_NUM_THREADS="$threads" OMP_PROC_BIND=close OMP_PLACES=cores)
  [[ $name == *-slow ]] && env+=(MINIASD_TEST_SLOW_WRITE="$slow")
  local out
  out=$(cd "$run" && env "${env[@]}" "$OLDPWD/tools/mpirun.sh" -n "$ranks" "$bin" input -q)
  echo "$out" | sed -n 's/^Throughput: \([0-9.]*\) ns per atom-step.*/\1/p'
  [ "$name" = none ] || echo "$out" | grep -E "^ +(asynchronous|synchronous)" >&2
  rm -rf "$run"
}

echo "round,ranks,threads,atoms,steps,rate,$(IFS=,; echo "${configs[*]}")" > "$csv"
echo "# load before: $(uptime)" >&2
for r in $(seq 1 "$rounds"); do
  row="$r,$ranks,$threads,$((2 * cells * cells * cells)),$steps,$rate"
  for c in "${configs[@]}"; do
    row+=",$(run_one "$c")"
  done
  echo "$row" >> "$csv"
  echo "$row" >&2
done
echo "# load after: $(uptime)" >&2
/usr/bin/python3 - "$csv" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
names = [n for n in ["none", "sync", "async", "sync-slow", "async-slow"] if n in rows[0]]
r0 = rows[0]
print(f"{r0['atoms']} atoms, {r0['ranks']} rank(s) x {r0['threads']} thread(s), "
      f"{r0['steps']} steps, a snapshot every {r0['rate']} steps; {len(rows)} rounds")
print(f"{'output':12} {'ns/atom-step':>12} {'overhead vs none (median of rounds)':>36}")
for n in names:
    ns = statistics.median(float(r[n]) for r in rows)
    if "none" not in r0:
        print(f"{n:12} {ns:12.2f}")
        continue
    ratio = statistics.median(float(r[n]) / float(r["none"]) for r in rows)
    print(f"{n:12} {ns:12.2f} {100 * (ratio - 1):+35.1f}%")
EOF
