#!/usr/bin/env bash
# Installs what miniASD needs from Debian's packages (only what is missing) and builds a Release
# build in build/. Safe to run again: it does nothing that is already done.
#   tools/setup.sh               # from the top of the repository
#   tools/setup.sh --sanitizers  # also clang and its runtimes (tools/run_sanitizers.sh, fuzzing)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build git pkg-config clang-format clang-tidy ccache
  openmpi-bin libopenmpi-dev libhdf5-openmpi-dev hdf5-tools
  libeigen3-dev librandom123-dev libcli11-dev libfftw3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-numpy python3-matplotlib python3-h5py
  python3-vtk9 povray fonts-dejavu-core
  # the interop test's virtual environment, and the libraries OVITO's and VTK's wheels load
  python3-venv libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3
  libxrender1
)
[ "${1:-}" = "--sanitizers" ] && packages+=(clang libclang-rt-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release
fi
cmake --build build -j "$(nproc)"
