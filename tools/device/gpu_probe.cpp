// miniasd-gpu-probe: what the GPU backend sees on this node (docs/gpu.md): the device each rank
// of a node would take, its memory and its measured device-to-device copy bandwidth, or why there
// is none. Built with -DMINIASD_CUDA=ON only; linking it alone checks that the backend's library
// links against the CUDA runtime (tools/build_cuda_kernels.sh, in CI).
//
//   build-cuda/tools/device/miniasd-gpu-probe [node-rank]
#include <cstdio>
#include <cstdlib>

#include "gpu/device_system.hpp"
#include "util/error.hpp"

int main(int argc, char** argv) {
    const int rank = argc > 1 ? std::atoi(argv[1]) : 0;
    try {
        const miniasd::gpu::DeviceInfo d = miniasd::gpu::use_device(rank);
        std::printf("node rank %d takes device %d of %d: %s, %.1f GiB, copy bandwidth %.0f GB/s\n",
                    rank, d.index, d.count, d.name.c_str(), d.memory / double(1 << 30),
                    d.copy_bandwidth * 1e-9);
    } catch (const miniasd::LocalError& e) {
        std::printf("no GPU: %s\n", e.what());
        return 1;
    }
    return 0;
}
