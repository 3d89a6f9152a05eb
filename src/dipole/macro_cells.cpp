#include "dipole/macro_cells.hpp"

#include "dipole/box_pair_means.hpp"
#include "util/binning.hpp"

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

}  // namespace

std::int64_t MacroCells::index_along(int axis, double x) const {
    const auto a = std::size_t(axis);
    return std::min<std::int64_t>(n[a] - 1,
                                  std::max<std::int64_t>(0, bin_index(x, size[a], angstrom)));
}

std::int64_t MacroCells::box_of(const Vec3& r) const {
    return (index_along(2, r[2]) * n[1] + index_along(1, r[1])) * n[0] + index_along(0, r[0]);
}

std::array<std::int64_t, 3> macro_cell_counts(const Lattice& l, const Vec3& size) {
    std::array<std::int64_t, 3> n{};
    for (std::size_t a = 0; a < 3; ++a) {
        const double length = double(l.cells[a]) * l.cell_size[a];
        n[a] = std::max<std::int64_t>(
            1, std::int64_t(std::ceil((length + 0.01 * angstrom) / size[a])));
    }
    return n;
}

MacroCells make_macro_cells(const Lattice& l, const MaterialMap& materials,
                            const std::vector<double>& moments, const Vec3& size) {
    MacroCells c;
    c.size = size;
    c.n = macro_cell_counts(l, size);
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
    std::vector<double> means(6 * pairs.size());
    if (!pairs.empty()) {
        const BoxPairMeans box_means(l, materials, moments, c, near, near_range);
#pragma omp parallel for schedule(dynamic)
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            box_means.mean(pairs[k] / boxes, pairs[k] % boxes, &means[6 * k]);
            drop_small(&means[6 * k]);
        }
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
