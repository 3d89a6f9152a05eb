// The start-up exchange summary against numbers worked out by hand: shells (radius, bonds per
// atom, J), the mean-field T_c (k_B T_c = z J / 3; for two sublattices the largest eigenvalue of
// the sublattice coupling matrix over 3 k_B) and the spin-wave stiffness hbar gamma sum J r^2 /
// (6 mu_s).
#include <gtest/gtest.h>

#include <cmath>

#include "physics/ucf_files.hpp"
#include "support/test_support.hpp"
#include "system/exchange_summary.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

const double kB = constants::boltzmann;

TEST(ExchangeSummary, BuiltInBccNearestNeighbours) {
    const Config c = test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21\n");
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    ASSERT_EQ(s.shells.size(), 1u);
    EXPECT_NEAR(s.shells[0].radius, 2.87e-10 * std::sqrt(3.0) / 2, 1e-22);
    EXPECT_DOUBLE_EQ(s.shells[0].per_atom, 8);
    EXPECT_DOUBLE_EQ(s.shells[0].j_min, 7.05e-21);
    EXPECT_NEAR(s.curie_temperature, 8 * 7.05e-21 / (3 * kB), 1e-9);
    const double r2 = 0.75 * 2.87e-10 * 2.87e-10;
    const double mu = 2.22 * constants::bohr_magneton;
    EXPECT_NEAR(s.stiffness / (constants::hbar * constants::gyromagnetic_ratio * 8 * 7.05e-21 * r2 /
                               (6 * mu)),
                1.0, 1e-12);
    EXPECT_NE(describe(s).find("Mean-field Curie temperature 1362 K"), std::string::npos)
        << describe(s);
}

// Every built-in crystal whose sites all have the same first-shell coordination z: one material
// with J on each bond orders in the mean field at k_B T_c = z J / 3 (the coupling matrix's rows
// all add up to z J). z from docs/physics.md's table; heusler's cutoff takes three shells.
TEST(ExchangeSummary, MeanFieldCurieTemperatureOfEveryUniformCrystal) {
    const std::pair<const char*, int> crystals[] = {{"sc", 6},
                                                    {"bcc", 8},
                                                    {"fcc", 12},
                                                    {"hcp", 12},
                                                    {"bcc-110", 8},
                                                    {"heusler", 26},
                                                    {"honeycomb", 3},
                                                    {"kagome", 4},
                                                    {"rocksalt", 6},
                                                    {"mn2au", 4},
                                                    {"fcc-111", 12},
                                                    {"alpha-honeycomb", 3},
                                                    {"beta-honeycomb", 3}};
    for (const auto& [crystal, z] : crystals) {
        const Config c = test::config_from_text(
            std::string("create:crystal-structure = ") + crystal +
            "\ndimensions:unit-cell-size = 3 !A\ndimensions:system-size = 3 !nm\n"
            "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 2e-21\n");
        const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
        EXPECT_NEAR(s.curie_temperature / (z * 2e-21 / (3 * kB)), 1.0, 1e-12) << crystal;
        double per_atom = 0;
        for (const ExchangeShell& shell : s.shells)
            per_atom += shell.per_atom;
        EXPECT_NEAR(per_atom, z, 1e-9) << crystal;  // an average over the cell's sites
    }
}

// exchange:function = shell: each shell's J is its own exchange-matrix-<k>-nn (the summary once
// printed the first shell's J for every shell).
TEST(ExchangeSummary, ShellsOfTheBuiltInCrystalTakeTheirOwnJ) {
    const Config c = test::config_from_text(
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "exchange:function = shell\nexchange:interaction-range = 1.5\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
        "material[1]:exchange-matrix-2nd-nn[1] = 1e-21\n");
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    ASSERT_EQ(s.shells.size(), 2u);
    EXPECT_DOUBLE_EQ(s.shells[0].j_min, 5e-21);
    EXPECT_DOUBLE_EQ(s.shells[1].j_min, 1e-21);
    EXPECT_DOUBLE_EQ(s.shells[1].j_max, 1e-21);
    EXPECT_NEAR(s.curie_temperature, (6 * 5e-21 + 12 * 1e-21) / (3 * kB), 1e-9);
}

// Antiparallel sublattices: only J_12 links them (bcc corners to centres), so the ordering
// temperature is 8 |J_12| / 3 k_B whatever J_11 and J_22 on their empty shell are.
TEST(ExchangeSummary, FerrimagnetOrdersAtTheLargestEigenvalue) {
    const Config c = test::config_from_text(
        "create:crystal-structure = bcc\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:atomic-spin-moment = 7 !muB\nmaterial[2]:unit-cell-category = 2\n"
        "material[1]:exchange-matrix[2] = -3e-21\n");
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    EXPECT_NEAR(s.curie_temperature, 8 * 3e-21 / (3 * kB), 1e-9);
}

