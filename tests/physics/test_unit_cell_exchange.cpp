// Exchange from unit-cell files (material:unit-cell-file), run on 1 to P ranks x 1 and 2 threads:
//  - a file describing bcc nearest-neighbour exchange gives the built-in bcc's spins, bit for bit,
//    whatever order its rows are in (the nearest-neighbour stencil path runs for both);
//  - the general path (several shells, a full tensor with an antisymmetric DMI part, two
//    materials) gives the same bits on any decomposition, with LLG and with Monte Carlo;
//  - hcp and a rocksalt antiferromagnet give the same bits on any decomposition;
//  - in a uniform ferromagnet the general path's exchange energy is -z J / 2 per atom, the
//    check VAMPIRE's own tests encode (-N z J / 2 for the system);
//  - VAMPIRE's per-category-pair cutoffs and material-exponential weights give their pairs'
//    bonds, the hand-worked weights, and the same bits on any decomposition.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstring>
#include <map>

#include "physics/ucf_files.hpp"
#include "run/programs/program.hpp"
#include "stats/observables.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

constexpr double j_fe = 7.05e-21;  // J per link

const char* run_settings =
    "dimensions:system-size-x = 2.3 !nm\ndimensions:system-size-y = 1.5 !nm\n"
    "dimensions:system-size-z = 1.8 !nm\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-z\n"
    "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:damping-constant = 0.1\n"
    "material[1]:initial-spin-direction = random\n"
    "sim:temperature = 400\nsim:time-step = 0.1 !fs\n"
    "sim:applied-field-strength = 1 !T\nsim:applied-field-unit-vector = 1,0,1\n"
    "sim:total-time-steps = 120\nsim:time-steps-increment = 40\nsim:integrator-random-seed = 11\n";

std::string bcc_ucf(bool reversed) {
    return test::make_ucf(
        {2.87, 2.87, 2.87}, {{{0, 0, 0}}, {{0.5, 0.5, 0.5}}}, "isotropic",
        [](int, const std::array<double, 3>& r) {
            return std::abs(test::length(r) - 2.87 * std::sqrt(3.0) / 2) < 1e-6
                       ? std::vector<double>{j_fe}
                       : std::vector<double>{};
        },
        1, reversed);
}

struct Result {
    std::vector<double> spins;
    std::uint64_t hash = 0;
    std::vector<double> stats;
};

Result run_on(int ranks, int threads, const Config& c) {
    Result r;
    const std::string error = test::run_on_first_ranks(ranks, threads, c, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.hash = sim.spin_hash();
        r.stats = sample_series(sim.last_sample(), sim.state().field_direction);
    });
    EXPECT_EQ(error, "") << ranks << " ranks";
    return r;
}

void expect_bitwise(const Result& a, const Result& b, const std::string& what) {
    if (!parallel::Comm::world().is_root()) return;
    ASSERT_EQ(a.spins.size(), b.spins.size()) << what;
    EXPECT_EQ(std::memcmp(a.spins.data(), b.spins.data(), a.spins.size() * sizeof(double)), 0)
        << what;
    EXPECT_EQ(a.hash, b.hash) << what;
    ASSERT_EQ(a.stats.size(), b.stats.size()) << what;
    EXPECT_EQ(std::memcmp(a.stats.data(), b.stats.data(), a.stats.size() * sizeof(double)), 0)
        << what << ": statistics";
}

// Every decomposition of the world's ranks and 1-2 threads against `ref`.
void expect_any_decomposition(const Config& c, const Result& ref, const std::string& what) {
    const int world = parallel::Comm::world().size();
    for (int threads : {1, 2})
        for (int ranks = 1; ranks <= world; ++ranks)
            expect_bitwise(run_on(ranks, threads, c), ref,
                           what + " on " + std::to_string(ranks) + " ranks x " +
                               std::to_string(threads) + " threads");
    omp_set_num_threads(1);
}

