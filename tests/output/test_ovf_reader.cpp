// The OVF 2.0 reader (output/format/ovf_reader.hpp) takes exactly the format: the mesh unit is
// honoured (Spirit's nm, mumax's m, angstrom) and any other refused; header sizes are checked
// against the bytes in the file before anything is allocated (nodes whose product overflows, a
// short file claiming millions of nodes); a text row must hold exactly three numbers; binary data
// must end where the header says. Every refusal names the file and, where there is one, the line.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "output/format/ovf_reader.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

// A header of nx x ny x 1 nodes of `step` in `unit`, data of `form`.
std::string header(const std::string& unit, long long nx, long long ny, double step,
                   const std::string& form, const std::string& extra = "") {
    std::string h = "# OOMMF OVF 2.0\n#\n# Segment count: 1\n# Begin: Segment\n# Begin: Header\n";
    h += "# Title: m\n# meshtype: rectangular\n# meshunit: " + unit + "\n# valuedim: 3\n";
    h += "# valuelabels: m_x m_y m_z\n# valueunits: 1 1 1\n" + extra;
    const std::string s = std::to_string(step), half = std::to_string(step / 2);
    h += "# xbase: " + half + "\n# ybase: " + half + "\n# zbase: " + half + "\n";
    h +=
        "# xnodes: " + std::to_string(nx) + "\n# ynodes: " + std::to_string(ny) + "\n# znodes: 1\n";
    h += "# xstepsize: " + s + "\n# ystepsize: " + s + "\n# zstepsize: " + s + "\n";
    return h + "# End: Header\n# Begin: Data " + form + "\n";
}

std::string text_rows(int nodes, const std::string& row = "0 0 1") {
    std::string d;
    for (int k = 0; k < nodes; ++k)
        d += row + "\n";
    return d + "# End: Data Text\n# End: Segment\n";
}

std::string binary8(const std::vector<double>& v,
                    const std::string& end = "\n# End: Data Binary 8\n") {
    std::string d(8, '\0');
    const double check = 123456789012345.0;
    std::memcpy(d.data(), &check, 8);
    for (const double x : v)
        d.append(reinterpret_cast<const char*>(&x), 8);
    return d + end + "# End: Segment\n";
}

