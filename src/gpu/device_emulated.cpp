// The GPU backend of a build without CUDA (MINIASD_CUDA=OFF, the default). Asking for a device
// says how to build the backend, unless the tests set MINIASD_TEST_EMULATE_GPU=1: then this file
// emulates the device on the host, so that everything of the backend but CUDA itself runs in
// every build. The emulation keeps the device's discipline: each "device" array is a separate
// allocation of exactly the size the views' tables declare (an out-of-bounds read there is one on
// the device too, and the sanitizers see it); every stage calls gpu/atom_stages.hpp's per-atom
// functions, as the CUDA kernels do, one atom at a time. With -DMINIASD_CUDA=ON device_system.cu
// replaces this file.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <utility>

#include "gpu/atom_stages.hpp"
#include "gpu/device_system.hpp"
#include "util/environment.hpp"
#include "util/error.hpp"

namespace miniasd::gpu {

namespace {

bool emulating() {
    return environment(EnvVar::test_emulate_gpu).value_or("") == "1";
}

// One emulated device array: its own heap block of exactly `bytes` bytes.
struct Block {
    std::unique_ptr<char[]> data;
    explicit Block(std::size_t bytes) : data(new char[bytes > 0 ? bytes : 1]()) {}
};

}  // namespace

bool built_with_cuda() {
    return false;
}

DeviceInfo use_device(int) {
    if (!emulating())
        throw LocalError(
            "sim:device = gpu: this miniasd was built without the GPU backend; build it with "
            "cmake -DMINIASD_CUDA=ON (the CUDA toolkit's nvcc; docs/gpu.md), or use sim:device "
            "= cpu");
    DeviceInfo d;
    d.index = 0;
    d.count = 1;
    d.name = "host emulation (MINIASD_TEST_EMULATE_GPU)";
    d.emulated = true;
    return d;
}

struct DeviceSystem::State {
    std::int64_t n_owned = 0, n_storage = 0;
    std::vector<double> sx, sy, sz, px, py, pz, packed;
    std::vector<std::int32_t> material, send;
    std::vector<std::int64_t> gid;
    std::vector<double> gamma, alpha, sigma;
    std::vector<std::vector<std::int32_t>> colours;
    ZigguratTables ziggurat;
    std::vector<kernels::TermView> terms;
    std::uint64_t seed = 0;
    double dt = 0;
    bool noise = false;
    std::map<std::pair<const void*, std::size_t>, Block> mirrors;
    double bytes = 0, seconds = 0;
    std::int64_t steps = 0;
    const double* held = nullptr;  // in a mirror