TEST(UnitCellExchange, BccFileGivesTheBuiltInBccBitForBit) {
    for (const char* integrator : {"llg-heun", "monte-carlo"}) {
        const std::string settings =
            std::string(run_settings) + "sim:integrator = " + integrator + "\n";
        const Config builtin = test::config_from_text(
            "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
            "material[1]:exchange-matrix[1] = 7.05e-21\n" +
            settings);
        const Result ref = run_on(1, 1, builtin);
        for (const bool reversed : {false, true}) {
            const Config from_file = test::config_from_files(
                "material:unit-cell-file = bcc.ucf\n" + settings, {{"bcc.ucf", bcc_ucf(reversed)}});
            expect_any_decomposition(from_file, ref,
                                     std::string(integrator) + (reversed ? ", rows reversed" : ""));
        }
    }
}

// The built-in crystals' further shells (exchange:interaction-range, exchange:function) against a
// unit-cell file listing the same bonds in joules: the same bits on any decomposition, for the
// general path (shell: each shell its own J) and the nearest-neighbour path (every bond in range
// one J, 18 per atom on sc).
TEST(UnitCellExchange, BuiltInShellsGiveTheFileOfTheirBondsBitForBit) {
    const double a = 3;
    const double js[3] = {5e-21, 1.2e-21, -0.6e-21};
    for (const bool by_shell : {true, false}) {
        const std::string ucf = test::make_ucf(
            {a, a, a}, {{{0, 0, 0}}}, "isotropic",
            [&](int, const std::array<double, 3>& r) {
                const double d = test::length(r);
                for (int k = 0; k < (by_shell ? 3 : 2); ++k)
                    if (std::abs(d - a * std::sqrt(k + 1.0)) < 1e-6)
                        return std::vector<double>{by_shell ? js[k] : js[0]};
                return std::vector<double>{};
            },
            1);
        const std::string shells =
            by_shell ? "exchange:function = shell\nexchange:interaction-range = 1.8\n"
                       "material[1]:exchange-matrix-2nd-nn[1] = 1.2e-21\n"
                       "material[1]:exchange-matrix-3rd-nn[1] = -0.6e-21\n"
                     : "exchange:interaction-range = 1.5\n";
        for (const char* integrator : {"llg-heun", "monte-carlo"}) {
            const std::string settings =
                std::string(run_settings) + "sim:integrator = " + integrator + "\n";
            const Config built_in = test::config_from_text(
                "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
                "material[1]:exchange-matrix[1] = 5e-21\n" +
                shells + settings);
            const Config from_file = test::config_from_files(
                "material:unit-cell-file = s.ucf\n" + settings, {{"s.ucf", ucf}});
            const Result ref = run_on(1, 1, from_file);
            expect_any_decomposition(built_in, ref,
                                     std::string(integrator) + (by_shell ? ", shells" : ", range"));
        }
    }
}

// Exponential weights are scaled to add up to the nearest-neighbour count (VAMPIRE's rule), so a
// uniform ferromagnet has the nearest-neighbour energy -zJ/2 per atom whatever the range.
TEST(UnitCellExchange, ExponentialWeightsKeepTheNearestNeighbourEnergy) {
    const Config c = test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "create:periodic-boundaries\ndimensions:system-size = 2.87 !nm\n"
        "exchange:function = exponential\nexchange:interaction-range = 2.1\n"
        "exchange:decay-length = 0.3\nmaterial[1]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:exchange-matrix[1] = 7.05e-21\n");
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    EXPECT_GT(sim.lattice().exchange.bonds(), 2u * 8);  // more than the first shell
    const Observables o = sim.observe();
    EXPECT_NEAR(o.energy[static_cast<int>(TermKind::exchange)] / (-8 * 7.05e-21 / 2), 1.0, 1e-12);
}

