// Every MINIASD_HD function of the physics instantiated in a __global__ kernel, compiled by nvcc:
// the proof that the one source the CPU runs is device-clean (no virtual call, no exception, no
// heap, no host-only library call). Built by the test `cuda_kernels_compile` whenever nvcc is on
// the PATH, and as the object library miniasd_cuda_kernels with -DMINIASD_CUDA=ON. Running these
// kernels on a GPU, bit for bit against the CPU, is the GPU backend's (docs/gpu.md).
//
// One thread per owned atom throughout; each kernel writes its atom's result only, so no atomics.
#include <cstdint>

#include "kernels/llg.hpp"
#include "kernels/local_terms.hpp"
#include "kernels/monte_carlo.hpp"
#include "util/exact_sum.hpp"
#include "util/random.hpp"

namespace miniasd::kernels {

namespace {
__device__ std::int64_t atom_index() {
    return std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}
}  // namespace

// Each term's own kernels, through its own view type.
template <typename View>
__global__ void term_field(View v, SpinView s, std::int64_t n, double* hx, double* hy, double* hz) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    double x = 0, y = 0, z = 0;
    field_at(i, v, s, x, y, z);
    hx[i] = x;
    hy[i] = y;
    hz[i] = z;
}

template <typename View>
__global__ void term_energy(View v, SpinView s, std::int64_t n, double* e) {
    const std::int64_t i = atom_index();
    if (i < n) e[i] = energy_at(i, v, s);
}

template <typename View>
__global__ void term_energy_change(View v, SpinView s, std::int64_t n, const double* to,
                                   double* de) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    const double from[3] = {s.x[i], s.y[i], s.z[i]};
    de[i] = energy_change_at(i, v, s, from, to + 3 * i);
}

#define MINIASD_INSTANTIATE(name, View)                                                            \
    template __global__ void term_field<View>(View, SpinView, std::int64_t, double*, double*,      \
                                              double*);                                            \
    template __global__ void term_energy<View>(View, SpinView, std::int64_t, double*);             \
    template __global__ void term_energy_change<View>(View, SpinView, std::int64_t, const double*, \
                                                      double*);
MINIASD_LOCAL_KERNELS(MINIASD_INSTANTIATE)
#undef MINIASD_INSTANTIATE

// Every active term of a Hamiltonian through the registry's dispatch, in the terms' order: the
// field a device adds up per atom from a device array of TermViews.
__global__ void hamiltonian_field(const TermView* terms, int count, SpinView s, std::int64_t n,
                                  double* hx, double* hy, double* hz) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    double x = 0, y = 0, z = 0;
    for (int t = 0; t < count; ++t)
        field_at(i, terms[t], s, x, y, z);
    hx[i] = x;
    hy[i] = y;
    hz[i] = z;
}

__global__ void hamiltonian_energy_change(const TermView* terms, int count, SpinView s,
                                          std::int64_t n, const double* to, double* de) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    const double from[3] = {s.x[i], s.y[i], s.z[i]};
    double e = 0;
    for (int t = 0; t < count; ++t)
        e += energy_change_at(i, terms[t], s, from, to + 3 * i);
    de[i] = e;
}

// The thermal field and Heun's predictor of one atom: noise keyed by (seed, gid, step), the
// deterministic field h of the stage added to it.
__global__ void heun_predictor(const ZigguratTables* z, std::uint64_t seed, std::uint64_t step,
                               const std::int64_t* gid, const double* sigma, double g, double alpha,
                               double dt, std::int64_t n, const double* sx, const double* sy,
                               const double* sz, const double* hx, const double* hy,
                               const double* hz, double* tx, double* ty, double* tz, double* px,
                               double* py, double* pz) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    standard_normals3_at(*z, seed, RandomStream::thermal_field, step, std::uint64_t(gid[i]),
                         sigma[0], tx[i], ty[i], tz[i]);
    heun_predict(sx[i], sy[i], sz[i], hx[i] + tx[i], hy[i] + ty[i], hz[i] + tz[i], g, alpha, dt,
                 px[i], py[i], pz[i]);
}

__global__ void heun_corrector(double g, double alpha, double dt, std::int64_t n, double* sx,
                               double* sy, double* sz, const double* px, const double* py,
                               const double* pz, const double* hx, const double* hy,
                               const double* hz, const double* tx, const double* ty,
                               const double* tz) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    heun_correct(sx[i], sy[i], sz[i], px[i], py[i], pz[i], hx[i] + tx[i], hy[i] + ty[i],
                 hz[i] + tz[i], g, alpha, 0.5 * dt);
}

// One Metropolis trial of the atoms of one colour (`atoms`), the Gaussian move.
__global__ void metropolis_trials(const ZigguratTables* z, const TermView* terms, int count,
                                  std::uint64_t seed, std::uint64_t sweep, double width,
                                  double beta, const std::int32_t* atoms, std::int64_t n,
                                  const std::int64_t* gid, double* sx, double* sy, double* sz,
                                  int* accepted) {
    const std::int64_t k = atom_index();
    if (k >= n) return;
    const std::int32_t i = atoms[k];
    const auto id = std::uint64_t(gid[i]);
    double gx, gy, gz;
    standard_normals3_at(*z, seed, RandomStream::monte_carlo, sweep, id, 1.0, gx, gy, gz);
    const double old[3] = {sx[i], sy[i], sz[i]};
    double trial[3];
    gaussian_move(old, width, gx, gy, gz, trial);
    const SpinView s{sx, sy, sz};
    double de = 0;
    for (int t = 0; t < count; ++t)
        de += energy_change_at(i, terms[t], s, old, trial);
    accepted[k] = metropolis_accept(de, beta, seed, id, sweep);
    if (accepted[k]) {
        sx[i] = trial[0];
        sy[i] = trial[1];
        sz[i] = trial[2];
    }
}

// The other moves, for their instantiation.
__global__ void other_moves(std::uint64_t seed, std::uint64_t sweep, const std::int64_t* gid,
                            std::int64_t n, const double* old, double* flipped, double* uniform) {
    const std::int64_t i = atom_index();
    if (i >= n) return;
    flip_move(old + 3 * i, flipped + 3 * i);
    uniform_move(seed, std::uint64_t(gid[i]), sweep, uniform + 3 * i);
}

// An exact sum of per-atom values: each thread's digits, merged in a tree in shared memory; the
// block's digits out for the host (or a second pass) to merge. Any grouping gives the same total.
__global__ void exact_block_sums(const double* values, std::int64_t n, ExactDigits* out) {
    extern __shared__ ExactDigits partial[];
    ExactDigits mine = ExactDigits::zero();
    for (std::int64_t i = atom_index(); i < n; i += std::int64_t(gridDim.x) * blockDim.x)
        mine.add(values[i]);
    partial[threadIdx.x] = mine;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x].add(partial[threadIdx.x + half]);
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

}  // namespace miniasd::kernels
