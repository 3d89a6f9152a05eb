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
