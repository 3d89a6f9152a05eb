#!/usr/bin/env bash
# Sets up (tools/setup.sh), then runs the default example, input/bcc-fe, on 2 MPI ranks.
# Results go to runs/bcc-fe/ (--overwrite: a second run there replaces the first one's snapshots).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
out=runs/bcc-fe
mkdir -p "$out"
OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} tools/mpirun.sh -n 2 build/miniasd input/bcc-fe/input -o "$out" --overwrite
echo
echo "Results: $out/output (statistics table: one row per sim:time-steps-increment steps)"
echo "Spin snapshots: $out/spins-*.meta (read them as docs/output.md shows)"
echo "Plot the statistics with: /usr/bin/python3 tools/plot_timeseries.py $out/output"
echo "Look at the snapshots: build/tools/miniasd-convert $out --to vtu   (then open $out/spins.pvd in ParaView;"
echo "  --to povray --render for pictures; docs/visualisation.md has more)"
