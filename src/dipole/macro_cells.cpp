#include "dipole/macro_cells.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd::dipole {

namespace {
constexpr double angstrom = 1e-10;

// (3 r^ r^T - I) / r^3 (m^-3), components below VAMPIRE's threshold (square < 1e-15 A^-6) zero.
void point_tensor(const Vec3& r, double* t) {
    const double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    const double inv = 1.0 / std::sqrt(r2), inv3 = inv * inv * inv;
    const double u[3] = {r[0] * inv, r[1] * inv, r[2] * inv};
    int k = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = i; j < 3; ++j)
            t[k++] = (3.0 * u[i] * u[j] - (i == j ? 1.0 : 0.0)) * inv3;
}

void drop_small(double* t) {
    const double a3 = angstrom * angstrom * angstrom;  // to A^-3
    for (int k = 0; k < 6; ++k)
        if ((t[k] * a3) * (t[k] * a3) < 1e-15) t[k] = 0;
}

// A box's magnetic atoms' positions (m), as three arrays for the vectorised pair sums.
struct BoxAtoms {
    std::vector<double> x, y, z;
};

// The mean of (3 r^ r^T - I) / r^3 over every pair (p in a, q in b), the pair p = q left out
// (a and b one box: the pairs p = q have r = 0 and add nothing). The inner loop is an OpenMP
// simd reduction: its order is fixed by the binary and the two boxes alone, so the same on
// every rank.
void mean_tensor(const BoxAtoms& a, const BoxAtoms& b, double* out) {
    double xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
    const std::size_t nb = b.x.size();
    const double* bx = b.x.data();
    const double* by = b.y.data();
    const double* bz = b.z.data();
    for (std::size_t p = 0; p < a.x.size(); ++p) {
        const double px = a.x[p], py = a.y[p], pz = a.z[p];
#pragma omp simd reduction(+ : xx, xy, xz, yy, yz, zz)
        for (std::size_t q = 0; q < nb; ++q) {
            const double dx = bx[q] - px, dy = by[q] - py, dz = bz[q] - pz;
            const double r2 = dx * dx + dy * dy + dz * dz;
            const double on = r2 > 0 ? 1.0 : 0.0;  // p = q: nothing
            const double inv = on / std::sqrt(r2 + (1.0 - on));
            const double inv2 = inv * inv, inv3 = inv2 * inv, inv5 = 3.0 * inv3 * inv2;
            xx += dx * dx * inv5 - inv3;
            xy += dx * dy * inv5;
            xz += dx * dz * inv5;
            yy += dy * dy * inv5 - inv3;
            yz += dy * dz * inv5;
            zz += dz * dz * inv5 - inv3;
        }
    }
    const double pairs = double(a.x.size()) * double(nb);
    const double sums[6] = {xx, xy, xz, yy, yz, zz};
    for (int k = 0; k < 6; ++k)
        out[k] = sums[k] / pairs;
}

// Calls f(box, position, moment) for every magnetic atom of the lattice, in global-id order.
template <typename F>
void for_each_magnetic_atom(const Lattice& l, const MaterialMap& materials,
                            const std::vector<double>& moments, const MacroCells& c, F&& f) {
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz)
        for (std::int64_t cy = 0; cy < l.cells[1]; ++cy)
            for (std::int64_t cx = 0; cx < l.cells[0]; ++cx)
                for (int s = 0; s < l.sites(); ++s) {
                    if (!l.present(cx, cy, cz, s)) continue;
                    const double mu = moments[std::size_t(materials.of(l.gid(cx, cy, cz, s)))];
                    if (mu <= 0) continue;
                    const Vec3 r = l.position(cx, cy, cz, s);
                    f(c.box_of(r), r, mu);
                }
}
}  // namespace

std::int64_t MacroCells::box_of(const Vec3& r) const {
    std::int64_t b[3];
    for (int a = 0; a < 3; ++a)
        b[a] = std::min<std::int64_t>(
            n[std::size_t(a)] - 1,
            std::max<std::int64_t>(
                0, std::int64_t(
                       std::floor((r[std::size_t(a)] + 1e-4 * angstrom) / size[std::size_t(a)]))));
    return (b[2] * n[1] + b[1]) * n[0] + b[0];
}

