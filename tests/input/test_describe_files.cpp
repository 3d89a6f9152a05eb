// describe() with what it cannot hold in its own lines, and fingerprints written by older versions:
// a unit-cell file reads back whole from its path, and a version 1 run state's fingerprint
// compares setting by setting.
#include <gtest/gtest.h>

#include "checkpoint/run_state_io.hpp"
#include "input/describe_support.hpp"

namespace miniasd {
namespace {

using namespace describe_test;

// A unit-cell file's cell, atoms and bonds are part of the configuration and read back whole; the
// crystal structure and cell size it replaces are not described.
TEST(Describe, AUnitCellFileReadsBack) {
    const std::map<std::string, std::string> files{
        {"cell.ucf",
         "2.5 2.5 3\n1 0 0\n0 1 0\n0 0 1\n2\n0 0 0 0 0\n1 0.5 0.5 0.5 1\n"
         "4 vectorial\n0 0 1 0 0 0 1e-21 1e-21 2e-21\n1 1 0 0 0 0 1e-21 1e-21 2e-21\n"
         "2 0 0 1 0 0 3e-22 3e-22 3e-22\n3 0 0 -1 0 0 3e-22 3e-22 3e-22\n"}};
    const std::string input =
        "material:unit-cell-file = cell.ucf\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:atomic-spin-moment = 1 !muB\nmaterial[2]:unit-cell-category = 2\n";
    const Config c = parse_text(input, files);
    ASSERT_EQ(c.unit_cell_file.bonds.size(), 4u);
    EXPECT_EQ(c.structure.unit_cell[2], 3e-10);
    const std::string d = describe(c);
    EXPECT_NE(d.find("material:unit-cell-file = cell.ucf"), std::string::npos) << d;
    EXPECT_EQ(d.find("crystal-structure"), std::string::npos) << d;
    EXPECT_EQ(d.find("unit-cell-size"), std::string::npos) << d;
    const Config back = parse_text(d, files);
    std::string why;
    EXPECT_TRUE(same(c, back, &why)) << why;
}

// A checkpoint's fingerprint compares setting by setting, whatever the layout that wrote it.
// This is the fingerprint a version 1 run state holds (written by miniasd before describe() was
// generated from the keyword table): 17 digits in Å, fewer lines, and lengths one unit in the
// last place off (3.52 Å printed as 3.5200000000000005). It reads as the same settings to within
// 4 ulps, and a changed constant is still refused.
TEST(Describe, AVersion1FingerprintComparesBySetting) {
    const std::string older =
        "create:crystal-structure = bcc\n"
        "dimensions:unit-cell-size-x = 3.5200000000000005 !A\n"
        "dimensions:system-size-x = 30.000000000000004 !A\n"
        "dimensions:unit-cell-size-y = 3.5200000000000005 !A\n"
        "dimensions:system-size-y = 30.000000000000004 !A\n"
        "dimensions:unit-cell-size-z = 3.5200000000000005 !A\n"
        "dimensions:system-size-z = 30.000000000000004 !A\n"
        "material:num-materials = 1\n"
        "material[1]:material-name = Fe\n"
        "material[1]:atomic-spin-moment = 2.2200000000000002 !muB\n"
        "material[1]:damping-constant = 0.10000000000000001\n"
        "material[1]:exchange-matrix[1] = 7.0499999999999993e-21 !J\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 0 !J\n"
        "material[1]:uniaxial-anisotropy-direction = 0,0,1\n"
        "material[1]:fourth-order-cubic-anisotropy-constant = 0 !J\n"
        "material[1]:initial-spin-direction = 0,0,1\n"
        "material[1]:minimum-height = 0\n"
        "material[1]:maximum-height = 1\n"
        "sim:program = time-series\n"
        "sim:integrator = llg-heun\n"
        "sim:temperature = 300 !K\n"
        "sim:time-step = 1.0000000000000001e-15 !s\n"
        "sim:equilibration-time-steps = 0\n"
        "sim:total-time-steps = 1000\n"
        "sim:time-steps-increment = 1\n"
        "sim:applied-field-strength = 0 !T\n"
        "sim:applied-field-unit-vector = 0,0,1\n"
        "sim:integrator-random-seed = 12345\n"
        "sim:save-checkpoint = end\n"
        "sim:checkpoint-directory = checkpoints\n"
        "sim:checkpoints-kept = 1\n";
    const std::string input =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3.52 !A\n"
        "dimensions:system-size = 3 !nm\nmaterial[1]:material-name = Fe\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:damping-constant = 0.1\n"
        "material[1]:exchange-matrix[1] = 7.05e-21\nsim:temperature = 300\n"
        "sim:total-time-steps = 2000\nsim:save-checkpoint = end\n";
    const InputChanges same_run =
        compare_fingerprints(redescribe(older), describe(parse_text(input)), 4);
    EXPECT_TRUE(same_run.refused.empty()) << same_run.refused.front();
    ASSERT_EQ(same_run.allowed.size(), 1u);
    EXPECT_EQ(same_run.allowed[0], "sim:total-time-steps: 1000 -> 2000");
    // Exactly, the lengths differ: the tolerance is what lets the older file continue.
    EXPECT_FALSE(
        compare_fingerprints(redescribe(older), describe(parse_text(input))).refused.empty());

    const std::string cubic =
        input + "material[1]:fourth-order-cubic-anisotropy-constant = 1e-25\n";
    const InputChanges changed =
        compare_fingerprints(redescribe(older), describe(parse_text(cubic)), 4);
    ASSERT_EQ(changed.refused.size(), 1u);
    EXPECT_EQ(changed.refused[0],
              "material[1]:fourth-order-cubic-anisotropy-constant: 0 !J -> 1e-25 !J");
}

}  // namespace
}  // namespace miniasd
