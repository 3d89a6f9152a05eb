// The general exchange's fast path (hamiltonian/bond_runs.hpp): its field over stencil runs is
// bitwise the field of the per-atom loop over the neighbour table, for isotropic shells,
// vectorial (diagonal) couplings and full tensors, on lattices with open and periodic boundaries,
// a particle cut and a subdomain of a process grid, over ranges that start and end inside runs
// (as the integrator's chunks do), and so are the atom energies where they use the runs; it covers
// most atoms of a bulk lattice; with several materials it serves those that follow the sites, and
// the per-atom loops of several (or very many) materials give the direct sum over the bonds.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <utility>

#include "hamiltonian/same_field.hpp"
#include "hamiltonian/tensor_exchange.hpp"
#include "parallel/process_grid.hpp"
#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

using namespace miniasd;

namespace {

struct Case {
    std::string input;            // crystal, size, boundaries, exchange: keywords
    parallel::Int3 dims, coords;  // the subdomain of a process grid
    CouplingForm form;
};

// The lattice's exchange list with couplings of the case's form: isotropic by shell, or each
// bond's diagonal or full tensor drawn at random (the field's equality does not need symmetry).
InteractionList couplings(const Lattice& l, CouplingForm form) {
    InteractionList list = l.exchange;
    list.form = form;
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-1, 1);
    for (auto& site : list.sites)
        for (Bond& b : site) {
            if (form == CouplingForm::isotropic) continue;  // the shell's weight
            for (int k = 0; k < 9; ++k)
                b.j[k] = form == CouplingForm::tensor || k % 4 == 0 ? u(rng) : 0.0;
        }
    return list;
}

// The field of `t` on every owned atom against the direct sum over the list's bonds of
// (scale of the shell and pair of materials, per component) J_k S_j / mu_a (two sites).
void expect_direct_sum(const TensorExchange& t, const LocalSystem& sys, const InteractionList& list,
                       const std::vector<std::vector<Vec3>>& scale,
                       const std::vector<double>& moments, const test::RandomSpins& spins) {
    const int nm = static_cast<int>(moments.size());
    std::vector<double> h[3];
    for (auto& v : h)
        v.assign(static_cast<std::size_t>(sys.n_owned), 0.0);
    t.add_field(spins.view(), 0, sys.n_owned, {h[0].data(), h[1].data(), h[2].data()});
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const int site = static_cast<int>(sys.gid[i] % 2), a = sys.material[i];
        double want[3] = {0, 0, 0};
        for (std::size_t k = 0; k < list.sites[site].size(); ++k) {
            const Bond& bond = list.sites[site][k];
            const std::int32_t j = sys.neighbour(i, static_cast<int>(k));
            const Vec3& e = scale[bond.shell][a * nm + sys.material[j]];
            const double sj[3] = {spins.x[j], spins.y[j], spins.z[j]};
            for (int r = 0; r < 3; ++r)
                for (int q = 0; q < 3; ++q)
                    want[r] += e[r] * bond.j[3 * r + q] * sj[q] / moments[a];
        }
        for (int r = 0; r < 3; ++r)
            ASSERT_NEAR(h[r][i], want[r], 1e-12 * (std::abs(want[r]) + 1e3))
                << "atom " << i << " component " << r;
    }
}

// Atom energies of `fast` bitwise those of `table` (the per-atom loop), over the whole range and
// over ranges that start and end inside runs.
void expect_same_energies(const TensorExchange& fast, const TensorExchange& table,
                          const LocalSystem& sys, const test::RandomSpins& spins) {
    const std::int64_t n = sys.n_owned;
    std::vector<double> a(static_cast<std::size_t>(n)), b(a.size());
    table.atom_energies(spins.view(), 0, n, b.data());
    for (const std::int64_t step : {n, std::int64_t(37), std::int64_t(300)}) {
        std::fill(a.begin(), a.end(), 1.0);
        for (std::int64_t i = 0; i < n; i += step)
            fast.atom_energies(spins.view(), i, std::min(n, i + step), a.data() + i);
        for (std::int64_t i = 0; i < n; ++i)
            ASSERT_EQ(a[i], b[i]) << "atom " << i << ", ranges of " << step;
    }
}

}  // namespace

