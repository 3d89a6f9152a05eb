// The dipolar field tests' helpers (test_dipole_field.cpp, test_dipole_periodic.cpp): a box of
// cells, a moment per global id, and the exact solver's field gathered in global-id order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dipole/dipole_solver.hpp"
#include "parallel/decomposition.hpp"
#include "support/test_support.hpp"
#include "system/materials.hpp"
#include "util/units.hpp"

namespace miniasd::test::dipole_fields {

inline Config box(const std::string& crystal, int nx, int ny, int nz,
                  const std::string& extra = "") {
    return test::config_from_text(
        "create:crystal-structure = " + crystal + "\ndimensions:unit-cell-size = 3 !A\n" +
        "dimensions:system-size-x = " + std::to_string(3 * nx) + " !A\n" +
        "dimensions:system-size-y = " + std::to_string(3 * ny) + " !A\n" +
        "dimensions:system-size-z = " + std::to_string(3 * nz) + " !A\n" +
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n" +
        extra);
}

// A moment (J/T) of every site of the box, a function of the global id alone (so every
// decomposition sees the same), random in direction and size, or uniform along `uniform`.
inline Vec3 moment_of(std::int64_t gid, const Vec3* uniform = nullptr) {
    if (uniform) return *uniform;
    std::mt19937_64 rng(std::uint64_t(gid) * 2654435761u + 17);
    std::uniform_real_distribution<double> u(-1, 1);
    const double mu = 2 * constants::bohr_magneton;
    return {mu * u(rng), mu * u(rng), mu * u(rng)};
}

struct Fields {
    std::vector<std::int64_t> gid;  // in global-id order
    std::vector<double> b;          // T, 3 per atom
};

// Collective over `comm`: the field of every atom, gathered in global-id order on every rank.
inline Fields solve(const Config& c, const parallel::Comm& comm, const Vec3* uniform = nullptr,
                    dipole::SurfaceTerm surface = dipole::SurfaceTerm::tin_foil) {
    const Lattice l = make_lattice(c);
    const parallel::Decomposition d = parallel::decompose(comm, l.cells, l.periodic);
    const LocalSystem sys = build_local_system(l, d.grid, MaterialMap(c, l));
    dipole::DipoleSolver solver(l, sys, d.comm, surface);
    std::vector<double> m(std::size_t(3 * sys.n_owned)), b(m.size());
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const Vec3 v = moment_of(sys.gid[std::size_t(i)], uniform);
        std::copy(v.begin(), v.end(), &m[std::size_t(3 * i)]);
    }
    solver.field(m.data(), b.data());
    solver.field(m.data(), b.data());  // a second evaluation must not see the first's data
    const std::vector<std::int64_t> ids(sys.gid.begin(), sys.gid.begin() + sys.n_owned);
    const std::vector<std::int64_t> all_ids = comm.all_gather(ids);
    const std::vector<double> all_b = comm.all_gather(b);
    std::vector<std::size_t> order(all_ids.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::sort(order.begin(), order.end(),
              [&](std::size_t x, std::size_t y) { return all_ids[x] < all_ids[y]; });
    Fields f;
    for (std::size_t k : order) {
        f.gid.push_back(all_ids[k]);
        for (int a = 0; a < 3; ++a)
            f.b.push_back(all_b[3 * k + std::size_t(a)]);
    }
    return f;
}

}  // namespace miniasd::test::dipole_fields
