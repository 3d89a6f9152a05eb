// The CUDA side of the LLG-Heun step (gpu/device_system.hpp): one thread per owned atom, each
// computing its atom with gpu/atom_stages.hpp's functions, the shared per-atom kernels exactly as a
// CPU lane runs them. Built with -fmad=false (no fused multiply-add; division and square root are
// IEEE on both sides), so the bits are the CPU's.
//
// The thermal field is drawn again in the corrector instead of being stored by the predictor:
// the draw is a pure function of (seed, id, step), so the bits are the same, and a step moves 48 B
// per atom less through memory, which bounds a GPU step; the CPU keeps it, being bound by the
// draw's arithmetic instead (docs/gpu.md).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

#include "gpu/atom_stages.hpp"
#include "gpu/device_system.hpp"
#include "util/error.hpp"

namespace miniasd::gpu {

namespace {

constexpr int block = 256;

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess)
        throw LocalError(std::string("GPU: ") + what + " failed: " + cudaGetErrorString(e));
}

unsigned blocks_for(std::int64_t n) {
    return unsigned((n + block - 1) / block);
}

__device__ std::int64_t atom_index() {
    return std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

}  // namespace

// The kernels have external linkage, so their PTX entries are visible (tests/tools'
// check_cuda_kernels.py reads them).
__global__ void predict_kernel(StepArgs a, SpinView s, double* px, double* py, double* pz) {
    const std::int64_t i = atom_index();
    if (i < a.n_owned) predict_atom(a, i, s, px, py, pz);
}

__global__ void correct_kernel(StepArgs a, SpinView p, double* sx, double* sy, double* sz) {
    const std::int64_t i = atom_index();
    if (i < a.n_owned) correct_atom(a, i, p, sx, sy, sz);
}

__global__ void trial_kernel(StepArgs a, TrialMove move, double width, double beta,
                             const std::int32_t* atoms, std::int64_t n, double* sx, double* sy,
                             double* sz, int* taken) {
    const std::int64_t k = atom_index();
    if (k < n) taken[k] = trial_atom(a, move, width, beta, atoms[k], sx, sy, sz);
}

// Each block's sum of n integers (a tree in shared memory: no atomics, a fixed order).
__global__ void block_sums(const int* v, std::int64_t n, long long* out) {
    __shared__ long long part[256];
    long long mine = 0;
    for (std::int64_t k = atom_index(); k < n; k += std::int64_t(gridDim.x) * blockDim.x)
        mine += v[k];
    part[threadIdx.x] = mine;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) part[threadIdx.x] += part[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}

__global__ void gather_kernel(const std::int32_t* atoms, std::int64_t n, SpinView s, double* out) {
    const std::int64_t k = atom_index();
    if (k < n) gather_atom(atoms, n, k, s, out);
}

namespace {

template <typename T>
T* device_alloc(std::size_t count, double& bytes) {
    void* p = nullptr;
    const std::size_t b = std::max<std::size_t>(1, count) * sizeof(T);
    check(cudaMalloc(&p, b), "cudaMalloc");
    check(cudaMemset(p, 0, b), "cudaMemset");
    bytes += double(b);
    return static_cast<T*>(p);
}

}  // namespace

bool built_with_cuda() {
    return true;
}

