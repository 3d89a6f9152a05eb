#include "hamiltonian/exchange.hpp"

#include <algorithm>
#include <cstdlib>

#include <cmath>

namespace miniasd {

Exchange::Exchange(const LocalSystem& sys, std::vector<double> j_matrix,
                   std::vector<double> moments, int width)
    : sys_(sys),
      width_(width),
      materials_(static_cast<int>(moments.size())),
      j_(std::move(j_matrix)),
      j_over_mu_(j_.size()),
      use_runs_(materials_ == 1 && (width == 6 || width == 8 || width == 12) &&
                !std::getenv("MINIASD_NO_STENCIL_RUNS")),
      runs_(use_runs_ ? find_stencil_runs(sys, width) : StencilRuns{}) {
    for (int a = 0; a < materials_; ++a)
        for (int b = 0; b < materials_; ++b)
            j_over_mu_[a * materials_ + b] = j_[a * materials_ + b] / moments[a];
}

namespace {

// Each atom sums its neighbours in the fixed table order, so its field does not depend on how
// atoms are split among ranks, threads or chunks. The table width is a template parameter for the
// lattices we build (sc 6, bcc 8, fcc 12) so the neighbour loop is fully unrolled. The loop over
// atoms is deliberately left scalar in the one-material case: vectorising it turns every
// neighbour read into a gather, which measured 20% slower here (0.55 s against 0.45 s of field
// time for 128 000 atoms x 200 steps).
// h[at] += c * (sum over k < w of the spin of neighbour(k)), in k order: the one sum every
// one-material path uses, so all give the same bits.
template <typename Neighbour>
inline void add_neighbour_sum(const SpinView& s, int w, Neighbour neighbour, double c, FieldView h,
                              std::int64_t at) {
    double hx = 0, hy = 0, hz = 0;
    for (int k = 0; k < w; ++k) {
        const std::int64_t j = neighbour(k);
        hx += s.x[j];
        hy += s.y[j];
        hz += s.z[j];
    }
    h.x[at] += c * hx;
    h.y[at] += c * hy;
    h.z[at] += c * hz;
}

template <int Width>
void uniform_exchange(const SpinView& s, const std::int32_t* nbr, std::int64_t n, int width,
                      std::int64_t begin, std::int64_t end, double c, FieldView h) {
    const int w = Width > 0 ? Width : width;
    for (std::int64_t i = begin; i < end; ++i)
        add_neighbour_sum(
            s, w, [&](int k) { return nbr[k * n + i]; }, c, h, i - begin);
}

template <int Width>
void material_exchange(const SpinView& s, const std::int32_t* nbr, const std::int32_t* mat,
                       const double* table, int materials, std::int64_t n, int width,
                       std::int64_t begin, std::int64_t end, FieldView h) {
    const int w = Width > 0 ? Width : width;
    for (std::int64_t i = begin; i < end; ++i) {
        const int row = mat[i] * materials;
        double hx = 0, hy = 0, hz = 0;
        for (int k = 0; k < w; ++k) {
            const std::int32_t j = nbr[k * n + i];
            const double c = table[row + mat[j]];
            hx += c * s.x[j];
            hy += c * s.y[j];
            hz += c * s.z[j];
        }
        h.x[i - begin] += hx;
        h.y[i - begin] += hy;
        h.z[i - begin] += hz;
    }
}

// Atoms [a, z) of a stencil run that starts at rb: neighbour k of atom i is i + d[phase * W + k],
// phase = (i - rb) % P. h is indexed from a. The neighbours are summed in the table's order, so
// the result is bitwise that of uniform_exchange.
template <int W, int P>
void run_exchange(const SpinView& s, const std::int32_t* d, std::int64_t rb, std::int64_t a,
                  std::int64_t z, double c, FieldView h) {
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
            add_neighbour_sum(
                s, W, [&](int k) { return i + o[k]; }, c, h, i - a);
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

// uniform_exchange over [begin, end): stretches inside stencil runs by run_exchange, the atoms
// between runs from the odd-atom rows.
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
                add_neighbour_sum(
                    s, W, [&](int k) { return row[k]; }, c, h, i - begin);
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

}  // namespace

void Exchange::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                         FieldView h) const {
    const std::int64_t n = sys_.n_owned;
    const int w = width_;
    const std::int32_t* nbr = sys_.nbr.data();
    if (materials_ == 1) {
        // One material: a single coupling, no per-neighbour material lookups.
        const double c = j_over_mu_[0];
        if (use_runs_) {
            if (w == 6 && try_runs<6>(s, runs_, begin, end, c, h)) return;
            if (w == 8 && try_runs<8>(s, runs_, begin, end, c, h)) return;
            if (w == 12 && try_runs<12>(s, runs_, begin, end, c, h)) return;
        }
        switch (w) {
            case 6:
                return uniform_exchange<6>(s, nbr, n, w, begin, end, c, h);
            case 8:
                return uniform_exchange<8>(s, nbr, n, w, begin, end, c, h);
            case 12:
                return uniform_exchange<12>(s, nbr, n, w, begin, end, c, h);
            default:
                return uniform_exchange<0>(s, nbr, n, w, begin, end, c, h);
        }
    }
    const std::int32_t* mat = sys_.material.data();
    const double* t = j_over_mu_.data();
    const int nm = materials_;
    switch (w) {
        case 6:
            return material_exchange<6>(s, nbr, mat, t, nm, n, w, begin, end, h);
        case 8:
            return material_exchange<8>(s, nbr, mat, t, nm, n, w, begin, end, h);
        case 12:
            return material_exchange<12>(s, nbr, mat, t, nm, n, w, begin, end, h);
        default:
            return material_exchange<0>(s, nbr, mat, t, nm, n, w, begin, end, h);
    }
}

void Exchange::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                             double* e) const {
    for (std::int64_t i = begin; i < end; ++i) {
        double h[3];
        neighbour_sum(s, i, h);
        e[i - begin] = -0.5 * (s.x[i] * h[0] + s.y[i] * h[1] + s.z[i] * h[2]);
    }
}

// sum_j J_ij S_j (J) over the neighbours of owned atom i.
void Exchange::neighbour_sum(const SpinView& s, std::int64_t i, double* h) const {
    const double* row = &j_[sys_.material[i] * materials_];
    double hx = 0, hy = 0, hz = 0;
    for (int k = 0; k < width_; ++k) {
        const std::int32_t j = neighbour(i, k);
        const double c = row[sys_.material[j]];
        hx += c * s.x[j];
        hy += c * s.y[j];
        hz += c * s.z[j];
    }
    h[0] = hx;
    h[1] = hy;
    h[2] = hz;
}

double Exchange::site_energy(const SpinView& s, std::int64_t i, const double* si) const {
    double h[3];
    neighbour_sum(s, i, h);
    return -(si[0] * h[0] + si[1] * h[1] + si[2] * h[2]);
}

double Exchange::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                    const double* to) const {
    double h[3];
    neighbour_sum(s, i, h);
    return -((to[0] - from[0]) * h[0] + (to[1] - from[1]) * h[1] + (to[2] - from[2]) * h[2]);
}

}  // namespace miniasd
