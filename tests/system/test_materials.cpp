// Where each material sits: VAMPIRE's placement (create::internal::layers, unitcell::read) on
// unit-cell files and built-in crystals. Each case states what VAMPIRE gives for the same input.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/materials.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

// A bcc cell written as a unit-cell file: corner atom column `corner`, centre atom column
// `centre`, nearest-neighbour bonds only.
std::string bcc_file(int corner, int centre) {
    std::string t = "2.87 2.87 2.87\n1 0 0\n0 1 0\n0 0 1\n2\n";
    t += "0 0.0 0.0 0.0 " + std::to_string(corner) + " 0 0\n";
    t += "1 0.5 0.5 0.5 " + std::to_string(centre) + " 0 0\n";
    t += "16 isotropic\n";
    int id = 0;
    for (int dx = -1; dx <= 0; ++dx)
        for (int dy = -1; dy <= 0; ++dy)
            for (int dz = -1; dz <= 0; ++dz)
                t += std::to_string(id++) + " 0 1 " + std::to_string(dx) + " " +
                     std::to_string(dy) + " " + std::to_string(dz) + " 1e-21\n";
    for (int dx = 0; dx <= 1; ++dx)
        for (int dy = 0; dy <= 1; ++dy)
            for (int dz = 0; dz <= 1; ++dz)
                t += std::to_string(id++) + " 1 0 " + std::to_string(dx) + " " +
                     std::to_string(dy) + " " + std::to_string(dz) + " 1e-21\n";
    return t;
}

std::string two_materials(const std::string& extra) {
    return "material:num-materials = 2\n"
           "material[1]:atomic-spin-moment = 2\n"
           "material[2]:atomic-spin-moment = 1\n"
           "dimensions:system-size-x = 1.148 !nm\n"
           "dimensions:system-size-y = 1.148 !nm\n"
           "dimensions:system-size-z = 2.296 !nm\n" +
           extra;
}

// Material (1-based) of every atom, keyed by (layer cz, basis site).
std::map<std::pair<int, int>, int> placement(const Config& c) {
    const Lattice l = make_lattice(c);
    const MaterialMap map(c, l);
    std::map<std::pair<int, int>, int> out;
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz)
        for (int s = 0; s < l.sites(); ++s)
            out[{static_cast<int>(cz), s}] = map.of(l.gid(0, 0, cz, s)) + 1;
    return out;
}

// The built-in bcc crystal of the same size, two materials.
Config bcc_crystal(const std::string& extra) {
    return test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n" +
        two_materials(extra));
}

Config from_file(const std::string& extra, int corner, int centre) {
    return test::config_from_files("material:unit-cell-file = bcc.ucf\n" + two_materials(extra),
                                   {{"bcc.ucf", bcc_file(corner, centre)}});
}

}  // namespace

// The defect this fixes: without unit-cell-category every atom was material 1. VAMPIRE gives each
// atom the material its column names.
TEST(Materials, UnitCellFileColumnsNameTheMaterialsWithoutAnyCategory) {
    for (const auto& [at, m] : placement(from_file("", 0, 1)))
        EXPECT_EQ(m, at.second + 1) << "layer " << at.first << " site " << at.second;
    for (const auto& [at, m] : placement(from_file("", 1, 0)))
        EXPECT_EQ(m, 2 - at.second) << "layer " << at.first << " site " << at.second;
}

// TB2J writes material[i]:unit-cell-category = i for every material: the identity, the same.
TEST(Materials, IdentityCategoriesAsTb2jWritesThemChangeNothing) {
    const Config c =
        from_file("material[1]:unit-cell-category = 1\nmaterial[2]:unit-cell-category = 2\n", 0, 1);
    for (const auto& [at, m] : placement(c))
        EXPECT_EQ(m, at.second + 1);
}

// A height rule reassigns only the atoms of the categories it admits (a material without
// unit-cell-category admits column 0 alone); the others keep their column's material.
TEST(Materials, HeightRulesInAFileReassignOnlyTheirCategory) {
    const Config c = from_file("material[2]:minimum-height = 0.5\n", 0, 0);
    // Both atoms column 0, eight layers: material 2 (the last that admits them) from z = 0.5 up;
    // below it material 1 (its default range holds every height).
    for (const auto& [at, m] : placement(c))
        EXPECT_EQ(m, at.first >= 4 ? 2 : 1) << at.first;
    const Config d =
        from_file("material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n", 0, 1);
    // Column-1 atoms are admitted by no material without a category: they stay material 2 in the
    // bottom half too, where material 1's range lies.
    for (const auto& [at, m] : placement(d))
        EXPECT_EQ(m, at.second == 1 ? 2 : (at.first >= 4 ? 2 : 1)) << at.first << at.second;
}

