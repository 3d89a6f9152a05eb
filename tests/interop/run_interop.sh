#!/usr/bin/env bash
# The interop test (ctest label `interop`): the real tools on either side of a simulation, from
# the Python package index, in a virtual environment this script creates and keeps between runs
# (one per set of requirements and Python, under ${XDG_CACHE_HOME:-~/.cache}/miniasd, or
# MINIASD_INTEROP_VENV). Exit 77 (ctest: skipped) only when the package index cannot be reached
# to build it; every other failure fails.
#   run_interop.sh PYTHON MINIASD CONVERTER MPIEXEC [FLAGS...] -- WORKDIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="$1" miniasd="$2" converter="$3"
shift 3
mpi=()
while [[ $# -gt 0 && "$1" != "--" ]]; do mpi+=("$1"); shift; done
shift
work="$1"
mkdir -p "$work"

source "$here/../support/index_venv.sh"
index_venv "$python" "$here/requirements.txt" interop "${MINIASD_INTEROP_VENV:-}" \
  "the interop tools (TB2J, magnopy, Spirit, OVITO, meshio, pyvista, discretisedfield)"
cd "$here"
status=0
"$venv/bin/python" check_inputs.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_outputs.py "$miniasd" "$converter" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_spirit.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_spirit_gneb.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
exit $status
