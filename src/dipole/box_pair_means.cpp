#include "dipole/box_pair_means.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd::dipole {

namespace {

// The largest table of displacement tensors kept (bytes): beyond it (a unit cell of dozens of
// sites) every pair is summed. The choice depends on the input alone, so every rank makes it.
constexpr double max_table_bytes = 64e6;

// Adds (3 d d^T / r^2 - I) / r^3 of displacement (dx, dy, dz) to t[6], nothing for d = 0: the
// pair sum's expression, so lane and scalar give the same bits.
inline void add_tensor(double dx, double dy, double dz, double* t) {
    const double r2 = dx * dx + dy * dy + dz * dz;
    const double on = r2 > 0 ? 1.0 : 0.0;
    const double inv = on / std::sqrt(r2 + (1.0 - on));
    const double inv2 = inv * inv, inv3 = inv2 * inv, inv5 = 3.0 * inv3 * inv2;
    t[0] += dx * dx * inv5 - inv3;
    t[1] += dx * dy * inv5;
    t[2] += dx * dz * inv5;
    t[3] += dy * dy * inv5 - inv3;
    t[4] += dy * dz * inv5;
    t[5] += dz * dz * inv5 - inv3;
}

}  // namespace

BoxPairMeans::BoxPairMeans(const Lattice& l, const MaterialMap& materials,
                           const std::vector<double>& moments, const MacroCells& c,
                           const std::vector<char>& needed, double near_range)
    : n_(c.n), sites_(l.sites()), count_(c.atoms) {
    const std::size_t boxes = std::size_t(c.count());
    // The cells of each site in each box index along each axis: an interval, since the index
    // does not decrease with the cell.
    for (int a = 0; a < 3; ++a) {
        const auto ua = std::size_t(a);
        spans_[ua].assign(std::size_t(sites_) * std::size_t(n_[ua]), Span{});
        for (int s = 0; s < sites_; ++s)
            for (std::int64_t cell = 0; cell < l.cells[ua]; ++cell) {
                const double x = (double(cell) + l.basis[std::size_t(s)][ua]) * l.cell_size[ua];
                Span& sp = spans_[ua][std::size_t(s) * std::size_t(n_[ua]) +
                                      std::size_t(c.index_along(a, x))];
                if (sp.hi == sp.lo) sp.lo = cell;
                sp.hi = cell + 1;
            }
    }
    // A box is whole when it holds a magnetic atom on every site of its spans.
    whole_.assign(boxes, 0);
    for (std::size_t b = 0; b < boxes; ++b) {
        const auto k = box_indices(std::int64_t(b));
        std::int64_t sites_in_spans = 0;
        for (int s = 0; s < sites_; ++s) {
            std::int64_t product = 1;
            for (int a = 0; a < 3; ++a) {
                const Span& sp = span(a, s, k[std::size_t(a)]);
                product *= sp.hi - sp.lo;
            }
            sites_in_spans += product;
        }
        whole_[b] = c.atoms[b] > 0 && c.atoms[b] == sites_in_spans;
    }
    // The needed boxes' atoms, for the pair sums.
    atoms_.resize(boxes);
    for_each_magnetic_atom(l, materials, moments, c, [&](std::int64_t b, const Vec3& r, double) {
        if (!needed[std::size_t(b)]) return;
        BoxAtoms& box = atoms_[std::size_t(b)];
        box.x.push_back(r[0]);
        box.y.push_back(r[1]);
        box.z.push_back(r[2]);
    });
    // The reach of the table: boxes whose centres (inside the boxes) are near_range apart are
    // at most floor(near_range / size) + 1 box indices apart along each axis, and their cells
    // as far apart as the spans of such boxes allow.
    std::int64_t entries = std::int64_t(sites_) * sites_;
    for (int a = 0; a < 3; ++a) {
        const auto ua = std::size_t(a);
        const std::int64_t apart =
            std::min(n_[ua] - 1, std::int64_t(std::floor(near_range / c.size[ua])) + 1);
        std::int64_t reach = 0;
        for (int s = 0; s < sites_; ++s)
            for (int t = 0; t < sites_; ++t)
                for (std::int64_t i = 0; i < n_[ua]; ++i)
                    for (std::int64_t j = std::max<std::int64_t>(0, i - apart);
                         j <= std::min(n_[ua] - 1, i + apart); ++j) {
                        const Span &p = span(a, s, i), &q = span(a, t, j);
                        if (p.hi == p.lo || q.hi == q.lo) continue;
                        reach = std::max({reach, (q.hi - 1) - p.lo, p.hi - 1 - q.lo});
                    }
        reach_[ua] = reach;
        extent_[ua] = 2 * reach + 1;
        entries *= extent_[ua];
    }
    if (double(entries) * 6 * sizeof(double) > max_table_bytes) return;  // pair sums only
    table_.assign(std::size_t(entries) * 6, 0.0);
    std::size_t k = 0;
    for (int s = 0; s < sites_; ++s)
        for (int t = 0; t < sites_; ++t) {
            const Vec3 &fs = l.basis[std::size_t(s)], &ft = l.basis[std::size_t(t)];
            for (std::int64_t dz = -reach_[2]; dz <= reach_[2]; ++dz)
                for (std::int64_t dy = -reach_[1]; dy <= reach_[1]; ++dy)
                    for (std::int64_t dx = -reach_[0]; dx <= reach_[0]; ++dx, k += 6)
                        add_tensor((double(dx) + ft[0] - fs[0]) * l.cell_size[0],
                                   (double(dy) + ft[1] - fs[1]) * l.cell_size[1],
                                   (double(dz) + ft[2] - fs[2]) * l.cell_size[2], &table_[k]);
        }
}

