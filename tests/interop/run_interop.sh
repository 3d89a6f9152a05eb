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

key="$( (cat "$here/requirements.txt"; "$python" --version) | sha256sum | cut -c1-16)"
venv="${MINIASD_INTEROP_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/miniasd/interop-$key}"
if [[ ! -f "$venv/.installed" ]]; then
  index="${PIP_INDEX_URL:-https://pypi.org/simple/}"
  if ! "$python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20)" \
      "$index" 2>/dev/null; then
    echo "SKIPPED: the package index ($index) cannot be reached to install the interop tools"
    echo "(TB2J, magnopy, Spirit, OVITO, meshio, pyvista, discretisedfield:"
    echo " tests/interop/requirements.txt)"
    exit 77
  fi
  echo "interop: installing the tools into $venv (once; a few minutes)"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv"; then
    echo "interop: $python -m venv failed: apt-get install python3-venv (tools/setup.sh installs it)"
    exit 1
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  touch "$venv/.installed"
fi
cd "$here"
status=0
"$venv/bin/python" check_inputs.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_outputs.py "$miniasd" "$converter" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_spirit.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
"$venv/bin/python" check_spirit_gneb.py "$miniasd" "${mpi[@]}" -- "$work" || status=1
exit $status