TEST(BondRuns, FieldIsBitwiseTheTableField) {
    const std::string two_shells =
        "exchange:function = shell\nexchange:interaction-range = 1.5\n"
        "material[1]:exchange-matrix[1] = 7e-21\nmaterial[1]:exchange-matrix-2nd-nn[1] = 2e-21\n";
    const std::string bcc = "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n";
    auto box = [](int x, int y, int z) {  // Angstrom
        return "dimensions:system-size-x = " + std::to_string(x) +
               " !A\ndimensions:system-size-y = " + std::to_string(y) +
               " !A\ndimensions:system-size-z = " + std::to_string(z) + " !A\n";
    };
    const std::string periodic =
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
        "create:periodic-boundaries-z\n";
    const Case cases[] = {
        {bcc + box(66, 18, 15) + periodic + two_shells,
         {1, 1, 1},
         {0, 0, 0},
         CouplingForm::isotropic},
        {bcc + box(63, 15, 12) + two_shells, {1, 1, 1}, {0, 0, 0}, CouplingForm::diagonal},
        {bcc + box(120, 24, 12) + periodic + two_shells,
         {2, 2, 1},
         {1, 0, 0},
         CouplingForm::tensor},
        {"create:crystal-structure = fcc\ndimensions:unit-cell-size = 3 !A\n" + box(66, 24, 24) +
             periodic + two_shells,
         {1, 2, 2},
         {0, 1, 1},
         CouplingForm::isotropic},
        {"create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
         "dimensions:system-size = 45 !A\ncreate:sphere\ndimensions:particle-size = 40 !A\n"
         "exchange:interaction-range = 1.8\n",
         {1, 1, 1},
         {0, 0, 0},
         CouplingForm::tensor},
    };
    int with_runs = 0, energies_from_runs = 0;
    for (const Case& k : cases) {
        SCOPED_TRACE(k.input);
        const Lattice l = make_lattice(
            test::config_from_text(k.input + "material[1]:atomic-spin-moment = 2 !muB\n"));
        const LocalSystem sys = test::subdomain(l, k.dims, k.coords, l.exchange.offsets());
        std::vector<std::vector<int>> columns(l.exchange.sites.size());
        for (std::size_t s = 0; s < columns.size(); ++s)
            for (std::size_t b = 0; b < l.exchange.sites[s].size(); ++b)
                columns[s].push_back(static_cast<int>(b));
        const InteractionList list = couplings(l, k.form);
        // Shell k multiplies its weight by J_k (J), the field by 1/mu: as the simulation's. The
        // diagonal case scales each component apart (VAMPIRE's vectorial exchange-matrix).
        const bool apart = k.form == CouplingForm::diagonal;
        const std::vector<std::vector<Vec3>> shell_j = {
            {apart ? Vec3{7e-21, 6e-21, 8e-21} : Vec3{7e-21, 7e-21, 7e-21}},
            {apart ? Vec3{2e-21, 2.5e-21, 1.5e-21} : Vec3{2e-21, 2e-21, 2e-21}}};
        const int sites = static_cast<int>(l.basis.size());
        // The runs against the per-atom loop (MINIASD_NO_STENCIL_RUNS): fields and energies.
        auto compare = [&](const InteractionList& couplings) {
            const TensorExchange fast(sys, sites, couplings, columns, shell_j, {2e-23});
            ::setenv("MINIASD_NO_STENCIL_RUNS", "1", 1);
            const TensorExchange table(sys, sites, couplings, columns, shell_j, {2e-23});
            ::unsetenv("MINIASD_NO_STENCIL_RUNS");
            test::expect_same_field(fast, table, sys, test::random_spins(sys));
            expect_same_energies(fast, table, sys, test::random_spins(sys));
            EXPECT_EQ(table.runs_cover(), 0);
            return std::make_pair(fast.runs_cover() > 0, fast.energies_from_runs());
        };
        const auto [runs, energies] = compare(list);
        with_runs += runs;
        energies_from_runs += energies;
        // The same couplings in joules (a unit-cell file's tensors): the energies then come
        // from the runs for every form.
        InteractionList joules = list;
        joules.normalised = false;
        const auto [runs_j, energies_j] = compare(joules);
        EXPECT_EQ(energies_j, runs_j);
    }
    EXPECT_GE(with_runs, 4);           // the particle may have none long enough
    EXPECT_GE(energies_from_runs, 2);  // the isotropic cases
}

// On a bulk lattice the runs hold all but the atoms at the ends of each row of cells.
TEST(BondRuns, CoverABulkLattice) {
    const Lattice l = make_lattice(test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 90 !A\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "exchange:function = shell\nexchange:interaction-range = 1.2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21\n"
        "material[1]:exchange-matrix-2nd-nn[1] = 2e-21\n"));
    const LocalSystem sys = test::subdomain(l, {1, 1, 1}, {0, 0, 0}, l.exchange.offsets());
    std::vector<std::vector<int>> columns(2);
    for (int s = 0; s < 2; ++s)
        for (int b = 0; b < 14; ++b)
            columns[static_cast<std::size_t>(s)].push_back(b);
    const TensorExchange t(sys, 2, l.exchange, columns,
                           {{Vec3{7e-21, 7e-21, 7e-21}}, {Vec3{2e-21, 2e-21, 2e-21}}}, {2e-23});
    EXPECT_GE(double(t.runs_cover()) / double(sys.n_owned), 28.0 / 30);
}