TEST(ExchangeSummary, ShellsOfAUnitCellFile) {
    const double a = 3;
    const std::string ucf = test::make_ucf(
        {a, a, a}, {{{0, 0, 0}}}, "tensorial",
        [&](int, const std::array<double, 3>& r) {
            const double d = test::length(r);
            if (std::abs(d - a) < 1e-6)
                return std::vector<double>{2e-21, 0, 0, 0, 2e-21, 0, 0, 0, 5e-21};
            if (std::abs(d - a * std::sqrt(2.0)) < 1e-6)
                return std::vector<double>{1e-21, 0, 0, 0, 1e-21, 0, 0, 0, 1e-21};
            return std::vector<double>{};
        },
        1);
    const Config c = test::config_from_files(
        "material:unit-cell-file = s.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n",
        {{"s.ucf", ucf}});
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    ASSERT_EQ(s.shells.size(), 2u);
    EXPECT_DOUBLE_EQ(s.shells[0].per_atom, 6);
    EXPECT_DOUBLE_EQ(s.shells[0].j_min, 3e-21);         // (2 + 2 + 5) / 3
    EXPECT_DOUBLE_EQ(s.shells[0].j_anisotropy, 2e-21);  // 5 - 3
    EXPECT_DOUBLE_EQ(s.shells[1].per_atom, 12);
    EXPECT_NEAR(s.shells[1].radius, a * std::sqrt(2.0) * 1e-10, 1e-22);
    EXPECT_NEAR(s.curie_temperature, (6 * 3e-21 + 12 * 1e-21) / (3 * kB), 1e-9);
    EXPECT_NE(describe(s).find("anisotropic/DMI parts up to 2e-21"), std::string::npos)
        << describe(s);
}

}  // namespace

// Films: the bonds, T_c and stiffness of the system's own layers. An sc monolayer has 4 bonds
// per atom (k_B T_c = 4 J / 3), a bilayer 5 (4 in-plane and one to the other layer), N layers
// the largest eigenvalue of the layer chain, 4 J + 2 J cos(pi / (N + 1)); a bilayer of two
// materials J1 and J2 in-plane and J12 between them, the larger root of
// (4 J1 - l)(4 J2 - l) = J12^2. The in-plane stiffness of sc is hbar gamma J a^2 / mu whatever
// the thickness. A thick box with open boundaries stays bulk.
TEST(ExchangeSummary, AFilmCountsItsOwnLayers) {
    auto film = [](const std::string& layers, const std::string& extra = "") {
        const Config c = test::config_from_text(
            "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
            "dimensions:system-size-x = 6 !nm\ndimensions:system-size-y = 6 !nm\n"
            "dimensions:system-size-z = " +
            layers +
            "\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
            "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n" +
            extra);
        return summarise_exchange(c, make_lattice(c));
    };
    const double J = 1e-21, a = 3e-10, mu = 2 * constants::bohr_magneton;
    const double d = constants::hbar * constants::gyromagnetic_ratio * J * a * a / mu;
    const ExchangeSummary one = film("3 !A");
    ASSERT_EQ(one.shells.size(), 1u);
    EXPECT_DOUBLE_EQ(one.shells[0].per_atom, 4);
    EXPECT_NEAR(one.curie_temperature, 4 * J / (3 * kB), 1e-9);
    EXPECT_NEAR(one.stiffness / d, 1.0, 1e-12);
    EXPECT_TRUE(one.thin[2]);
    EXPECT_NE(describe(one).find("Thin along z"), std::string::npos) << describe(one);
    const ExchangeSummary two = film("6 !A");
    EXPECT_DOUBLE_EQ(two.shells[0].per_atom, 5);
    EXPECT_NEAR(two.curie_temperature, 5 * J / (3 * kB), 1e-9);
    for (int n : {3, 5, 8}) {
        const ExchangeSummary s = film(std::to_string(3 * n) + " !A");
        EXPECT_NEAR(s.curie_temperature, (4 + 2 * std::cos(M_PI / (n + 1))) * J / (3 * kB), 1e-9)
            << n;
        EXPECT_NEAR(s.shells[0].per_atom, 4 + 2.0 * (n - 1) / n, 1e-12) << n;
        EXPECT_NEAR(s.stiffness / d, 1.0, 1e-12) << n;
    }
    // Two materials by height: J1 = 1e-21 below, J2 = 3e-21 above, J12 = 2e-21 between.
    const ExchangeSummary mixed =
        film("6 !A",
             "material:num-materials = 2\nmaterial[1]:maximum-height = 0.5\n"
             "material[1]:exchange-matrix[2] = 2e-21\nmaterial[2]:minimum-height = 0.5\n"
             "material[2]:atomic-spin-moment = 2 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
             "material[2]:exchange-matrix[1] = 2e-21\n");
    const double a11 = 4e-21, a22 = 12e-21, a12 = 2e-21;
    const double l = (a11 + a22) / 2 + std::sqrt((a11 - a22) * (a11 - a22) / 4 + a12 * a12);
    EXPECT_NEAR(mixed.curie_temperature, l / (3 * kB), 1e-9);
    // 20 layers (thicker than 16 cells): bulk, 6 bonds. So is a 3 nm open cube (the tests above).
    EXPECT_DOUBLE_EQ(film("6 !nm").shells[0].per_atom, 6);
    EXPECT_FALSE(film("6 !nm").thin[2]);
}

// A film one cell thick whose other layers' material is removed: the summary counts the bonds the
// energy counts, the six of an fcc (111) monolayer (it counted 10, the cell's average over its
// three layers, bonds to the removed atoms included).
TEST(ExchangeSummary, AMonolayerOfARemovedCellCountsItsOwnBonds) {
    const Config c = test::config_from_text(
        "create:crystal-structure = fcc-111\ndimensions:unit-cell-size = 3.54 !A\n"
        "dimensions:system-size-x = 3 !nm\ndimensions:system-size-y = 3 !nm\n"
        "dimensions:system-size-z = 1 !A\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 1.7 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
        "material[1]:maximum-height = 0.3\nmaterial[2]:atomic-spin-moment = 1.7 !muB\n"
        "material[2]:minimum-height = 0.3\nmaterial[2]:non-magnetic = remove\n");
    const ExchangeSummary s = summarise_exchange(c, make_lattice(c));
    ASSERT_EQ(s.shells.size(), 1u);
    EXPECT_DOUBLE_EQ(s.shells[0].per_atom, 6);
    EXPECT_DOUBLE_EQ(s.shells[0].j_min, 5e-21);
}
