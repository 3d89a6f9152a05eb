# Sourced by the tests that need tools from the Python package index (interop, python_package):
#   index_venv PYTHON REQUIREMENTS NAME DIRECTORY WHAT
# sets `venv` to a virtual environment holding REQUIREMENTS, made once and kept between runs
# (DIRECTORY if given, else one per set of requirements and Python under
# ${XDG_CACHE_HOME:-~/.cache}/miniasd/NAME-<key>). Exits 77 (ctest: skipped), saying WHAT could
# not be installed, only when it must be made and the package index cannot be reached.
index_venv() {
  local python="$1" requirements="$2" name="$3" directory="$4" what="$5" key index
  key="$( (cat "$requirements"; "$python" --version) | sha256sum | cut -c1-16)"
  venv="${directory:-${XDG_CACHE_HOME:-$HOME/.cache}/miniasd/$name-$key}"
  [[ -f "$venv/.installed" ]] && return 0
  index="${PIP_INDEX_URL:-https://pypi.org/simple/}"
  if ! "$python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20)" \
      "$index" 2>/dev/null; then
    echo "SKIPPED: the package index ($index) cannot be reached to install $what"
    echo "($requirements)"
    exit 77
  fi
  echo "$name: installing $what into $venv (once; a few minutes)"
  rm -rf "$venv"
  if ! "$python" -m venv "$venv"; then
    echo "$name: $python -m venv failed: apt-get install python3-venv (tools/setup.sh installs it)"
    exit 1
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  touch "$venv/.installed"
}