// VAMPIRE's per-category-pair cutoffs: on bcc (one exchange category, or one per sublattice with
// create:crystal-sublattice-materials) interaction-cutoff-range on the same-sublattice pairs
// reaches the second shell, the bonds interaction-range = 1.2 gives: the same bits on any
// decomposition.
TEST(UnitCellExchange, PerCategoryCutoffsGiveTheirPairsBonds) {
    const std::string bcc =
        std::string(
            "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
            "material[1]:exchange-matrix[1] = 7.05e-21\n") +
        run_settings;
    const Result ref =
        run_on(1, 1, test::config_from_text(bcc + "exchange:interaction-range = 1.2\n"));
    expect_any_decomposition(
        test::config_from_text(bcc + "exchange:interaction-cutoff-range[1][1] = 1.2\n"), ref,
        "one category");
    const Config split = test::config_from_text(
        bcc +
        "create:crystal-sublattice-materials\nexchange:interaction-cutoff-range[1][1] = 1.2\n"
        "exchange:interaction-cutoff-range[2][2] = 1.2\n");
    EXPECT_EQ(make_lattice(split).exchange.bonds(), 2u * (8 + 6));
    expect_any_decomposition(split, ref, "one category per sublattice");
}

// material-exponential on bcc with a category per sublattice. The same-sublattice pairs reach
// their first shell (r = a) through nn-cutoff-range 1.16 and their second (sqrt 2 a) through
// interaction-range 1.7; the cross pair, its cutoff doubled by interaction-cutoff-range, reaches
// four shells (8 + 24 + 24 + 32 bonds). Each pair's weights A exp(-r/B) + C are scaled to its
// count within its nearest-neighbour radius (6 and 8), so a uniform ferromagnet has the
// energy -(6 + 8) J / 2 per atom, and the weights are the hand-worked ones.
TEST(UnitCellExchange, MaterialExponentialWeightsArePerCategoryPair) {
    const std::string input =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "create:crystal-sublattice-materials\nmaterial[1]:exchange-matrix[1] = 7.05e-21\n"
        "exchange:function = material-exponential\nexchange:interaction-range = 1.7\n"
        "exchange:nn-cutoff-range[1][1] = 1.16\nexchange:nn-cutoff-range[2][2] = 1.16\n"
        "exchange:interaction-cutoff-range[2][1] = 2\n"
        "exchange:unit-cell-category-exchange-parameters[1][1] = 1, 0.3, 0\n"
        "exchange:unit-cell-category-exchange-parameters[2][2] = 1, 0.3, 0\n"
        "exchange:unit-cell-category-exchange-parameters[2][1] = 2, 0.5, 0.1\n";
    const Config c =
        test::config_from_text(input +
                               "create:periodic-boundaries\ndimensions:system-size = 2.87 !nm\n"
                               "material[1]:atomic-spin-moment = 2.22 !muB\n");
    const Lattice l = make_lattice(c);
    ASSERT_EQ(l.exchange.sites.size(), 2u);
    // Site 1's bonds by length (units of a): the same-sublattice pair's and the cross pair's.
    const double w1 = std::exp(-1 / 0.3), w2 = std::exp(-std::sqrt(2.0) / 0.3);
    const double same = 6 / (6 * w1 + 12 * w2);
    double cross_sum = 0;
    const std::pair<double, int> cross_shells[] = {{std::sqrt(3.0) / 2, 8},
                                                   {std::sqrt(11.0) / 2, 24},
                                                   {std::sqrt(19.0) / 2, 24},
                                                   {std::sqrt(27.0) / 2, 32}};
    for (const auto& [r, n] : cross_shells)
        cross_sum += n * (2 * std::exp(-r / 0.5) + 0.1);
    const double cross = 8 / cross_sum;
    std::map<long, int> counted;  // bonds per length (in 1e-6 a)
    for (const Bond& b : l.exchange.sites[0]) {
        const Vec3& p = l.basis[static_cast<std::size_t>(b.to.site)];
        const double r = std::sqrt(std::pow(b.to.dx + p[0], 2) + std::pow(b.to.dy + p[1], 2) +
                                   std::pow(b.to.dz + p[2], 2));
        ++counted[std::lround(r * 1e6)];
        const double expected =
            b.to.site == 0 ? same * std::exp(-r / 0.3) : cross * (2 * std::exp(-r / 0.5) + 0.1);
        EXPECT_NEAR(b.j[0] / expected, 1.0, 1e-12) << "bond at r = " << r;
    }
    EXPECT_EQ(counted.size(), 6u);
    EXPECT_EQ(l.exchange.sites[0].size(), 6u + 12 + 8 + 24 + 24 + 32);
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    const Observables o = sim.observe();
    EXPECT_NEAR(o.energy[static_cast<int>(TermKind::exchange)] / (-(6 + 8) * j_fe / 2), 1.0, 1e-12);
    const Config run = test::config_from_text(input + run_settings);
    expect_any_decomposition(run, run_on(1, 1, run), "material-exponential");
}

