// The exchange field's structured-lattice fast path: the stencil runs describe the neighbour
// table exactly (every run atom's neighbours at its run's offsets, every other atom in the
// odd-atom rows, together a partition of the owned atoms), they cover almost every atom of a
// bulk lattice, and the field with runs is bitwise the field from the table, for every lattice,
// boundary, particle cut and subdomain tried.
#include <gtest/gtest.h>

#include <cstdlib>

#include "hamiltonian/exchange.hpp"
#include "hamiltonian/same_field.hpp"
#include "hamiltonian/stencil_runs.hpp"
#include "parallel/process_grid.hpp"
#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

using namespace miniasd;

namespace {

struct Case {
    std::string crystal;
    int cells;
    bool periodic;
    parallel::Int3 dims, coords;  // the subdomain of a process grid
    std::string extra;            // more keywords (a particle cut)
};

Lattice lattice_of(const Case& k) {
    std::string text = "create:crystal-structure = " + k.crystal +
                       "\ndimensions:unit-cell-size = 3 !A\ndimensions:system-size = " +
                       std::to_string(3 * k.cells) + " !A\nmaterial[1]:atomic-spin-moment = 1\n" +
                       k.extra;
    if (k.periodic)
        text +=
            "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
            "create:periodic-boundaries-z\n";
    return make_lattice(test::config_from_text(text));
}

LocalSystem system_of(const Case& k, const Lattice& l) {
    return test::subdomain(l, k.dims, k.coords, l.neighbours);
}

std::vector<Case> cases() {
    return {{"sc", 12, true, {1, 1, 1}, {0, 0, 0}, ""},
            {"bcc", 10, true, {1, 1, 1}, {0, 0, 0}, ""},
            {"bcc", 10, false, {1, 1, 1}, {0, 0, 0}, ""},
            {"bcc", 12, true, {2, 2, 1}, {1, 0, 0}, ""},
            {"fcc", 8, true, {1, 2, 2}, {0, 1, 1}, ""},
            {"fcc", 9, false, {3, 1, 1}, {1, 0, 0}, ""},
            {"bcc",
             12,
             false,
             {1, 1, 1},
             {0, 0, 0},
             "create:sphere\ndimensions:particle-size = 30 !A\n"}};
}

}  // namespace

TEST(StencilRuns, DescribeTheTableExactlyAndPartitionTheAtoms) {
    for (const Case& k : cases()) {
        SCOPED_TRACE(k.crystal + " " + std::to_string(k.cells) + (k.periodic ? " periodic" : ""));
        const Lattice l = lattice_of(k);
        const LocalSystem sys = system_of(k, l);
        const StencilRuns r = find_stencil_runs(sys);
        const std::int64_t n = sys.n_owned;
        std::vector<int> seen(static_cast<std::size_t>(n), 0);
        for (std::size_t run = 0; run < r.size(); ++run)
            for (std::int64_t i = r.begin[run]; i < r.end[run]; ++i) {
                ++seen[static_cast<std::size_t>(i)];
                const std::int64_t phase = (i - r.begin[run]) % r.period;
                for (int q = 0; q < sys.width; ++q)
                    ASSERT_EQ(i + r.delta[(run * r.period + phase) * sys.width + q],
                              sys.neighbour(i, q))
                        << "atom " << i << " neighbour " << q;
            }
        for (std::size_t o = 0; o < r.odd.size(); ++o) {
            ++seen[static_cast<std::size_t>(r.odd[o])];
            for (int q = 0; q < sys.width; ++q)
                ASSERT_EQ(r.odd_nbr[o * sys.width + q], sys.neighbour(r.odd[o], q));
        }
        for (std::int64_t i = 0; i < n; ++i) {
            ASSERT_EQ(seen[static_cast<std::size_t>(i)], 1) << "atom " << i;
            for (int q = 0; q < sys.width; ++q)  // the compact per-atom form
                ASSERT_EQ(r.neighbour(i, q), sys.neighbour(i, q)) << "atom " << i;
        }
        EXPECT_EQ(r.covered + static_cast<std::int64_t>(r.odd.size()), n);
    }
}

TEST(StencilRuns, CoverABulkLattice) {
    const Case bcc{"bcc", 20, true, {1, 1, 1}, {0, 0, 0}, ""};
    const Lattice l = lattice_of(bcc);
    const LocalSystem sys = system_of(bcc, l);
    // Owned atoms are stored row by row and site by site within a row, so the first 20 are the
    // first row's site-0 atoms along x and the next 20 its site-1 atoms; every atom of one site in
    // a row then has its neighbours at the same offsets: runs of period 1, which vectorise with
    // contiguous loads.
    for (std::int64_t i = 0; i < 40; ++i)
        EXPECT_EQ(sys.gid[i], i < 20 ? 2 * i : 2 * (i - 20) + 1) << i;  // gid = 2 cell + site
    const StencilRuns r = find_stencil_runs(sys);
    EXPECT_EQ(r.period, 1);
    EXPECT_GT(double(r.covered), 0.9 * double(l.atoms()));
    const Case sc{"sc", 20, true, {1, 1, 1}, {0, 0, 0}, ""};
    EXPECT_EQ(find_stencil_runs(system_of(sc, lattice_of(sc))).period, 1);
}

TEST(StencilRuns, FieldIsBitwiseTheTableField) {
    for (const Case& k : cases()) {
        SCOPED_TRACE(k.crystal + " " + std::to_string(k.cells));
        const Lattice l = lattice_of(k);
        const LocalSystem sys = system_of(k, l);
        const Exchange fast(sys, {7.05e-21}, {2e-23}, sys.width);
        ::setenv("MINIASD_NO_STENCIL_RUNS", "1", 1);
        const Exchange table(sys, {7.05e-21}, {2e-23}, sys.width);
        ::unsetenv("MINIASD_NO_STENCIL_RUNS");
        test::expect_same_field(fast, table, sys, test::random_spins(sys));
    }
}

TEST(StencilRuns, TheSimulationReleasesTheTableOnlyWhenNothingReadsIt) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string base =
        "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 24 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
        "sim:total-time-steps = 2\n";
    const Simulation one(world, test::config_from_text(base), test::quiet_options());
    EXPECT_TRUE(one.system().nbr.empty());  // the exchange term keeps its own compact form
    const Simulation two(
        world,
        test::config_from_text(
            base + "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
                   "material[2]:atomic-spin-moment = 1 !muB\n"
                   "material[2]:exchange-matrix[2] = 3e-21\n"
                   "material[1]:exchange-matrix[2] = 1e-21\n"),
        test::quiet_options());
    EXPECT_EQ(two.system().nbr.size(),
              static_cast<std::size_t>(two.system().width * two.system().n_owned));
}
