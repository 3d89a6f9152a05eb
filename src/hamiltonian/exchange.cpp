#include "hamiltonian/exchange.hpp"
#include "util/environment.hpp"

#include <algorithm>
#include <cstdlib>

#include <cmath>

namespace miniasd {

Exchange::Exchange(const LocalSystem& sys, std::vector<double> j_matrix,
                   std::vector<double> moments, int width)
    : width_(width),
      materials_(static_cast<int>(moments.size())),
      j_(std::move(j_matrix)),
      j_over_mu_(j_.size()),
      use_runs_(materials_ == 1 && (width == 6 || width == 8 || width == 12) &&
                !environment_set(EnvVar::no_stencil_runs)),
      runs_(use_runs_ ? find_stencil_runs(sys, width) : StencilRuns{}) {
    for (int a = 0; a < materials_; ++a)
        for (int b = 0; b < materials_; ++b)
            j_over_mu_[a * materials_ + b] = j_[a * materials_ + b] / moments[a];
    view_ = {width,
             use_runs_ ? nullptr : sys.nbr.data(),
             sys.n_owned,
             use_runs_ ? runs_.row_of.data() : nullptr,
             use_runs_ ? runs_.delta.data() : nullptr,
             use_runs_ ? runs_.odd_nbr.data() : nullptr,
             sys.material.data(),
             materials_,
             j_.data(),
             j_over_mu_.data()};
}

namespace {

// Each atom sums its neighbours in the fixed table order (kernels::exchange_field), so its field
// does not depend on how atoms are split among ranks, threads or chunks. The table width is a
// template parameter for the lattices we build (sc 6, bcc 8, fcc 12) so the neighbour loop is
// fully unrolled. The loop over atoms is deliberately left scalar: vectorising it turns every
// neighbour read into a gather, which measured 20% slower here (0.55 s against 0.45 s of field
// time for 128 000 atoms x 200 steps).
template <int Width>
void table_exchange(const SpinView& s, const kernels::ExchangeView& v, const std::int32_t* nbr,
                    std::int64_t begin, std::int64_t end, FieldView h) {
    const std::int64_t n = v.n_owned;
    for (std::int64_t i = begin; i < end; ++i)
        kernels::exchange_field<Width>(
            i, v, s, [&](int k) { return nbr[k * n + i]; }, h.x[i - begin], h.y[i - begin],
            h.z[i - begin]);
}

// Atoms [a, z) of a stencil run that starts at rb: neighbour k of atom i is i + d[phase * W + k],
// phase = (i - rb) % P. h is indexed from a. One material: c times the sum of the neighbours'
// spins in the table's order, the kernel's sum (kernels::exchange_field), vectorised over the
// run's atoms, so the result is bitwise the kernel's. Not inlined: the loop needs a base pointer
// per neighbour and component (24 for bcc), more than the general registers, and inlined into its
// caller it spilled more of them (callgrind: 4% more instructions per atom-step).
template <int W, int P>
__attribute__((noinline)) void run_exchange(const SpinView& s, const std::int32_t* d,
                                            std::int64_t rb, std::int64_t a, std::int64_t z,
                                            double c, FieldView h) {
    if constexpr (P == 1) {
        std::int32_t o[W];
        for (int k = 0; k < W; ++k)
            o[k] = d[k];
        const double* __restrict sx = s.x;
        const double* __restrict sy = s.y;
        const double* __restrict sz = s.z;
        double* __restrict hxo = h.x;
        double* __restrict hyo = h.y;
        double* __restrict hzo = h.z;
#pragma omp simd
        for (std::int64_t i = a; i < z; ++i) {
            double hx = 0, hy = 0, hz = 0;
            for (int k = 0; k < W; ++k) {
                hx += sx[i + o[k]];
                hy += sy[i + o[k]];
                hz += sz[i + o[k]];
            }
            hxo[i - a] += c * hx;
            hyo[i - a] += c * hy;
            hzo[i - a] += c * hz;
        }
    } else {
        // Whole cells site by site, so each site's loop over cells has constant offsets (strided
        // loads the compiler vectorises); the partial cells at either end one atom at a time.
        int phase = static_cast<int>((a - rb) % P);
        auto one = [&](std::int64_t i, int ph) {
            const std::int32_t* o = d + ph * W;
            kernels::uniform_exchange_field<W>(
                W, s, [&](int k) { return i + o[k]; }, c, h.x[i - a], h.y[i - a], h.z[i - a]);
        };
        std::int64_t i = a;
        for (; i < z && phase != 0; ++i, phase = phase + 1 == P ? 0 : phase + 1)
            one(i, phase);
        const std::int64_t cells = (z - i) / P;
        const double* __restrict sx = s.x;
        const double* __restrict sy = s.y;
        const double* __restrict sz = s.z;
        double* __restrict hxo = h.x + (i - a);
        double* __restrict hyo = h.y + (i - a);
        double* __restrict hzo = h.z + (i - a);
        for (int ph = 0; ph < P; ++ph) {
            std::int32_t o[W];
            for (int k = 0; k < W; ++k)
                o[k] = d[ph * W + k] + ph;
#pragma omp simd
            for (std::int64_t m = 0; m < cells; ++m) {
                const std::int64_t at = i + P * m;
                double hx = 0, hy = 0, hz = 0;
                for (int k = 0; k < W; ++k) {
                    hx += sx[at + o[k]];
                    hy += sy[at + o[k]];
                    hz += sz[at + o[k]];
                }
                hxo[P * m + ph] += c * hx;
                hyo[P * m + ph] += c * hy;
                hzo[P * m + ph] += c * hz;
            }
        }
        for (i += P * cells; i < z; ++i, phase = phase + 1 == P ? 0 : phase + 1)
            one(i, phase);
    }
}

// The one-material field over [begin, end): stretches inside stencil runs by run_exchange, the
// atoms between runs from the odd-atom rows.
template <int W, int P>
void uniform_exchange_runs(const SpinView& s, const StencilRuns& runs, std::int64_t begin,
                           std::int64_t end, double c, FieldView h) {
    std::size_t r = runs.first_ending_after(begin);
    std::size_t o = runs.first_odd_from(begin);
    std::int64_t i = begin;
    while (i < end) {
        const FieldView at{h.x + (i - begin), h.y + (i - begin), h.z + (i - begin)};
        const std::int64_t next_run = r < runs.size() ? runs.begin[r] : end;
        if (i < next_run) {  // atoms before the next run: their rows of the odd-atom table
            const std::int64_t z = std::min(end, next_run);
            for (; i < z; ++i, ++o) {
                const std::int32_t* row = runs.odd_nbr.data() + o * W;
                kernels::uniform_exchange_field<W>(
                    W, s, [&](int k) { return row[k]; }, c, h.x[i - begin], h.y[i - begin],
                    h.z[i - begin]);
            }
            continue;
        }
        const std::int64_t z = std::min(end, runs.end[r]);
        run_exchange<W, P>(s, runs.delta.data() + r * P * W, runs.begin[r], i, z, c, at);
        i = z;
        ++r;
    }
}

template <int W>
bool try_runs(const SpinView& s, const StencilRuns& runs, std::int64_t begin, std::int64_t end,
              double c, FieldView h) {
    switch (runs.period) {
        case 0:  // no runs: every atom from its odd-atom row
        case 1:
            uniform_exchange_runs<W, 1>(s, runs, begin, end, c, h);
            return true;
        case 2:
            uniform_exchange_runs<W, 2>(s, runs, begin, end, c, h);
            return true;
        case 4:
            uniform_exchange_runs<W, 4>(s, runs, begin, end, c, h);
            return true;
        case 8:
            uniform_exchange_runs<W, 8>(s, runs, begin, end, c, h);
            return true;
        default:
            return false;
    }
}

// kernels::energy_change_at for one material and width W: J times each neighbour's spin summed in
// the table's order (exchange_sum's products and order: the same bits), neighbours at
// base + d[k].
template <int W>
double uniform_energy_change(const SpinView& s, std::int64_t base, const std::int32_t* d, double j,
                             const double* from, const double* to) {
    double hx = 0, hy = 0, hz = 0;
    for (int k = 0; k < W; ++k) {
        const std::int64_t n = base + d[k];
        hx += j * s.x[n];
        hy += j * s.y[n];
        hz += j * s.z[n];
    }
    return -((to[0] - from[0]) * hx + (to[1] - from[1]) * hy + (to[2] - from[2]) * hz);
}

}  // namespace

double Exchange::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                    const double* to) const {
    if (!use_runs_) return KernelTerm::site_energy_change(s, i, from, to);
    std::int64_t base = 0;
    const std::int32_t* d = runs_.row(i, base);
    switch (width_) {
        case 6:
            return uniform_energy_change<6>(s, base, d, j_[0], from, to);
        case 8:
            return uniform_energy_change<8>(s, base, d, j_[0], from, to);
        default:
            return uniform_energy_change<12>(s, base, d, j_[0], from, to);
    }
}

void Exchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                         FieldView h) const {
    const int w = width_;
    if (use_runs_) {  // one material: a single coupling, no per-neighbour material lookups
        const double c = j_over_mu_[0];
        if (w == 6 && try_runs<6>(s, runs_, begin, end, c, h)) return;
        if (w == 8 && try_runs<8>(s, runs_, begin, end, c, h)) return;
        if (w == 12 && try_runs<12>(s, runs_, begin, end, c, h)) return;
        return KernelTerm::add_field(s, begin, end, h);  // a period the runs do not cover
    }
    const std::int32_t* nbr = view_.nbr;
    switch (w) {
        case 6:
            return table_exchange<6>(s, view_, nbr, begin, end, h);
        case 8:
            return table_exchange<8>(s, view_, nbr, begin, end, h);
        case 12:
            return table_exchange<12>(s, view_, nbr, begin, end, h);
        default:
            return table_exchange<0>(s, view_, nbr, begin, end, h);
    }
}

}  // namespace miniasd