DeviceInfo use_device(int node_rank) {
    DeviceInfo d;
    const cudaError_t e = cudaGetDeviceCount(&d.count);
    if (e != cudaSuccess || d.count == 0)
        throw LocalError(std::string("sim:device = gpu: no usable CUDA device on this node (") +
                         (e != cudaSuccess ? cudaGetErrorString(e) : "none found") +
                         "); use sim:device = cpu");
    d.index = node_rank % d.count;
    check(cudaSetDevice(d.index), "cudaSetDevice");
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, d.index), "cudaGetDeviceProperties");
    d.name = p.name;
    d.memory = double(p.totalGlobalMem);
    // The copy bandwidth the traffic model is measured against: 256 MiB copied 20 times.
    const std::size_t bytes = std::size_t(256) << 20;
    double held = 0;
    char* a = device_alloc<char>(bytes, held);
    char* b = device_alloc<char>(bytes, held);
    cudaEvent_t t0, t1;
    check(cudaEventCreate(&t0), "cudaEventCreate");
    check(cudaEventCreate(&t1), "cudaEventCreate");
    check(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");  // warm-up
    check(cudaEventRecord(t0), "cudaEventRecord");
    const int reps = 20;
    for (int r = 0; r < reps; ++r)
        check(cudaMemcpyAsync(r % 2 ? a : b, r % 2 ? b : a, bytes, cudaMemcpyDeviceToDevice),
              "cudaMemcpyAsync");
    check(cudaEventRecord(t1), "cudaEventRecord");
    check(cudaEventSynchronize(t1), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, t0, t1), "cudaEventElapsedTime");
    d.copy_bandwidth = 2.0 * double(bytes) * reps / (double(ms) * 1e-3);  // read + write
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    cudaFree(a);
    cudaFree(b);
    return d;
}

struct DeviceSystem::State {
    std::int64_t n_owned = 0, n_storage = 0, n_send = 0;
    double bytes = 0;
    double *sx, *sy, *sz, *px, *py, *pz;  // [n_storage]
    double* packed;                       // [3 n_send]
    std::int32_t *material, *send;
    std::int64_t* gid;
    double *gamma, *alpha, *sigma;  // per material
    ZigguratTables* ziggurat;
    kernels::TermView* terms = nullptr;
    const double* held = nullptr;          // in a mirror
    std::int32_t* colour_atoms = nullptr;  // every colour's atoms in turn
    std::vector<std::int64_t> colour_start;
    int* taken = nullptr;             // [largest colour]
    long long* taken_sums = nullptr;  // [sum_blocks]
    int term_count = 0, materials = 0;
    std::uint64_t seed = 0;
    double dt = 0;
    bool noise = false;
    std::map<std::pair<const void*, std::size_t>, void*> mirrors;
    cudaEvent_t begin, end;
    double kernel_seconds = 0;
    std::int64_t steps = 0;

    StepArgs args(std::uint64_t step) const {
        return {terms,    term_count, material, gid, gamma, alpha,   sigma,
                ziggurat, seed,       step,     dt,  noise, n_owned, held};
    }
};

