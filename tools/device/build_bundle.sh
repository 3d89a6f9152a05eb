#!/usr/bin/env bash
# Builds what the GPU check (tools/device/gpu_check.sh) runs on a lent GPU machine, which has the
# CUDA toolkit but no MPI, HDF5 or FFTW: the GPU build (-DMINIASD_CUDA=ON, in build-device/) of
# miniasd, the GPU tests and the throughput benchmark, with every shared library they load and
# Open MPI's launcher (mpirun, orted, its plugins and help files, relocated with OPAL_PREFIX),
# under device-bundle/, packed as device-bundle.tar.xz (both ignored by git; carry the packed
# file: `carry: ["device-bundle.tar.xz"]`). docs/gpu.md.
#
#   tools/device/build_bundle.sh            # about 6 minutes on 2 cores; prints the bundle's size
#
# The host code is built for x86-64-v3 (AVX2), not -march=native: the GPU's host is another CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
    echo "build_bundle: nvcc not found: install the CUDA toolkit to build the GPU bundle" >&2
    exit 1
fi
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
if [ ! -f build-device/CMakeCache.txt ]; then
    cmake -S . -B build-device "${generator[@]}" -DMINIASD_CUDA=ON -DMINIASD_NATIVE=OFF \
        -DCMAKE_CXX_FLAGS=-march=x86-64-v3 -DCMAKE_CUDA_COMPILER="$nvcc" > /dev/null
fi
cmake --build build-device -j "$(nproc)" --target miniasd test_gpu_identity llg_throughput \
    miniasd-gpu-probe

b=device-bundle
rm -rf "$b"
mkdir -p "$b/bin" "$b/lib" "$b/usr/bin" "$b/usr/share"
cp build-device/miniasd build-device/tests/test_gpu_identity build-device/bench/llg_throughput \
    build-device/miniasd-gpu-probe "$b/bin/"
strip "$b"/bin/*
# Open MPI 4 as Debian lays it out under /usr; OPAL_PREFIX=<bundle>/usr finds it all there.
ompi_lib=/usr/lib/x86_64-linux-gnu/openmpi
mkdir -p "$b/usr/lib/x86_64-linux-gnu"
cp -a "$ompi_lib" "$b/usr/lib/x86_64-linux-gnu/"
cp -a /usr/share/openmpi "$b/usr/share/"
# Transports for networks a single GPU node lacks (InfiniBand, OFI, UCX, PSM) and OpenSHMEM's
# components: left out, with the libraries only they load (the bundle must stay under 64 MiB).
# Open MPI loads the components it finds; the check selects shared memory (btl self,vader).
find "$b/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3" \( -name '*ucx*' -o -name '*ofi*' -o \
    -name '*openib*' -o -name '*psm*' -o -name 'mca_spml_*' -o -name 'mca_sshmem_*' -o \
    -name 'mca_scoll_*' -o -name 'mca_atomic_*' -o -name 'mca_memheap_*' \) -delete
cp "$(readlink -f /usr/bin/orterun)" "$b/usr/bin/mpirun"
cp "$(readlink -f /usr/bin/orted)" "$b/usr/bin/orted"
# Every shared library the programs, the launcher and Open MPI's plugins load, but the C
# library's own (the GPU machine's glibc is as new or newer) and the CUDA driver's.
{
    for f in "$b"/bin/* "$b"/usr/bin/* "$b"/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/*.so; do
        ldd "$f" 2> /dev/null | awk '/=> \//{print $3}'
    done
} | sort -u | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | ld-linux* | \
            libcuda.so.* | libnvidia*) ;;
        *) cp -L "$lib" "$b/lib/" ;;
    esac
done
# What travels: one compressed file (the working tree and what is carried must stay under 64 MiB).
tar -cf - "$b" | xz -T0 -6 > "$b.tar.xz"
echo "build_bundle: $b/ is $(du -sh "$b" | cut -f1), $b.tar.xz $(du -sh "$b.tar.xz" | cut -f1):"
echo "  carry device-bundle.tar.xz and run tools/device/gpu_check.sh (it unpacks it)"