    StepArgs args(std::uint64_t step) const {
        return {terms.data(),
                int(terms.size()),
                material.data(),
                gid.data(),
                gamma.data(),
                alpha.data(),
                sigma.data(),
                &ziggurat,
                seed,
                step,
                dt,
                noise,
                n_owned,
                held};
    }
};

DeviceSystem::DeviceSystem(const DeviceSetup& h) : s_(std::make_unique<State>()) {
    if (!emulating()) use_device(0);  // says why there is no device
    State& s = *s_;
    s.n_owned = h.n_owned;
    s.n_storage = h.n_storage;
    const auto n = std::size_t(h.n_storage);
    for (auto* a : {&s.sx, &s.sy, &s.sz, &s.px, &s.py, &s.pz})
        a->assign(n, 0.0);
    s.packed.assign(3 * h.send.size(), 0.0);
    s.material.assign(h.material, h.material + n);
    s.send = h.send;
    s.gid.assign(h.gid, h.gid + h.n_owned);
    s.gamma = h.gamma;
    s.alpha = h.alpha;
    s.sigma.assign(h.gamma.size(), 0.0);
    s.ziggurat = *h.ziggurat;
    s.seed = h.seed;
    s.dt = h.dt;
    s.bytes = double(n) * (6 * 8 + 4) + double(h.n_owned) * 8;
}

DeviceSystem::~DeviceSystem() = default;

const void* DeviceSystem::mirror_bytes(const void* host, std::size_t bytes) {
    if (!host) return nullptr;
    auto at = s_->mirrors.find({host, bytes});
    if (at == s_->mirrors.end()) {
        at = s_->mirrors.emplace(std::make_pair(host, bytes), Block(bytes)).first;
        if (bytes > 0) std::memcpy(at->second.data.get(), host, bytes);
        s_->bytes += double(bytes);
    }
    return at->second.data.get();
}

void DeviceSystem::refresh_bytes(const void* host, std::size_t bytes) {
    char* copy = static_cast<char*>(const_cast<void*>(mirror_bytes(host, bytes)));
    if (copy && bytes > 0) std::memcpy(copy, host, bytes);
}

void DeviceSystem::set_held(const double* host) {
    s_->held = host ? mirror(host, 3 * s_->n_owned) : nullptr;
}

void DeviceSystem::set_terms(const std::vector<kernels::TermView>& terms) {
    s_->terms = terms;
}

void DeviceSystem::set_sigma(const std::vector<double>& sigma) {
    s_->sigma = sigma;
    s_->noise = false;
    for (const double v : sigma)
        s_->noise = s_->noise || v > 0;
}

void DeviceSystem::upload(const double* x, const double* y, const double* z, std::int64_t begin,
                          std::int64_t count, bool predicted) {
    State& s = *s_;
    double* to[3] = {predicted ? s.px.data() : s.sx.data(), predicted ? s.py.data() : s.sy.data(),
                     predicted ? s.pz.data() : s.sz.data()};
    const double* from[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        std::memcpy(to[c] + begin, from[c], std::size_t(count) * sizeof(double));
}

void DeviceSystem::download(double* x, double* y, double* z, std::int64_t begin,
                            std::int64_t count) {
    State& s = *s_;
    const double* from[3] = {s.sx.data(), s.sy.data(), s.sz.data()};
    double* to[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        std::memcpy(to[c], from[c] + begin, std::size_t(count) * sizeof(double));
}

void DeviceSystem::gather_send(double* x, double* y, double* z, bool predicted) {
    State& s = *s_;
    const std::int64_t n = std::int64_t(s.send.size());
    const SpinView v = predicted ? SpinView{s.px.data(), s.py.data(), s.pz.data()}
                                 : SpinView{s.sx.data(), s.sy.data(), s.sz.data()};
    for (std::int64_t k = 0; k < n; ++k)
        gather_atom(s.send.data(), n, k, v, s.packed.data());
    std::memcpy(x, s.packed.data(), std::size_t(n) * sizeof(double));
    std::memcpy(y, s.packed.data() + n, std::size_t(n) * sizeof(double));
    std::memcpy(z, s.packed.data() + 2 * n, std::size_t(n) * sizeof(double));
}

void DeviceSystem::predict(std::uint64_t step) {
    State& s = *s_;
    const auto t0 = std::chrono::steady_clock::now();
    const StepArgs a = s.args(step);
    const SpinView v{s.sx.data(), s.sy.data(), s.sz.data()};
    for (std::int64_t i = 0; i < s.n_owned; ++i)
        predict_atom(a, i, v, s.px.data(), s.py.data(), s.pz.data());
    s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void DeviceSystem::correct(std::uint64_t step) {
    State& s = *s_;
    const auto t0 = std::chrono::steady_clock::now();
    const StepArgs a = s.args(step);
    const SpinView p{s.px.data(), s.py.data(), s.pz.data()};
    for (std::int64_t i = 0; i < s.n_owned; ++i)
        correct_atom(a, i, p, s.sx.data(), s.sy.data(), s.sz.data());
    s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void DeviceSystem::set_colours(const std::vector<std::vector<std::int32_t>>& colours) {
    s_->colours = colours;
}

std::int64_t DeviceSystem::trial_colour(int c, TrialMove move, double width, double beta,
                                        std::uint64_t sweep) {
    State& s = *s_;
    const auto t0 = std::chrono::steady_clock::now();
    const StepArgs a = s.args(sweep);
    std::int64_t taken = 0;
    for (const std::int32_t i : s.colours[std::size_t(c)])
        taken += trial_atom(a, move, width, beta, i, s.sx.data(), s.sy.data(), s.sz.data());
    s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return taken;
}

void DeviceSystem::finish_step() {
    ++s_->steps;
}

double DeviceSystem::kernel_seconds() const {
    return s_->seconds;
}
std::int64_t DeviceSystem::steps() const {
    return s_->steps;
}
double DeviceSystem::device_bytes() const {
    return s_->bytes;
}

}  // namespace miniasd::gpu
