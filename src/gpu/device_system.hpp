// The GPU's side of a rank's system and of the steps run on it (LLG-Heun's two stages, Monte
// Carlo's colours), behind a plain C++ interface: the CUDA code lives in device_system.cu (built
// with -DMINIASD_CUDA=ON, docs/gpu.md) and nothing here names a CUDA type, so the CPU build
// compiles this room's host emulation (device_emulated.cpp: an error unless the tests ask for it)
// instead and every caller is the same. The physics is the shared per-atom kernels (src/kernels/,
// gpu/atom_stages.hpp): each device thread computes one owned atom with the functions a CPU lane
// computes it with, so a step gives the same bits on both.
//
// The device keeps, resident for the run: the spins S and the predicted spins S' of every local
// atom and the null atom, each atom's material and global id, the per-material constants, the
// Gaussian tables, Monte Carlo's colours and a copy of every table the local terms' views point
// into (a held field's copy made again when it changes). The host moves only what a step needs
// across ranks (the halo's faces), a non-local stage's input and output at its update rate, and
// what output needs (spins, on request).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/atom_stages.hpp"
#include "kernels/local_terms.hpp"
#include "util/gaussian.hpp"

namespace miniasd::gpu {

// Whether this build has the CUDA backend (MINIASD_CUDA=ON).
bool built_with_cuda();

struct DeviceInfo {
    int index = -1;             // the CUDA device this rank uses
    int count = 0;              // devices this node's ranks share
    std::string name;           // e.g. "NVIDIA H100 80GB HBM3"
    double memory = 0;          // bytes of global memory
    double copy_bandwidth = 0;  // bytes/s of a device-to-device copy, read plus write, measured
    bool emulated = false;      // the host emulation (MINIASD_TEST_EMULATE_GPU), not a GPU
};

// Picks device node_rank mod count for this rank and measures its copy bandwidth. Throws
// LocalError with the reason when the build has no CUDA or the node has no usable device.
DeviceInfo use_device(int node_rank);

// The constants of one run's step.
struct DeviceSetup {
    std::int64_t n_owned = 0;
    std::int64_t n_storage = 0;              // local atoms (owned, then ghosts) and the null atom
    const std::int32_t* material = nullptr;  // [n_storage]
    const std::int64_t* gid = nullptr;       // [n_owned] global ids: the noise's counter
    std::vector<double> gamma, alpha;        // per material: gamma/(1+alpha^2) (1/(T s)), -
    double dt = 0;                           // s
    std::uint64_t seed = 0;
    const ZigguratTables* ziggurat = nullptr;
    std::vector<std::int32_t> send;  // owned atoms the halo sends, every peer's in turn
};

class DeviceSystem {
  public:
    explicit DeviceSystem(const DeviceSetup& setup);
    ~DeviceSystem();
    DeviceSystem(const DeviceSystem&) = delete;
    DeviceSystem& operator=(const DeviceSystem&) = delete;

    // A device copy of `count` elements of host memory at `host`, made once: the same host array
    // asked again (a view taken again after the applied field changed) gives the same copy.
    template <typename T>
    const T* mirror(const T* host, std::int64_t count) {
        return static_cast<const T*>(mirror_bytes(host, std::size_t(count) * sizeof(T)));
    }
    // The copy of `count` elements at `host` made again (the host's values changed), or made.
    template <typename T>
    void refresh(const T* host, std::int64_t count) {
        refresh_bytes(host, std::size_t(count) * sizeof(T));
    }
    // The active local terms, in the Hamiltonian's order, their views already pointing into
    // device memory (mirror).
    void set_terms(const std::vector<kernels::TermView>& terms);
    // LLG's held field (x of every owned atom, then y, then z; T), added with the thermal field:
    // the device copy of the host array `host` (refresh it when it changes); nullptr for none.
    void set_held(const double* host);
    // sigma (T) per material of the thermal field; all zero: no noise is drawn.
    void set_sigma(const std::vector<double>& sigma);

    // Spins of local atoms [begin, begin + count) from or to host arrays indexed the same way.
    void upload(const double* x, const double* y, const double* z, std::int64_t begin,
                std::int64_t count, bool predicted = false);
    void download(double* x, double* y, double* z, std::int64_t begin, std::int64_t count);
    // The halo's faces: the send atoms' spins (S, or S' when predicted) into host arrays in the
    // order of DeviceSetup::send.
    void gather_send(double* x, double* y, double* z, bool predicted);

    // The step's two stages over every owned atom: S' from S, then S from S' (ghosts of S,
    // respectively S', current). `step` keys the thermal field, drawn in both stages alike.
    void predict(std::uint64_t step);
    void correct(std::uint64_t step);

    // Monte Carlo: the owned atoms of each colour (no two of a colour interact).
    void set_colours(const std::vector<std::vector<std::int32_t>>& colours);
    // One trial of every atom of colour c in sweep `sweep` (ghosts current), the Gaussian move of
    // the given width, beta = 1 / (k_B T) in 1/J (0: downhill only). Returns the moves taken.
    std::int64_t trial_colour(int c, TrialMove move, double width, double beta,
                              std::uint64_t sweep);

    // A step (sweep) is over: its device time is added up.
    void finish_step();
    // Seconds the device spent in the steps' kernels so far (CUDA events), and steps done.
    double kernel_seconds() const;
    std::int64_t steps() const;
    // Bytes of device memory this object holds.
    double device_bytes() const;

  private:
    const void* mirror_bytes(const void* host, std::size_t bytes);
    void refresh_bytes(const void* host, std::size_t bytes);
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace miniasd::gpu
