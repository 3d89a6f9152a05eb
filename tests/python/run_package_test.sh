#!/usr/bin/env bash
# The Python package's test (ctest python_package): its dependencies in a virtual environment
# this script creates and keeps between runs (one per set of requirements and Python, under
# ${XDG_CACHE_HOME:-~/.cache}/miniasd, or MINIASD_PYTHON_VENV); `pip install` of the clone's
# python/ into a fresh environment on every run; then mypy, check_package.py and the notebooks.
# Exit 77 (ctest: skipped) only when the package index cannot be reached to build the
# environment; every other failure fails.
#   run_package_test.sh PYTHON MINIASD CONVERTER MPIEXEC [FLAGS...] -- WORKDIR SOURCE_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="$1" miniasd="$2" converter="$3"
shift 3
mpi=()
while [[ $# -gt 0 && "$1" != "--" ]]; do mpi+=("$1"); shift; done
shift
work="$1" source="$2"
rm -rf "$work"
mkdir -p "$work"

source "$here/../support/index_venv.sh"
index_venv "$python" "$here/requirements.txt" python "${MINIASD_PYTHON_VENV:-}" \
  "the package's dependencies (numpy, h5py, pandas, discretisedfield, nbclient)"
# The package from this clone, as a user installs it: into a fresh virtual environment (made
# anew on every run), as a wheel built from a copy of python/ (so the build's files stay out of
# the clone), not the source tree on sys.path. The dependencies come from the environment above,
# made visible to the fresh one by a .pth file, so no network is needed; `pip check` then proves
# that what the package declares is there.
cp -r "$source/python" "$work/python-src"
fresh="$work/venv"
"$python" -m venv "$fresh"
purelib='import sysconfig; print(sysconfig.get_paths()["purelib"])'
"$venv/bin/python" -c "$purelib" > "$("$fresh/bin/python" -c "$purelib")/miniasd-test-deps.pth"
# Python 3.11's venv brings a setuptools too old to build a wheel; the pinned one is seen instead.
"$fresh/bin/pip" uninstall --quiet --disable-pip-version-check -y setuptools 2>/dev/null || true
"$fresh/bin/pip" install --quiet --disable-pip-version-check --no-build-isolation --no-deps \
  "$work/python-src"
"$fresh/bin/pip" check --disable-pip-version-check >/dev/null || {
  echo "FAIL  pip check: the package's dependencies"; "$fresh/bin/pip" check; exit 1; }
venv="$fresh"
cd "$work"
export MINIASD_EXE="$miniasd" MINIASD_CONVERT="$converter" OMP_NUM_THREADS=1
status=0
if "$venv/bin/python" -m mypy --ignore-missing-imports --no-error-summary \
    "$work/python-src/src/miniasd"; then
  echo "ok    mypy: the package's type annotations hold"
else
  echo "FAIL  mypy: the package's type annotations"; status=1
fi
"$venv/bin/python" "$here/check_package.py" "$miniasd" "$converter" "${mpi[@]}" -- "$work" \
  "$source" || status=1
"$venv/bin/python" "$here/check_notebooks.py" "${mpi[@]}" -- "$work/notebooks" "$source" || status=1
exit $status
