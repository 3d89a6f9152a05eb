#!/usr/bin/env bash
# Rehearses the GPU check here, as the bare GPU machine will run it: tools/device/gpu_check.sh
# --quick inside a private mount namespace in which this machine's own copies of what the bundle
# carries (Open MPI, HDF5, FFTW, every library in device-bundle/lib) are hidden, so a library or
# plugin the bundle lacks fails here and not on the GPU machine. Needs root (unshare -m) and the
# packed bundle (tools/device/build_bundle.sh), which it unpacks afresh. Writes summary.txt and
# logs.tar.gz under ./gpu-check-out (or $OUT).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f device-bundle.tar.xz ] ||
    { echo "rehearse: no device-bundle.tar.xz: run tools/device/build_bundle.sh" >&2; exit 1; }
rm -rf device-bundle  # unpacked afresh from what travels, as on the GPU machine
hide=$(mktemp)
{
    for lib in $(tar -tJf device-bundle.tar.xz | grep '^device-bundle/lib/.'); do
        name=$(basename "$lib")
        for dir in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib /lib; do
            [ -e "$dir/$name" ] && echo "file $dir/$name"
        done
    done
    echo "dir /usr/lib/x86_64-linux-gnu/openmpi"
    echo "dir /usr/share/openmpi"
    for f in /usr/bin/mpirun /usr/bin/mpiexec /usr/bin/orterun /usr/bin/orted /etc/alternatives/mpirun; do
        [ -e "$f" ] && echo "file $f"
    done
} > "$hide"
empty=$(mktemp -d)
unshare -m bash -c '
    set -e
    while read -r kind path; do
        if [ "$kind" = dir ]; then mount --bind "$1" "$path"; else mount --bind /dev/null "$path"; fi
    done < "$2"
    if command -v mpirun > /dev/null && mpirun --version > /dev/null 2>&1; then
        echo "rehearse: this machine'"'"'s mpirun is still usable: the hiding failed" >&2; exit 1
    fi
    tools/device/gpu_check.sh --quick
' rehearse "$empty" "$hide"
status=$?
rm -rf "$hide" "$empty"
exit $status
