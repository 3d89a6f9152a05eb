// For the tests of the exchange's fast paths: a subdomain of a lattice, random spins on it, and
// the check that two terms give bitwise the same field and energies over ranges that start and
// end inside cells and runs, as the integrator's chunks do.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "hamiltonian/local_term.hpp"
#include "parallel/process_grid.hpp"
#include "run/config/config.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"

namespace miniasd::test {

// The part of one material's lattice that process `coords` of a `dims` grid owns, with a
// neighbour table of `offsets`.
// With `materials`, the config's materials are placed on it (by site, layer or alloy).
inline LocalSystem subdomain(const Lattice& l, const parallel::Int3& dims,
                             const parallel::Int3& coords, const SiteOffsets& offsets,
                             const Config* materials = nullptr) {
    parallel::ProcessGrid g;
    g.cells = l.cells;
    g.periodic = l.periodic;
    g.dims = dims;
    g.coords = coords;
    if (materials) return build_local_system(l, g, MaterialMap(*materials, l), offsets);
    SystemSettings one;  // one material everywhere
    one.materials.resize(1);
    return build_local_system(l, g, MaterialMap(one, l), offsets);
}

struct RandomSpins {
    std::vector<double> x, y, z;
    SpinView view() const { return {x.data(), y.data(), z.data()}; }
};

// Gaussian components for every local atom (owned and ghost); the null atom stays zero.
inline RandomSpins random_spins(const LocalSystem& sys, unsigned seed = 7) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> g;
    RandomSpins s{std::vector<double>(sys.n_storage()), std::vector<double>(sys.n_storage()),
                  std::vector<double>(sys.n_storage())};
    for (std::int64_t i = 0; i < sys.n_local; ++i) {
        s.x[i] = g(rng);
        s.y[i] = g(rng);
        s.z[i] = g(rng);
    }
    return s;
}

inline void expect_same_field(const LocalTerm& fast, const LocalTerm& table, const LocalSystem& sys,
                              const RandomSpins& spins) {
    for (const auto& [b, e] : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {0, sys.n_owned}, {3, sys.n_owned / 2 + 1}, {sys.n_owned / 3, sys.n_owned}}) {
        const std::size_t m = static_cast<std::size_t>(e - b);
        std::vector<double> f[3] = {std::vector<double>(m), std::vector<double>(m),
                                    std::vector<double>(m)};
        std::vector<double> t[3] = {f[0], f[1], f[2]};
        fast.add_field(spins.view(), b, e, {f[0].data(), f[1].data(), f[2].data()});
        table.add_field(spins.view(), b, e, {t[0].data(), t[1].data(), t[2].data()});
        for (int a = 0; a < 3; ++a)
            ASSERT_EQ(std::memcmp(f[a].data(), t[a].data(), m * sizeof(double)), 0)
                << "component " << a << " of [" << b << ", " << e << ")";
        std::vector<double> ef(m), et(m);  // energies go through the per-atom form
        fast.atom_energies(spins.view(), b, e, ef.data());
        table.atom_energies(spins.view(), b, e, et.data());
        ASSERT_EQ(std::memcmp(ef.data(), et.data(), m * sizeof(double)), 0);
    }
}

}  // namespace miniasd::test