// Two sites of different materials on a tetragonal cell; three shells; on the first shell a
// symmetric anisotropic part and a DMI vector D_ij = D (r_ij x z) written as the tensor's
// antisymmetric part, so the reverse bond holds the transpose.
std::string tensor_ucf() {
    return test::make_ucf(
        {2.8, 2.8, 3.1}, {{{0, 0, 0}, 0}, {{0.5, 0.5, 0.5}, 1}}, "tensorial",
        [](int, const std::array<double, 3>& r) {
            const double d = test::length(r);
            const double shells[3] = {2.52, 2.8, 3.1};  // Angstrom: 8 at 2.514, 4 at 2.8, 2 at 3.1
            const double j[3] = {6e-21, 1.5e-21, -0.8e-21};
            for (int s = 0; s < 3; ++s) {
                if (d > shells[s] + 0.01 || (s > 0 && d <= shells[s - 1] + 0.01)) continue;
                const double jd = j[s];
                std::vector<double> t{jd, 0, 0, 0, jd, 0, 0, 0, jd};
                if (s == 0) {
                    t[0] += 0.4e-21;
                    t[8] -= 0.3e-21;
                    // E = D.(S_i x S_j) = -S_i.J.S_j: J_ab = -eps_abc D_c, D = 1e-21 r^ x z
                    const double D[3] = {1e-21 * r[1] / d, -1e-21 * r[0] / d, 0};
                    t[1] += -D[2];
                    t[2] += D[1];
                    t[3] += D[2];
                    t[5] += -D[0];
                    t[6] += -D[1];
                    t[7] += D[0];
                }
                return t;
            }
            return std::vector<double>{};
        },
        2);
}

TEST(UnitCellExchange, TensorExchangeIsBitwiseIdenticalOnAnyDecomposition) {
    const std::string two_materials =
        "material:num-materials = 2\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:unit-cell-category = 2\nmaterial[2]:atomic-spin-moment = 1.5 !muB\n"
        "material[2]:damping-constant = 0.2\n";
    for (const char* integrator : {"llg-heun", "monte-carlo"}) {
        const Config c =
            test::config_from_files("material:unit-cell-file = t.ucf\n" + two_materials +
                                        run_settings + "sim:integrator = " + integrator + "\n",
                                    {{"t.ucf", tensor_ucf()}});
        ASSERT_EQ(c.unit_cell_file.form, CouplingForm::tensor);
        const Result ref = run_on(1, 1, c);
        expect_any_decomposition(c, ref, integrator);
    }
}

TEST(UnitCellExchange, UniformFerromagnetHasMinusZJOverTwoPerAtom) {
    // The general path (vectorial), second-shell sc bonds only: z = 12.
    const std::string ucf = test::make_ucf(
        {3, 3, 3}, {{{0, 0, 0}}}, "vectorial",
        [](int, const std::array<double, 3>& r) {
            return std::abs(test::length(r) - 3 * std::sqrt(2.0)) < 1e-6
                       ? std::vector<double>{1e-21, 2e-21, 3e-21}
                       : std::vector<double>{};
        },
        1);
    const Config c = test::config_from_files(
        "material:unit-cell-file = sc.ucf\ncreate:periodic-boundaries\n"
        "dimensions:system-size = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:total-time-steps = 0\n",
        {{"sc.ucf", ucf}});
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    const Observables o = sim.observe();
    EXPECT_DOUBLE_EQ(o.energy[static_cast<int>(TermKind::exchange)], -12 * 3e-21 / 2);
}