// Several materials: where they follow the sites (bcc's two sites, one material each, as a
// unit-cell file's material column places them) the runs serve them too, bitwise the per-atom
// loop; where they do not (a random alloy) neither term has runs. Either way the field is the
// direct sum over the bonds of (J_k scaled by the pair of materials' J) S_j / mu_a, whatever the
// order of a and b (the moments differ, so a swapped pair would show).
TEST(BondRuns, SeveralMaterialsFollowingTheSitesTakeTheRuns) {
    const std::string lattice =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 66 !A\ndimensions:system-size-y = 18 !A\n"
        "dimensions:system-size-z = 15 !A\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "exchange:function = shell\nexchange:interaction-range = 1.2\n"
        "material:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 3 !muB\n";
    const std::string by_site =
        "material[1]:unit-cell-category = 1\nmaterial[2]:unit-cell-category = 2\n";
    const std::string alloy = "material[1]:host-alloy\nmaterial[1]:alloy-fraction[2] = 0.3\n";
    const std::vector<double> moments = {2e-23, 3e-23};
    // shell_j[shell][a * 2 + b]: within each material and between them, per component.
    const std::vector<std::vector<Vec3>> shell_j = {
        {Vec3{7e-21, 6e-21, 8e-21}, Vec3{-3e-21, -2e-21, -4e-21}, Vec3{-3e-21, -2e-21, -4e-21},
         Vec3{5e-21, 5.5e-21, 4.5e-21}},
        {Vec3{2e-21, 2.5e-21, 1.5e-21}, Vec3{1e-21, 1.2e-21, 0.8e-21},
         Vec3{1e-21, 1.2e-21, 0.8e-21}, Vec3{1.5e-21, 1e-21, 2e-21}}};
    for (const auto& [materials, runs_expected] :
         std::vector<std::pair<std::string, bool>>{{by_site, true}, {alloy, false}})
        for (const CouplingForm form :
             {CouplingForm::isotropic, CouplingForm::diagonal, CouplingForm::tensor}) {
            SCOPED_TRACE(materials + " form " + std::to_string(static_cast<int>(form)));
            const Config c = test::config_from_text(lattice + materials);
            const Lattice l = make_lattice(c);
            const LocalSystem sys =
                test::subdomain(l, {1, 1, 1}, {0, 0, 0}, l.exchange.offsets(), &c);
            std::vector<std::vector<int>> columns(l.exchange.sites.size());
            for (std::size_t s = 0; s < columns.size(); ++s)
                for (std::size_t b = 0; b < l.exchange.sites[s].size(); ++b)
                    columns[s].push_back(static_cast<int>(b));
            const InteractionList list = couplings(l, form);
            // The isotropic form reads one J per pair, the others each component.
            std::vector<std::vector<Vec3>> scale = shell_j;
            if (form != CouplingForm::diagonal)
                for (auto& shell : scale)
                    for (Vec3& v : shell)
                        v = Vec3{v[0], v[0], v[0]};
            const TensorExchange fast(sys, 2, list, columns, scale, moments);
            ::setenv("MINIASD_NO_STENCIL_RUNS", "1", 1);
            const TensorExchange table(sys, 2, list, columns, scale, moments);
            ::unsetenv("MINIASD_NO_STENCIL_RUNS");
            const auto spins = test::random_spins(sys);
            test::expect_same_field(fast, table, sys, spins);
            EXPECT_EQ(fast.runs_cover() > sys.n_owned / 2, runs_expected);
            EXPECT_EQ(table.runs_cover(), 0);
            expect_direct_sum(fast, sys, list, scale, moments, spins);
        }
}

// With so many materials that the folded table would pass 32 MB (130 here, a full tensor: 130^2
// blocks of 28 bonds x 9 numbers), the field forms each product in its loop: no runs, and the
// field is still the direct sum.
TEST(BondRuns, ManyMaterialsFormEachProductInTheLoop) {
    const Config c = test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 24 !A\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "exchange:function = shell\nexchange:interaction-range = 1.2\n"
        "material:num-materials = 2\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:unit-cell-category = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 3 !muB\n");
    const Lattice l = make_lattice(c);
    const LocalSystem sys = test::subdomain(l, {1, 1, 1}, {0, 0, 0}, l.exchange.offsets(), &c);
    std::vector<std::vector<int>> columns(2);
    for (std::size_t s = 0; s < 2; ++s)
        for (std::size_t b = 0; b < l.exchange.sites[s].size(); ++b)
            columns[s].push_back(static_cast<int>(b));
    const int nm = 130;
    std::vector<double> moments(nm, 1e-23);
    moments[0] = 2e-23;
    moments[1] = 3e-23;
    std::vector<std::vector<Vec3>> scale(2, std::vector<Vec3>(nm * nm));
    for (int sh = 0; sh < 2; ++sh)
        for (int ab = 0; ab < nm * nm; ++ab) {
            const double v = (1 + sh) * 1e-21 * (1 + 0.01 * (ab % 7));
            scale[sh][ab] = Vec3{v, v, v};
        }
    const InteractionList list = couplings(l, CouplingForm::tensor);
    const TensorExchange t(sys, 2, list, columns, scale, moments);
    EXPECT_EQ(t.runs_cover(), 0);
    expect_direct_sum(t, sys, list, scale, moments, test::random_spins(sys));
}
