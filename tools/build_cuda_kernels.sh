#!/usr/bin/env bash
# Compiles the physics' device kernels and the GPU backend through the CMake option
# -DMINIASD_CUDA=ON in build-cuda/ (src/kernels/device_kernels.cu, src/gpu/; docs/gpu.md). Says
# so and does nothing where nvcc is missing: the CPU build never needs it. CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
    echo "build_cuda_kernels: skipped: nvcc not found (the CUDA toolkit is not installed)"
    exit 0
fi
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
if [ ! -f build-cuda/CMakeCache.txt ]; then
    cmake -S . -B build-cuda "${generator[@]}" -DMINIASD_CUDA=ON -DMINIASD_TESTS=OFF \
        -DMINIASD_BENCH=OFF -DCMAKE_CUDA_COMPILER="$nvcc" > /dev/null
fi
# The kernels, and the GPU backend's library linked with the CUDA runtime (miniasd-gpu-probe).
cmake --build build-cuda --target miniasd_cuda_kernels miniasd-gpu-probe
echo "build_cuda_kernels: the device kernels and the GPU backend compiled with $("$nvcc" --version | tail -1)"
