#!/bin/bash
# A real full disk during the snapshots, at 3 ranks, in every write mode, synchronous and
# asynchronous: every rank ends within seconds with status 1 and one message naming the file
# and the full disk, the snapshots before stay complete (they read back), the failed one has no
# metadata, and Open MPI leaves no lock files. The disk is a 1 MiB tmpfs filled by this script
# once the fourth snapshot is complete. Needs root (to mount); skipped (77) otherwise.
# Usage: full_disk.sh MINIASD CONVERTER MPIEXEC "MPIEXEC_FLAGS" WORKDIR
set -u
miniasd=$1 converter=$2 mpiexec=$3 flags=$4 work=$5
mnt=$work/disk
umount "$mnt" 2>/dev/null  # left mounted by a test that was killed
rm -rf "$work"
mkdir -p "$mnt"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=1m tmpfs "$mnt" 2>/dev/null; then
    echo "SKIP: mounting a small tmpfs needs root"
    exit 77
fi
trap 'umount "$mnt" 2>/dev/null' EXIT
cat > "$work/input" <<'IN'
create:crystal-structure = bcc
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = 2.87 !nm
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
sim:temperature = 300
sim:time-step = 0.1 !fs
sim:total-time-steps = 1500
sim:time-steps-increment = 100
config:atoms
IN
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
for mode in mpi-io hdf5 sorted file-per-node file-per-process serial auto; do
    for async in true false; do
        what="$mode (asynchronous $async)"
        rm -rf "${mnt:?}"/* "$mnt"/.[!.]* 2>/dev/null
        { cat "$work/input"; echo "config:output-mode = $mode"
          echo "config:output-asynchronous = $async"; } > "$mnt/../run-input"
        # Fill the disk once snapshot 3 is complete (the slow-write hook leaves time for it).
        ( for _ in $(seq 400); do
              [ -e "$mnt/spins-00000003.meta" ] && break
              sleep 0.05
          done
          dd if=/dev/zero of="$mnt/filler" bs=4k 2>/dev/null ) &
        filler=$!
        start=$(date +%s)
        timeout 60 env MINIASD_TEST_SLOW_WRITE=0.3 "$mpiexec" -n 3 $flags "$miniasd" -q \
            "$mnt/../run-input" -o "$mnt" > "$work/out" 2>&1
        rc=$?
        wait $filler
        took=$(( $(date +%s) - start ))
        if [ $rc -eq 124 ]; then fail "$what: hung (killed after 60 s)"; continue; fi
        [ $rc -eq 1 ] || fail "$what: status $rc, not 1"
        [ $took -le 40 ] || fail "$what: took $took s"
        n=$(grep -c "miniasd: error" "$work/out")
        [ "$n" -eq 1 ] || fail "$what: $n error messages"
        grep -q "miniasd: error.*spins-0000000" "$work/out" || fail "$what: the file is not named"
        grep -qi "miniasd: error.*no space left" "$work/out" || fail "$what: the cause is not named"
        ls "$mnt" | grep -q "\.lock$" && fail "$what: lock files left: $(ls "$mnt")"
        # Every snapshot with metadata reads back; the newest data file has none.
        metas=$(ls "$mnt" | grep -c "^spins-.*\.meta$")
        [ "$metas" -ge 4 ] || fail "$what: only $metas snapshots completed before the disk filled"
        rm -f "$mnt/filler"
        "$converter" "$mnt" --to csv -o "$work/csv" > /dev/null 2>&1 ||
            fail "$what: the completed snapshots do not read back"
        rm -rf "$work/csv"
        echo "$what: status $rc after $took s, $metas complete snapshots: $(grep "miniasd: error" "$work/out")"
        [ $failures -eq 0 ] || { cat "$work/out"; exit 1; }
    done
done
# config:output-mode = auto on a disk with room for the run's snapshots but not for many test
# writes: the test uses at most half the room beyond them, one write at a time (it used to keep
# all of its up to 17 writes until its end, and candidates failed on the full disk); with too
# little room it is skipped, saying why, and the run goes on in the default mode.
# 4 snapshots of 48 kB: with 500 KiB taken, 17 test writes kept (the old way) would not fit;
# with 700 KiB taken the test is skipped (what it leaves must hold the snapshots with their
# metadata and the file system's block rounding, which the room estimate leaves out).
for spec in "500 5 4" "700 5 4"; do
    read -r filler_kb rate snapshots <<< "$spec"
    what="auto with ${filler_kb} KiB taken"
    rm -rf "${mnt:?}"/* "$mnt"/.[!.]* 2>/dev/null
    [ "$filler_kb" -gt 0 ] && dd if=/dev/zero of="$mnt/filler" bs=1k count="$filler_kb" 2>/dev/null
    { cat "$work/input"; echo "config:output-mode = auto"
      echo "config:atoms-output-rate = $rate"; } > "$mnt/../run-input"
    timeout 60 "$mpiexec" -n 3 $flags "$miniasd" -q "$mnt/../run-input" -o "$mnt" > "$work/out" 2>&1
    rc=$?
    [ $rc -eq 0 ] || fail "$what: status $rc"
    grep -q "failed:" "$work/out" && fail "$what: a test write failed on the full disk"
    metas=$(ls "$mnt" | grep -c "^spins-.*\.meta$")
    [ "$metas" -eq "$snapshots" ] || fail "$what: $metas of $snapshots snapshots"
    if [ "$filler_kb" -eq 500 ]; then
        grep -q "<- chosen" "$work/out" || fail "$what: no mode was tested and chosen"
    else
        grep -q "skipped: .* MB free beyond the .* MB the run's snapshots need" "$work/out" ||
            fail "$what: the skipped test does not say why"
    fi
    echo "$what: status $rc, $metas snapshots: $(grep -E "chosen|skipped" "$work/out" | head -1)"
    [ $failures -eq 0 ] || { cat "$work/out"; exit 1; }
done

# The statistics table on a disk that fills mid-run: the run stops at the first row that
# cannot be written, on every rank, naming the file, and the file holds whole rows only.
rm -rf "${mnt:?}"/* 2>/dev/null
{ grep -v "config:atoms" "$work/input" | sed "s/sim:time-steps-increment = 100/sim:time-steps-increment = 1/"
  echo "output:magnetisation"; echo "output:total-energy"; } > "$mnt/../run-input"
( for _ in $(seq 400); do
      [ "$(stat -c %s "$mnt/output" 2>/dev/null || echo 0)" -gt 3000 ] && break
      sleep 0.05
  done
  dd if=/dev/zero of="$mnt/filler" bs=1 2>/dev/null ) &
filler=$!
timeout 60 env MINIASD_TEST_SLOW_RANK=0:0.005 "$mpiexec" -n 3 $flags "$miniasd" -q \
    "$mnt/../run-input" -o "$mnt" > "$work/out" 2>&1
rc=$?
wait $filler
what="statistics table"
[ $rc -eq 1 ] || fail "$what: status $rc, not 1"
grep -q "miniasd: error: writing the statistics file '$mnt/output' failed: No space left" \
    "$work/out" || fail "$what: no message naming the file and the full disk"
[ "$(tail -c 1 "$mnt/output" | od -An -c | tr -d ' ')" = '\n' ] || fail "$what: a row was cut"
rows=$(grep -vc "^#" "$mnt/output")
[ "$rows" -lt 1500 ] || fail "$what: the run went on to the end ($rows rows)"
awk '!/^#/ { if (n == 0) n = NF; if (NF != n) bad = 1 } END { exit bad }' "$mnt/output" || fail "$what: a partial row"
echo "$what: status $rc after $rows whole rows: $(grep "miniasd: error" "$work/out")"
[ $failures -eq 0 ] || { cat "$work/out"; exit 1; }
exit 0