std::array<std::int64_t, 3> BoxPairMeans::box_indices(std::int64_t b) const {
    return {b % n_[0], (b / n_[0]) % n_[1], b / (n_[0] * n_[1])};
}

void BoxPairMeans::mean(std::int64_t a, std::int64_t b, double* out) const {
    std::fill(out, out + 6, 0.0);
    if (!(whole(a) && whole(b) && !table_.empty() && factorised(a, b, out))) {
        std::fill(out, out + 6, 0.0);
        pair_sum(a, b, out);
    }
    const double pairs = double(count_[std::size_t(a)]) * double(count_[std::size_t(b)]);
    for (int k = 0; k < 6; ++k)
        out[k] /= pairs;
}

// The sum over every pair (p in a, q in b) as an OpenMP simd reduction: its order is fixed by
// the binary and the two boxes alone.
void BoxPairMeans::pair_sum(std::int64_t a, std::int64_t b, double* out) const {
    const BoxAtoms &pa = atoms_[std::size_t(a)], &qb = atoms_[std::size_t(b)];
    double xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
    const std::size_t nb = qb.x.size();
    const double *bx = qb.x.data(), *by = qb.y.data(), *bz = qb.z.data();
    for (std::size_t p = 0; p < pa.x.size(); ++p) {
        const double px = pa.x[p], py = pa.y[p], pz = pa.z[p];
#pragma omp simd reduction(+ : xx, xy, xz, yy, yz, zz)
        for (std::size_t q = 0; q < nb; ++q) {
            double t[6] = {0, 0, 0, 0, 0, 0};
            add_tensor(bx[q] - px, by[q] - py, bz[q] - pz, t);
            xx += t[0];
            xy += t[1];
            xz += t[2];
            yy += t[3];
            yz += t[4];
            zz += t[5];
        }
    }
    const double sums[6] = {xx, xy, xz, yy, yz, zz};
    std::copy(sums, sums + 6, out);
}

// sum_{s,t} sum_d C_z(dz) C_y(dy) C_x(dx) T(d, s, t): C_axis(d) counts the cell pairs (p in a's
// span, q in b's span) with q - p = d. False when a displacement lies beyond the table.
bool BoxPairMeans::factorised(std::int64_t a, std::int64_t b, double* out) const {
    const auto ka = box_indices(a), kb = box_indices(b);
    double acc[6] = {0, 0, 0, 0, 0, 0};
    for (int s = 0; s < sites_; ++s)
        for (int t = 0; t < sites_; ++t) {
            std::int64_t lo[3], hi[3];
            bool empty = false;
            for (int ax = 0; ax < 3; ++ax) {
                const Span &p = span(ax, s, ka[std::size_t(ax)]),
                           &q = span(ax, t, kb[std::size_t(ax)]);
                empty = empty || p.hi == p.lo || q.hi == q.lo;
                lo[ax] = q.lo - (p.hi - 1);
                hi[ax] = (q.hi - 1) - p.lo;
                if (lo[ax] < -reach_[std::size_t(ax)] || hi[ax] > reach_[std::size_t(ax)])
                    return false;
            }
            if (empty) continue;
            auto weight = [&](int ax, std::int64_t d) {
                const Span &p = span(ax, s, ka[std::size_t(ax)]),
                           &q = span(ax, t, kb[std::size_t(ax)]);
                return double(std::min(p.hi, q.hi - d) - std::max(p.lo, q.lo - d));
            };
            const std::size_t pair = std::size_t(s * sites_ + t);
            for (std::int64_t dz = lo[2]; dz <= hi[2]; ++dz) {
                const double wz = weight(2, dz);
                for (std::int64_t dy = lo[1]; dy <= hi[1]; ++dy) {
                    const double wyz = wz * weight(1, dy);
                    const double* row =
                        &table_[(((pair * std::size_t(extent_[2]) + std::size_t(dz + reach_[2])) *
                                      std::size_t(extent_[1]) +
                                  std::size_t(dy + reach_[1])) *
                                     std::size_t(extent_[0]) +
                                 std::size_t(lo[0] + reach_[0])) *
                                6];
                    for (std::int64_t dx = lo[0]; dx <= hi[0]; ++dx, row += 6) {
                        const double w = wyz * weight(0, dx);
                        for (int k = 0; k < 6; ++k)
                            acc[k] += w * row[k];
                    }
                }
            }
        }
    std::copy(acc, acc + 6, out);
    return true;
}

}  // namespace miniasd::dipole