TEST(Materials, AColumnWithoutAMaterialIsRefusedWithTheFile) {
    try {
        from_file("", 0, 2);
        FAIL() << "a material column 2 with two materials was accepted";
    } catch (const std::exception& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("bcc.ucf"), std::string::npos) << what;
        EXPECT_NE(what.find("material column 2"), std::string::npos) << what;
    }
}

// Built-in crystals: overlapping height ranges give the site to the last material (VAMPIRE's
// loop overwrites); before, the first won and material 2 was silently nowhere.
TEST(Materials, OverlappingHeightsOnACrystalGiveTheSiteToTheLastMaterial) {
    const Config c = bcc_crystal("material[2]:minimum-height = 0.5\n");
    for (const auto& [at, m] : placement(c))
        EXPECT_EQ(m, at.first >= 4 ? 2 : 1) << at.first;
}

TEST(Materials, ACategoryOnACrystalTakesItsSitesFromADefaultMaterial) {
    const Config c = bcc_crystal("material[2]:unit-cell-category = 2\n");
    for (const auto& [at, m] : placement(c))
        EXPECT_EQ(m, at.second + 1);
}

// Without any category or height every site of a crystal takes the first material (VAMPIRE: the
// crystal's own column, 0).
TEST(Materials, WithoutRulesACrystalTakesTheFirstMaterial) {
    const Config c = bcc_crystal("");
    for (const auto& [at, m] : placement(c))
        EXPECT_EQ(m, 1);
}

namespace {

// Atoms of each material (1-based) in a 12^3-cell bcc box with the given materials' lines.
std::map<int, std::int64_t> dilute_counts(const std::string& extra, std::int64_t* atoms) {
    const Config c = test::config_from_text(
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size = 3.444 !nm\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2\nmaterial[2]:atomic-spin-moment = 1\n"
        "material[2]:unit-cell-category = 2\n" +
        extra);
    const Lattice l = make_lattice(c);
    const MaterialMap map(c, l);
    std::map<int, std::int64_t> n;
    for (std::int64_t g = 0; g < l.id_space(); ++g) {
        std::int64_t cx, cy, cz;
        int s;
        l.decode(g, cx, cy, cz, s);
        if (l.present(cx, cy, cz, s)) ++n[map.of(g) + 1];
    }
    *atoms = l.atoms();
    return n;
}

}  // namespace

// VAMPIRE's dilution (material[i]:density): each site of the material holds an atom with
// probability d, drawn per site. 1728 sites per material: the kept count is binomial, within 5
// standard deviations of 1728 d; the lattice's count agrees with the sites present; another seed
// empties other sites; a material without density keeps every site.
TEST(Materials, DensityLeavesAFractionOfTheMaterialsSitesEmpty) {
    std::int64_t atoms = 0;
    const auto n = dilute_counts("material[1]:density = 0.7\n", &atoms);
    const double expected = 1728 * 0.7, sigma = std::sqrt(1728 * 0.7 * 0.3);
    EXPECT_NEAR(double(n.at(1)), expected, 5 * sigma);
    EXPECT_EQ(n.at(2), 1728);
    EXPECT_EQ(atoms, n.at(1) + n.at(2));
    std::int64_t other = 0;
    const auto m =
        dilute_counts("material[1]:density = 0.7\ncreate:dilution-random-seed = 7\n", &other);
    EXPECT_NE(m.at(1), n.at(1));  // another draw (fixed seeds: the same answer every run)
    const auto zero = dilute_counts("material[2]:density = 0\n", &other);
    EXPECT_EQ(zero.count(2), 0u);
    EXPECT_EQ(other, 1728);
}

// Every site empty is refused before the run, naming the keywords.
TEST(Materials, ADensityThatEmptiesEverySiteIsRefused) {
    std::int64_t atoms = 0;
    try {
        dilute_counts("material[1]:density = 0\nmaterial[2]:density = 0\n", &atoms);
        FAIL() << "accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("material[i]:density"), std::string::npos) << e.what();
    }
}