// A tensorial file's antisymmetric part is DMI: its energy is the dmi-energy column's, the rest
// the exchange's. Bulk DMI D = d e_ij on every bond: per bond E = -J S_i.S_j + D.(S_i x S_j).
TEST(UnitCellExchange, ATensorsAntisymmetricPartIsTheDmiEnergy) {
    const double j = 1e-21, d = 3e-22;
    const Config c = test::config_from_files(
        "material:unit-cell-file = dmi.ucf\ncreate:periodic-boundaries\n"
        "dimensions:system-size = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:initial-spin-configuration = random\nsim:total-time-steps = 0\n",
        {{"dmi.ucf", test::sc_tensor_dmi_ucf(j, j, j, 0, d)}});
    Simulation sim(parallel::Comm::world(), c, test::quiet_options());
    const Observables o = sim.observe();
    const std::vector<double> s = test::gather_spins(sim);
    const Lattice& l = sim.lattice();
    double exchange = 0, dmi = 0;  // per atom, each bond once (+x, +y, +z of every atom)
    for (std::int64_t z = 0; z < 4; ++z)
        for (std::int64_t y = 0; y < 4; ++y)
            for (std::int64_t x = 0; x < 4; ++x) {
                const double* a = &s[std::size_t(3 * l.gid(x, y, z, 0))];
                const std::int64_t next[3][3] = {
                    {(x + 1) % 4, y, z}, {x, (y + 1) % 4, z}, {x, y, (z + 1) % 4}};
                for (int axis = 0; axis < 3; ++axis) {
                    const double* b =
                        &s[std::size_t(3 * l.gid(next[axis][0], next[axis][1], next[axis][2], 0))];
                    const double cross[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                             a[0] * b[1] - a[1] * b[0]};
                    exchange += -j * (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / 64;
                    dmi += d * cross[axis] / 64;
                }
            }
    EXPECT_NEAR(o.energy[static_cast<int>(TermKind::dmi)] / dmi, 1.0, 1e-8);
    EXPECT_NEAR(o.energy[static_cast<int>(TermKind::exchange)] / exchange, 1.0, 1e-8);
}

// VAMPIRE's other crystals on any decomposition: hcp (a strained cell, periodic in x and z) and
// a rocksalt antiferromagnet of two materials, with LLG and Monte Carlo (whose colouring follows
// the crystal's bonds).
TEST(UnitCellExchange, OtherCrystalsAreBitwiseIdenticalOnAnyDecomposition) {
    const std::string rocksalt =
        "create:crystal-structure = rocksalt\ndimensions:unit-cell-size = 4.2 !A\n"
        "material:num-materials = 2\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:unit-cell-category = 2\nmaterial[2]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:exchange-matrix[2] = -3e-21\n";
    const std::string hcp =
        "create:crystal-structure = hcp\ndimensions:unit-cell-size-x = 4.33 !A\n"
        "dimensions:unit-cell-size-y = 4.33 !A\ndimensions:unit-cell-size-z = 4.2 !A\n"
        "material[1]:exchange-matrix[1] = 6e-21\n";
    for (const std::string& structure : {hcp, rocksalt})
        for (const char* integrator : {"llg-heun", "monte-carlo"}) {
            const Config c = test::config_from_text(structure + run_settings +
                                                    "sim:integrator = " + integrator + "\n");
            const Result ref = run_on(1, 1, c);
            expect_any_decomposition(c, ref,
                                     std::string(word_of(c.structure.crystal)) + ", " + integrator);
        }
}

}  // namespace