MacroCells make_macro_cells(const Lattice& l, const MaterialMap& materials,
                            const std::vector<double>& moments, const Vec3& size) {
    MacroCells c;
    c.size = size;
    for (int a = 0; a < 3; ++a) {
        const double length = double(l.cells[std::size_t(a)]) * l.cell_size[std::size_t(a)];
        c.n[std::size_t(a)] = std::max<std::int64_t>(
            1, std::int64_t(std::ceil((length + 0.01 * angstrom) / size[std::size_t(a)])));
    }
    const std::size_t boxes = std::size_t(c.count());
    std::vector<double> weighted(3 * boxes, 0.0), mu_sum(boxes, 0.0);
    c.atoms.assign(boxes, 0);
    for_each_magnetic_atom(l, materials, moments, c, [&](std::int64_t b, const Vec3& r, double mu) {
        for (int a = 0; a < 3; ++a)
            weighted[3 * std::size_t(b) + std::size_t(a)] += mu * r[std::size_t(a)];
        mu_sum[std::size_t(b)] += mu;
        ++c.atoms[std::size_t(b)];
    });
    std::int64_t magnetic = 0;
    for (std::int64_t k : c.atoms)
        magnetic += k;
    // Volume per magnetic atom, as VAMPIRE: the unit cell's volume per site, times all atoms over
    // the magnetic ones (non-magnetic atoms lend their room to the magnetic ones).
    const double per_atom = l.cell_size[0] * l.cell_size[1] * l.cell_size[2] / double(l.sites()) *
                            double(l.atoms()) / double(std::max<std::int64_t>(1, magnetic));
    c.centre.assign(boxes, Vec3{0, 0, 0});
    c.volume.assign(boxes, 0.0);
    for (std::size_t b = 0; b < boxes; ++b) {
        if (c.atoms[b] == 0) continue;
        for (int a = 0; a < 3; ++a)
            c.centre[b][std::size_t(a)] = weighted[3 * b + std::size_t(a)] / mu_sum[b];
        c.volume[b] = double(c.atoms[b]) * per_atom;
    }
    return c;
}

std::vector<double> macro_cell_tensors(const Lattice& l, const MaterialMap& materials,
                                       const std::vector<double>& moments, const MacroCells& c,
                                       const std::vector<std::int64_t>& rows, double near_range) {
    const std::int64_t boxes = c.count();
    std::vector<double> t(rows.size() * std::size_t(boxes) * 6, 0.0);
    auto distance = [&](std::int64_t i, std::int64_t j) {
        const Vec3& a = c.centre[std::size_t(i)];
        const Vec3& b = c.centre[std::size_t(j)];
        return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                         (a[2] - b[2]) * (a[2] - b[2]));
    };
    // The near pairs, each once as (lower box, higher box): a pair's mean is computed the same
    // way whichever of its boxes a rank holds, so the tensors do not depend on the decomposition.
    std::vector<std::int64_t> pairs;
    if (near_range > 0)
        for (std::int64_t i : rows)
            for (std::int64_t j = 0; j < boxes; ++j)
                if (c.atoms[std::size_t(i)] && c.atoms[std::size_t(j)] &&
                    distance(i, j) <= near_range)
                    pairs.push_back(std::min(i, j) * boxes + std::max(i, j));
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    // The boxes of the near pairs need their atoms' positions.
    std::vector<char> near(std::size_t(boxes), 0);
    for (std::int64_t key : pairs) {
        near[std::size_t(key / boxes)] = 1;
        near[std::size_t(key % boxes)] = 1;
    }
    std::vector<BoxAtoms> atoms(static_cast<std::size_t>(boxes));
    if (near_range > 0)
        for_each_magnetic_atom(l, materials, moments, c,
                               [&](std::int64_t b, const Vec3& r, double) {
                                   BoxAtoms& box = atoms[std::size_t(b)];
                                   if (!near[std::size_t(b)]) return;
                                   box.x.push_back(r[0]);
                                   box.y.push_back(r[1]);
                                   box.z.push_back(r[2]);
                               });
    std::vector<double> means(6 * pairs.size());
#pragma omp parallel for schedule(dynamic)
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::int64_t i = pairs[k] / boxes, j = pairs[k] % boxes;
        mean_tensor(atoms[std::size_t(i)], atoms[std::size_t(j)], &means[6 * k]);
        drop_small(&means[6 * k]);
    }
#pragma omp parallel for schedule(static)
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const std::int64_t i = rows[row];
        if (!c.atoms[std::size_t(i)]) continue;
        for (std::int64_t j = 0; j < boxes; ++j) {
            if (!c.atoms[std::size_t(j)]) continue;
            double* out = &t[(row * std::size_t(boxes) + std::size_t(j)) * 6];
            if (near_range > 0 && distance(i, j) <= near_range) {
                const std::int64_t key = std::min(i, j) * boxes + std::max(i, j);
                const std::size_t k =
                    std::size_t(std::lower_bound(pairs.begin(), pairs.end(), key) - pairs.begin());
                std::copy(&means[6 * k], &means[6 * k + 6], out);
            } else if (i != j) {
                const Vec3& a = c.centre[std::size_t(i)];
                const Vec3& b = c.centre[std::size_t(j)];
                point_tensor({b[0] - a[0], b[1] - a[1], b[2] - a[2]}, out);
                drop_small(out);
            }
        }
    }
    return t;
}

}  // namespace miniasd::dipole
