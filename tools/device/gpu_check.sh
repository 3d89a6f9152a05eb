#!/usr/bin/env bash
# The GPU check, one script for one call of a lent GPU machine (docs/gpu.md), run from the
# repository root with the bundle of tools/device/build_bundle.sh carried in device-bundle/.
# Builds nothing (it unpacks device-bundle.tar.xz when device-bundle/ is absent). In about 6
# minutes on an H100 it runs, writing summary.txt and logs.tar.gz under $OUT (./gpu-check-out
# where OUT is unset):
#   1. the GPU tests (test_gpu_identity: CPU and GPU runs bit for bit) on 1 and 2 ranks;
#   2. the example input/bcc-fe on the CPU and on the GPU, comparing the spin hashes;
#   3. llg_throughput on the GPU: bcc Fe, 1 024 000 and 16 730 654 atoms (80 and 203 cells),
#      0 K and 300 K, the 58-neighbour exchange (5 shells) at 300 K, Monte Carlo at 300 K;
#   4. the same 16.7 M atoms on all the host's cores (ranks x 1 thread), LLG and Monte Carlo, and
#      a CPU strong-scaling table on 1 024 000 atoms at 1, 2, 4, 8, 16 ranks.
# Without a GPU (this script rehearsed on a machine without one) the GPU parts say "skipped"
# with the reason, and the CPU parts run on a smaller system; the exit status is then 0 if
# nothing failed.
#
#   tools/device/gpu_check.sh [--quick]    # --quick: small systems only (a rehearsal)
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
B=$root/device-bundle
if [ ! -d "$B" ] && [ -f "$B.tar.xz" ]; then tar -xJf "$B.tar.xz"; fi
[ -d "$B" ] || { echo "gpu_check: no device-bundle/: run tools/device/build_bundle.sh" >&2; exit 1; }
# What comes back from a GPU machine is at most 8 files: summary.txt and logs.tar.gz in $OUT.
final=${OUT:-$root/gpu-check-out}
mkdir -p "$final"
out=$(mktemp -d)
quick=0
[ "${1:-}" = --quick ] && quick=1
# The summary is written where it comes back line by line, so a run stopped by its time limit
# still returns what it had found.
summary=$final/summary.txt
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }
# Stopped by a time limit (timeout's TERM): the logs so far come back too.
trap 'say "# stopped by a time limit"; tar -czf "$final/logs.tar.gz" -C "$out" .; exit 124' TERM
failed=0

export LD_LIBRARY_PATH=$B/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPAL_PREFIX=$B/usr PATH=$B/usr/bin:$PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl=self,vader OMP_WAIT_POLICY=PASSIVE
mpirun=(mpirun --bind-to none)

say "# GPU check $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname), $(nproc) cores; uptime:$(uptime | sed 's/.*load/ load/')"
gpu=0
if nvidia-smi -L > "$out/nvidia-smi.txt" 2>&1 && grep -q GPU "$out/nvidia-smi.txt"; then
    gpu=1
    say "# $(head -1 "$out/nvidia-smi.txt")"
    say "# probe: $("$B/bin/miniasd-gpu-probe" 2>&1)"
else
    say "# no GPU here ($(head -1 "$out/nvidia-smi.txt")): the GPU parts are skipped"
fi
"${mpirun[@]}" -n 1 "$B/bin/miniasd" --version > "$out/version.txt" 2>&1 ||
    { say "FAILED: the bundle's miniasd does not start (version.txt)"; exit 1; }
say "# $(head -1 "$out/version.txt")"

# 1. The GPU tests.
for n in 1 2; do
    log=$out/test_gpu_identity_np$n.log
    OMP_NUM_THREADS=1 timeout 300 "${mpirun[@]}" -n "$n" "$B/bin/test_gpu_identity" > "$log" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        say "FAILED: test_gpu_identity on $n ranks (exit $rc; $(basename "$log"))"
        cp "$log" "$final/"
        failed=1
    elif grep -q '\[  SKIPPED \]' "$log"; then
        say "skipped: test_gpu_identity on $n ranks: $(grep -m1 'no GPU:' "$log" | sed 's/.*no GPU: //')"
    else
        say "passed: test_gpu_identity on $n ranks ($(grep -c '\[       OK \]' "$log") tests)"
    fi
done