DeviceSystem::DeviceSystem(const DeviceSetup& h) : s_(std::make_unique<State>()) {
    State& s = *s_;
    s.n_owned = h.n_owned;
    s.n_storage = h.n_storage;
    s.n_send = std::int64_t(h.send.size());
    s.materials = int(h.gamma.size());
    s.seed = h.seed;
    s.dt = h.dt;
    const auto n = std::size_t(h.n_storage);
    for (double** a : {&s.sx, &s.sy, &s.sz, &s.px, &s.py, &s.pz})
        *a = device_alloc<double>(n, s.bytes);
    s.packed = device_alloc<double>(3 * std::size_t(s.n_send), s.bytes);
    s.material = device_alloc<std::int32_t>(n, s.bytes);
    s.send = device_alloc<std::int32_t>(h.send.size(), s.bytes);
    s.gid = device_alloc<std::int64_t>(std::size_t(h.n_owned), s.bytes);
    s.gamma = device_alloc<double>(h.gamma.size(), s.bytes);
    s.alpha = device_alloc<double>(h.alpha.size(), s.bytes);
    s.sigma = device_alloc<double>(h.gamma.size(), s.bytes);
    s.ziggurat = device_alloc<ZigguratTables>(1, s.bytes);
    check(cudaMemcpy(s.material, h.material, n * sizeof(std::int32_t), cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaMemcpy(s.send, h.send.data(), h.send.size() * sizeof(std::int32_t),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaMemcpy(s.gid, h.gid, std::size_t(h.n_owned) * sizeof(std::int64_t),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaMemcpy(s.gamma, h.gamma.data(), h.gamma.size() * sizeof(double),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaMemcpy(s.alpha, h.alpha.data(), h.alpha.size() * sizeof(double),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaMemcpy(s.ziggurat, h.ziggurat, sizeof(ZigguratTables), cudaMemcpyHostToDevice),
          "cudaMemcpy");
    check(cudaEventCreate(&s.begin), "cudaEventCreate");
    check(cudaEventCreate(&s.end), "cudaEventCreate");
}

DeviceSystem::~DeviceSystem() {
    if (!s_) return;
    State& s = *s_;
    for (void* p : {(void*)s.sx, (void*)s.sy, (void*)s.sz, (void*)s.px, (void*)s.py, (void*)s.pz,
                    (void*)s.packed, (void*)s.material, (void*)s.send, (void*)s.gid, (void*)s.gamma,
                    (void*)s.alpha, (void*)s.sigma, (void*)s.ziggurat, (void*)s.terms,
                    (void*)s.colour_atoms, (void*)s.taken, (void*)s.taken_sums})
        cudaFree(p);
    for (auto& m : s.mirrors)
        cudaFree(m.second);
    cudaEventDestroy(s.begin);
    cudaEventDestroy(s.end);
}

const void* DeviceSystem::mirror_bytes(const void* host, std::size_t bytes) {
    if (!host) return nullptr;
    auto [at, fresh] = s_->mirrors.try_emplace({host, bytes}, nullptr);
    if (fresh) {
        at->second = device_alloc<char>(bytes, s_->bytes);
        check(cudaMemcpy(at->second, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    }
    return at->second;
}

void DeviceSystem::refresh_bytes(const void* host, std::size_t bytes) {
    void* copy = const_cast<void*>(mirror_bytes(host, bytes));
    if (copy && bytes > 0)
        check(cudaMemcpy(copy, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy (a held field)");
}

void DeviceSystem::set_held(const double* host) {
    s_->held = host ? mirror(host, 3 * s_->n_owned) : nullptr;
}

void DeviceSystem::set_terms(const std::vector<kernels::TermView>& terms) {
    State& s = *s_;
    cudaFree(s.terms);
    s.terms = device_alloc<kernels::TermView>(terms.size(), s.bytes);
    check(cudaMemcpy(s.terms, terms.data(), terms.size() * sizeof(kernels::TermView),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
    s.term_count = int(terms.size());
}

void DeviceSystem::set_sigma(const std::vector<double>& sigma) {
    State& s = *s_;
    s.noise = false;
    for (const double v : sigma)
        s.noise = s.noise || v > 0;
    check(cudaMemcpy(s.sigma, sigma.data(), sigma.size() * sizeof(double), cudaMemcpyHostToDevice),
          "cudaMemcpy");
}

void DeviceSystem::upload(const double* x, const double* y, const double* z, std::int64_t begin,
                          std::int64_t count, bool predicted) {
    State& s = *s_;
    double* to[3] = {predicted ? s.px : s.sx, predicted ? s.py : s.sy, predicted ? s.pz : s.sz};
    const double* from[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        check(cudaMemcpy(to[c] + begin, from[c], std::size_t(count) * sizeof(double),
                         cudaMemcpyHostToDevice),
              "cudaMemcpy (spins to the device)");
}

void DeviceSystem::download(double* x, double* y, double* z, std::int64_t begin,
                            std::int64_t count) {
    State& s = *s_;
    const double* from[3] = {s.sx, s.sy, s.sz};
    double* to[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        check(cudaMemcpy(to[c], from[c] + begin, std::size_t(count) * sizeof(double),
                         cudaMemcpyDeviceToHost),
              "cudaMemcpy (spins to the host)");
}

void DeviceSystem::gather_send(double* x, double* y, double* z, bool predicted) {
    State& s = *s_;
    if (s.n_send == 0) return;
    const SpinView v = predicted ? SpinView{s.px, s.py, s.pz} : SpinView{s.sx, s.sy, s.sz};
    gather_kernel<<<blocks_for(s.n_send), block>>>(s.send, s.n_send, v, s.packed);
    check(cudaGetLastError(), "the halo's gather kernel");
    double* to[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        check(cudaMemcpy(to[c], s.packed + c * s.n_send, std::size_t(s.n_send) * sizeof(double),
                         cudaMemcpyDeviceToHost),
              "cudaMemcpy (halo faces to the host)");
}

void DeviceSystem::predict(std::uint64_t step) {
    State& s = *s_;
    check(cudaEventRecord(s.begin), "cudaEventRecord");
    if (s.n_owned > 0)
        predict_kernel<<<blocks_for(s.n_owned), block>>>(s.args(step), SpinView{s.sx, s.sy, s.sz},
                                                         s.px, s.py, s.pz);
    check(cudaGetLastError(), "the predictor kernel");
}

void DeviceSystem::correct(std::uint64_t step) {
    State& s = *s_;
    if (s.n_owned > 0)
        correct_kernel<<<blocks_for(s.n_owned), block>>>(s.args(step), SpinView{s.px, s.py, s.pz},
                                                         s.sx, s.sy, s.sz);
    check(cudaGetLastError(), "the corrector kernel");
    check(cudaEventRecord(s.end), "cudaEventRecord");
    check(cudaEventSynchronize(s.end), "the step's kernels");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, s.begin, s.end), "cudaEventElapsedTime");
    s.kernel_seconds += double(ms) * 1e-3;
}

namespace {
constexpr unsigned sum_blocks = 120;  // blocks of the acceptance count's first pass
}  // namespace

void DeviceSystem::set_colours(const std::vector<std::vector<std::int32_t>>& colours) {
    State& s = *s_;
    std::vector<std::int32_t> all;
    s.colour_start.assign(1, 0);
    std::size_t largest = 0;
    for (const auto& c : colours) {
        all.insert(all.end(), c.begin(), c.end());
        s.colour_start.push_back(std::int64_t(all.size()));
        largest = std::max(largest, c.size());
    }
    s.colour_atoms = device_alloc<std::int32_t>(all.size(), s.bytes);
    s.taken = device_alloc<int>(largest, s.bytes);
    s.taken_sums = device_alloc<long long>(sum_blocks, s.bytes);
    check(cudaMemcpy(s.colour_atoms, all.data(), all.size() * sizeof(std::int32_t),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy");
}

std::int64_t DeviceSystem::trial_colour(int c, TrialMove move, double width, double beta,
                                        std::uint64_t sweep) {
    State& s = *s_;
    const std::int64_t first = s.colour_start[std::size_t(c)];
    const std::int64_t n = s.colour_start[std::size_t(c) + 1] - first;
    if (n == 0) return 0;
    check(cudaEventRecord(s.begin), "cudaEventRecord");
    trial_kernel<<<blocks_for(n), block>>>(s.args(sweep), move, width, beta, s.colour_atoms + first,
                                           n, s.sx, s.sy, s.sz, s.taken);
    check(cudaGetLastError(), "the Monte Carlo trial kernel");
    block_sums<<<sum_blocks, block>>>(s.taken, n, s.taken_sums);
    check(cudaGetLastError(), "the acceptance count");
    long long sums[sum_blocks];
    check(cudaMemcpy(sums, s.taken_sums, sizeof sums, cudaMemcpyDeviceToHost),
          "cudaMemcpy (the acceptance count)");
    check(cudaEventRecord(s.end), "cudaEventRecord");
    check(cudaEventSynchronize(s.end), "the trial kernels");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, s.begin, s.end), "cudaEventElapsedTime");
    s.kernel_seconds += double(ms) * 1e-3;
    std::int64_t taken = 0;
    for (const long long v : sums)
        taken += v;
    return taken;
}

void DeviceSystem::finish_step() {
    ++s_->steps;
}

double DeviceSystem::kernel_seconds() const {
    return s_->kernel_seconds;
}
std::int64_t DeviceSystem::steps() const {
    return s_->steps;
}
double DeviceSystem::device_bytes() const {
    return s_->bytes;
}

}  // namespace miniasd::gpu