// The error parse_ovf throws, "" if none.
std::string refusal(const std::string& bytes) {
    try {
        parse_ovf(bytes, "m.ovf");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(OvfReader, MeshUnitsAreHonoured) {
    // Spirit writes nm: 0.25 nm cells are 2.5e-10 m, not 0.25 m.
    for (const auto& [unit, metres] :
         std::vector<std::pair<std::string, double>>{{"m", 1},
                                                     {"nm", 1e-9},
                                                     {"NM", 1e-9},
                                                     {"A", 1e-10},
                                                     {"angstrom", 1e-10},
                                                     {"\xc3\x85", 1e-10},
                                                     {"um", 1e-6},
                                                     {"mm", 1e-3}}) {
        const OvfGrid g = parse_ovf(header(unit, 2, 1, 0.25, "Text") + text_rows(2), "m.ovf");
        EXPECT_DOUBLE_EQ(g.step[0], 0.25 * metres) << unit;
        EXPECT_DOUBLE_EQ(g.base[1], 0.125 * metres) << unit;
        EXPECT_EQ(g.values.size(), 6u);
        EXPECT_EQ(g.values[5], 1);
    }
    // "##" starts a comment anywhere on a line (Spirit: "# valuedim: 3   ## field dimensionality").
    std::string commented = header("nm", 2, 1, 0.25, "Text") + text_rows(2, "0 0 1  ## a node");
    commented.replace(commented.find("valuedim: 3"), 11, "valuedim: 3   ## field dimensionality");
    EXPECT_EQ(parse_ovf(commented, "m.ovf").values[5], 1);
    const std::string e = refusal(header("furlong", 2, 1, 0.25, "Text") + text_rows(2));
    EXPECT_NE(e.find("the OVF file 'm.ovf', line 8: meshunit 'furlong': expected m, mm, um, nm "
                     "or A"),
              std::string::npos)
        << e;
    std::string no_unit = header("m", 2, 1, 0.25, "Text") + text_rows(2);
    no_unit.erase(no_unit.find("# meshunit: m\n"), 14);
    EXPECT_NE(refusal(no_unit).find("no 'meshunit' line"), std::string::npos);
}

TEST(OvfReader, TextRowsHoldExactlyThreeNumbers) {
    // One row with a fourth number would shift every later spin.
    const std::string rows = "0 0 1\n0 1 0 7\n1 0 0\n# End: Data Text\n";
    std::string e = refusal(header("nm", 3, 1, 1, "Text") + rows);
    EXPECT_NE(e.find("line 24: a row holds more than 3 numbers: '0 1 0 7'"), std::string::npos)
        << e;
    e = refusal(header("nm", 3, 1, 1, "Text") + "0 0 1\n0 1\n1 0 0\n# End: Data Text\n");
    EXPECT_NE(e.find("line 24: expected a row of 3 numbers, got '0 1'"), std::string::npos) << e;
    e = refusal(header("nm", 2, 1, 1, "Text") + text_rows(3));
    EXPECT_NE(e.find("more data than the header's 2 nodes"), std::string::npos) << e;
    e = refusal(header("nm", 3, 1, 1, "Text") + text_rows(2));
    EXPECT_NE(e.find("the text data end after 2 of 3 nodes"), std::string::npos) << e;
    e = refusal(header("nm", 2, 1, 1, "Text") + "0 0 1\n0 0 1\n");
    EXPECT_NE(e.find("no '# End: Data Text' line"), std::string::npos) << e;
    e = refusal(header("nm", 2, 1, 1, "Text") + "0 0 1\n0 0 x\n# End: Data Text\n");
    EXPECT_NE(e.find("line 24: expected a row of 3 numbers"), std::string::npos) << e;
}

TEST(OvfReader, DeclaredSizesAreCheckedAgainstTheFileFirst) {
    // Nodes whose product overflows 64 bits, and a small file claiming millions of nodes: both
    // refused before any allocation, saying what the bytes could hold.
    std::string e =
        refusal(header("m", 2147483647, 2147483647, 1, "Binary 8") + binary8({0, 0, 1}));
    EXPECT_NE(e.find("declares 2147483647 x 2147483647 x 1 nodes"), std::string::npos) << e;
    e = refusal(header("m", 2000, 1000, 1, "Text") + text_rows(10));
    EXPECT_NE(e.find("declares 2000 x 1000 x 1 nodes, but the"), std::string::npos) << e;
    e = refusal(header("m", 4294967296LL, 1, 1, "Text") + text_rows(1));
    EXPECT_NE(e.find("xnodes: '4294967296' is not a whole number from 1 to 2^31 - 1"),
              std::string::npos)
        << e;
    e = refusal(header("m", 0, 1, 1, "Text") + text_rows(1));
    EXPECT_NE(e.find("xnodes: '0' is not a whole number"), std::string::npos) << e;
    e = refusal(header("m", 2, 1, 1, "Text", "# xbase: nan\n") + text_rows(2));
    EXPECT_NE(e.find("xbase: 'nan' is not a finite number"), std::string::npos) << e;
}

TEST(OvfReader, BinaryDataEndWhereTheHeaderSays) {
    const OvfGrid g =
        parse_ovf(header("nm", 2, 1, 1, "Binary 8") + binary8({1, 0, 0, 0, 1, 0}), "m.ovf");
    EXPECT_EQ(g.values, (std::vector<double>{1, 0, 0, 0, 1, 0}));
    // Three more numbers than the header's two nodes: not silently ignored.
    std::string e =
        refusal(header("nm", 2, 1, 1, "Binary 8") + binary8({1, 0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_NE(e.find("no '# End: Data' line right after the header's 2 nodes"), std::string::npos)
        << e;
    e = refusal(header("nm", 2, 1, 1, "Binary 8") + binary8({1, 0, 0, 0, 1, 0}, "\n"));
    EXPECT_NE(e.find("no '# End: Data' line"), std::string::npos) << e;
    e = refusal(header("nm", 2, 1, 1, "Binary 4") + binary8({1, 0, 0, 0, 1, 0}));
    EXPECT_NE(e.find("not 1234567: the file is not little-endian OVF 2.0, or its numbers are "
                     "not 4 bytes long as '# Begin: Data Binary 4' says"),
              std::string::npos)
        << e;
    e = refusal(header("nm", 2, 1, 1, "Binary 2") + binary8({1, 0, 0}));
    EXPECT_NE(e.find("'# Begin: Data Binary 2': the data must be"), std::string::npos) << e;
}

TEST(OvfReader, OneSegmentOfThreeValuesOnARectangularMesh) {
    std::string two = header("m", 1, 1, 1, "Text") + text_rows(1);
    two.replace(two.find("Segment count: 1"), 16, "Segment count: 2");
    EXPECT_NE(refusal(two).find("line 3: the file holds 2 segments"), std::string::npos);
    std::string dim = header("m", 1, 1, 1, "Text") + text_rows(1);
    dim.replace(dim.find("valuedim: 3"), 11, "valuedim: 1");
    EXPECT_NE(refusal(dim).find("valuedim 1: spins need 3 values"), std::string::npos);
    std::string irregular = header("m", 1, 1, 1, "Text") + text_rows(1);
    irregular.replace(irregular.find("rectangular"), 11, "irregular");
    EXPECT_NE(refusal(irregular).find("meshtype 'irregular'"), std::string::npos);
    EXPECT_NE(refusal("# OOMMF: rectangular mesh v1.0\n").find("not an OVF 2.0 file"),
              std::string::npos);
}