# 2. The example on both devices: one spin hash.
work=$(mktemp -d)
cp input/bcc-fe/* "$work/"
sed -i 's/^sim:total-time-steps = .*/sim:total-time-steps = 2000/' "$work/input"
for device in cpu gpu; do
    [ $device = gpu ] && [ $gpu = 0 ] && { say "skipped: the example on the GPU: no GPU"; continue; }
    cp "$work/input" "$work/input-$device"
    echo "sim:device = $device" >> "$work/input-$device"
    mkdir -p "$work/run-$device"
    (cd "$work" && OMP_NUM_THREADS=1 timeout 120 "${mpirun[@]}" -n 1 "$B/bin/miniasd" \
        "input-$device" -o "run-$device" -q) > "$out/example-$device.log" 2>&1 ||
        { say "FAILED: the example on the $device (example-$device.log)"; failed=1; }
    grep -h "Spin state hash\|^GPU:" "$out/example-$device.log" | sed "s/^/# example $device: /" |
        tee -a "$summary"
done
if [ $gpu = 1 ]; then
    a=$(grep -h "Spin state hash" "$out/example-cpu.log" | awk '{print $NF}')
    b=$(grep -h "Spin state hash" "$out/example-gpu.log" | awk '{print $NF}')
    if [ -n "$a" ] && [ "$a" = "$b" ]; then say "passed: the example's hash is $a on both";
    else say "FAILED: the example's hashes differ: cpu $a, gpu $b"; failed=1; fi
fi
rm -rf "$work"

# 3. and 4. Speed: llg_throughput's result lines (ns per atom-step, medians of the repeats).
big=203 small=80 ranks=(1 2 4 8 16)
[ $quick = 1 ] && big=30 small=20 ranks=(1 2)
bench() {  # name, ranks, threads, then llg_throughput's options
    local name=$1 n=$2 t=$3
    shift 3
    OMP_NUM_THREADS=$t timeout 240 "${mpirun[@]}" -n "$n" "$B/bin/llg_throughput" --no-bandwidth \
        "$@" > "$out/bench-$name.log" 2>&1 || { say "FAILED: bench $name"; failed=1; }
    grep -h "^# GPU:\|^result" "$out/bench-$name.log" | sed "s/^/$name: /" | tee -a "$summary"
}
if [ $gpu = 1 ]; then
    bench gpu-small-300K 1 1 --device gpu --cells $small --temperature 300 --repeats 5 --steps 100
    bench gpu-big-0K 1 1 --device gpu --cells $big --temperature 0 --repeats 5 --steps 50
    bench gpu-big-300K 1 1 --device gpu --cells $big --temperature 300 --repeats 5 --steps 50
    bench gpu-big-58nn-300K 1 1 --device gpu --cells $big --shells 5 --temperature 300 \
        --repeats 3 --steps 20
    bench gpu-big-mc-300K 1 1 --device gpu --monte-carlo --cells $big --temperature 300 \
        --repeats 3 --steps 20
else
    say "skipped: the GPU benchmarks: no GPU"
fi
cores=$(nproc)
bench cpu-big-300K-${cores}ranks "$cores" 1 --cells $big --temperature 300 --repeats 3 --steps 5
bench cpu-big-mc-300K-${cores}ranks "$cores" 1 --monte-carlo --cells $big --temperature 300 \
    --repeats 3 --steps 3
for n in "${ranks[@]}"; do
    [ "$n" -le "$cores" ] || [ $quick = 1 ] || continue
    bench cpu-small-300K-${n}ranks "$n" 1 --cells $small --temperature 300 --repeats 3 --steps 10
done
# The figures docs/gpu.md asks for, read off the result lines: GPU against all the host's cores.
ns() { grep -h "^result" "$out/bench-$1.log" 2> /dev/null | sed 's/.*median_ns_per_atom_step=\([0-9.]*\).*/\1/'; }
for pair in "gpu-big-300K cpu-big-300K-${cores}ranks LLG" "gpu-big-mc-300K cpu-big-mc-300K-${cores}ranks Monte-Carlo"; do
    set -- $pair
    g=$(ns "$1") c=$(ns "$2")
    if [ -n "$g" ] && [ -n "$c" ]; then
        say "# $3 at 300 K, ${big} cells: GPU $g ns per atom-step, $cores host cores $c: the GPU is $(awk -v g="$g" -v c="$c" 'BEGIN{printf "%.1f", c / g}')x"
    else
        say "# $3 at 300 K: no GPU figure to compare"
    fi
done
say "# CPU strong scaling, ${small} cells, 300 K (ns per atom-step; x ranks = per core):"
for n in "${ranks[@]}"; do
    v=$(ns "cpu-small-300K-${n}ranks")
    [ -n "$v" ] && say "#   $n ranks: $v ($(awk -v v="$v" -v n="$n" 'BEGIN{printf "%.2f", v * n}') per core)"
done
say "# done: $([ $failed = 0 ] && echo "nothing failed" || echo "SOMETHING FAILED")"
tar -czf "$final/logs.tar.gz" -C "$out" .
rm -rf "$out"
exit $failed
