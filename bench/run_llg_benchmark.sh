#!/usr/bin/env bash
# The LLG throughput matrix of the standard problem: 40^3 and 80^3 bcc cells (128 000 and
# 1 024 000 atoms), 1 and 2 ranks, T = 0 and 300 K, one thread per rank; each point is the median
# of REPEATS timed repeats. Writes build/bench/llg_throughput.csv and prints it as a table.
#   bench/run_llg_benchmark.sh [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
bin=build/bench/llg_throughput
[ -x "$bin" ] || { echo "build first: tools/setup.sh" >&2; exit 1; }
csv=build/bench/llg_throughput.csv
echo "atoms,temperature_K,ranks,threads,median_ns_per_atom_step,min,max" > "$csv"
export OMP_NUM_THREADS=1
first=1
for cells in 40 80; do
  for ranks in 1 2; do
    for t in 0 300; do
      flags=(--no-bandwidth)
      [ $first = 1 ] && flags=() && first=0
      out=$(tools/mpirun.sh -n "$ranks" "$bin" --cells "$cells" --temperature "$t" --repeats "$repeats" "${flags[@]}")
      echo "$out" | grep '^# memory' || true
      echo "$out" | sed -n 's/^result atoms=\([0-9]*\) T=\([0-9.]*\) ranks=\([0-9]*\) threads=\([0-9]*\) neighbours=[0-9]* median_ns_per_atom_step=\([0-9.]*\) min=\([0-9.]*\) max=\([0-9.]*\)/\1,\2,\3,\4,\5,\6,\7/p' >> "$csv"
    done
  done
done
column -s, -t "$csv"
echo "(ns per atom-step of wall time; times the rank count gives core-time per atom-step)"
