// VAMPIRE's unit-cell files: what is read from each line, and every mistake named with the file,
// the line and what was expected.
#include <gtest/gtest.h>

#include "input/unit_cell_file.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// Two sites, one +x bond each way (a chain), isotropic joules; comments and blank lines anywhere.
const std::string head =
    "# a chain\n"
    "2.5 3 4   # cell, Angstrom\n"
    "1 0 0\n0 1 0\n0 0 1\n"
    "2\n"
    "0 0 0 0 0\n"
    "\n"
    "1 0.5 0 0 1 2 3\n";
const std::string bonds =
    "4 isotropic\n"
    "0 0 1 0 0 0 1e-21\n"
    "1 1 0 0 0 0 1e-21\n"
    "2 1 0 1 0 0 2e-21\n"
    "3 0 1 -1 0 0 2e-21\n";

// The message of the mistake(s) parsing `text` gives; "" when it parses.
std::string mistake(const std::string& text) {
    try {
        parse_unit_cell_file(text, "x.ucf");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(UnitCellFile, ReadsCellAtomsAndBonds) {
    const UnitCellFile u = parse_unit_cell_file(head + bonds, "x.ucf");
    EXPECT_EQ(u.size, (Vec3{2.5e-10, 3e-10, 4e-10}));
    ASSERT_EQ(u.atoms.size(), 2u);
    EXPECT_EQ(u.atoms[1].position, (Vec3{0.5, 0, 0}));
    EXPECT_EQ(u.atoms[1].category, 1);
    EXPECT_EQ(u.atoms[1].lattice_category, 2);
    EXPECT_EQ(u.atoms[1].height_category, 3);
    EXPECT_EQ(u.categories(), 2);
    EXPECT_EQ(u.form, CouplingForm::isotropic);
    EXPECT_FALSE(u.normalised);
    ASSERT_EQ(u.bonds.size(), 4u);
    EXPECT_EQ(u.bonds[2].dx, 1);
    EXPECT_EQ(u.bonds[2].line, 13);
    // An isotropic value fills the diagonal.
    EXPECT_EQ(u.bonds[2].value, (std::array<double, 9>{2e-21, 0, 0, 0, 2e-21, 0, 0, 0, 2e-21}));
}

// The forms other tools write for VAMPIRE (docs/unit-cell-files.md): magnopy's lattice vectors
// are the edges in Angstrom and it writes a zero on-site row; TB2J and magnopy put a second number
// (the material count) on the atom-count line. Each reads as the plain file does.
TEST(UnitCellFile, ReadsTheFormsTB2JAndMagnopyWrite) {
    const UnitCellFile plain = parse_unit_cell_file(head + bonds, "x.ucf");
    std::string other = head;
    other.replace(other.find("1 0 0\n0 1 0\n0 0 1\n2\n"), 19,
                  "2.50000000 0 0\n0.0 3.0 0.0\n0 0 4.00000000\n2 2\n");
    const std::string with_self =
        "5 isotropic\n0 0 0 0 0 0 0\n" + bonds.substr(bonds.find('\n') + 1);
    const UnitCellFile u = parse_unit_cell_file(other + with_self, "x.ucf");
    EXPECT_EQ(u.size, plain.size);
    EXPECT_EQ(u.atoms, plain.atoms);
    EXPECT_EQ(u.bonds.size(), plain.bonds.size());  // the zero on-site row is dropped
    EXPECT_EQ(digest(u), digest(plain));
}

TEST(UnitCellFile, ReadsEveryExchangeType) {
    const std::string v = "2 normalised-vectorial\n0 0 0 1 0 0 1 2 3\n1 0 0 -1 0 0 1 2 3\n";
    const std::string one = "2.5 2.5 2.5\n1 0 0\n0 1 0\n0 0 1\n1\n0 0 0 0\n";
    const UnitCellFile a = parse_unit_cell_file(one + v, "x.ucf");
    EXPECT_EQ(a.form, CouplingForm::diagonal);
    EXPECT_TRUE(a.normalised);
    EXPECT_EQ(a.bonds[0].value, (std::array<double, 9>{1, 0, 0, 0, 2, 0, 0, 0, 3}));
    // A tensor's reverse holds its transpose.
    const std::string t =
        "2 normalized-tensorial\n0 0 0 1 0 0 1 2 3 4 5 6 7 8 9\n"
        "1 0 0 -1 0 0 1 4 7 2 5 8 3 6 9\n";
    const UnitCellFile b = parse_unit_cell_file(one + t, "x.ucf");
    EXPECT_EQ(b.form, CouplingForm::tensor);
    EXPECT_EQ(b.bonds[0].value[1], 2);
    EXPECT_EQ(b.bonds[1].value[1], 4);
}

// VAMPIRE's optional second block: biquadratic bonds, checked like the bilinear ones.
TEST(UnitCellFile, ReadsABiquadraticBlock) {
    const UnitCellFile plain = parse_unit_cell_file(head + bonds, "x.ucf");
    EXPECT_FALSE(plain.has_biquadratic);
    const std::string bq = "2 normalised-isotropic\n0 0 1 0 0 0 0.5\n1 1 0 0 0 0 0.5\n";
    const UnitCellFile u = parse_unit_cell_file(head + bonds + bq, "x.ucf");
    EXPECT_TRUE(u.has_biquadratic);
    EXPECT_TRUE(u.biquadratic_normalised);
    EXPECT_FALSE(u.normalised);  // each block has its own type
    ASSERT_EQ(u.biquadratic.size(), 2u);
    EXPECT_EQ(u.biquadratic[1].value[8], 0.5);
    EXPECT_EQ(u.bonds.size(), 4u);
    // The digest (a checkpoint's check that the file is unchanged) sees the block.
    EXPECT_NE(digest(u), digest(plain));
}

TEST(UnitCellFile, NamesTheLineAndWhatWasExpected) {
    struct Case {
        std::string text, expected;
    } cases[] = {
        {"2.5 x 4\n", "x.ucf, line 1, column 5: 'x' is not a number: expected the cell size"},
        {"2.5 3 4\n1 0 0\n0 1 0.5\n0 0 1\n", "line 3: only orthogonal cells with edges along x, y"},
        {"2.5 3 4\n1 0 0\n0 -1 0\n0 0 1\n", "line 3: only orthogonal cells with edges along x, y"},
        {"2.5 3 4\n1 0 0\n0 3.1 0\n0 0 1\n",
         "line 3: lattice vector b has length 3.1: expected a unit vector (1) or the cell size"},
        {head.substr(0, head.size() - 16) + "1 1.0 0 0 1\n" + bonds,
         "line 9: atom outside the cell: fractional coordinates must lie in [0, 1)"},
        {head + "4 isotropic\n0 0 2 0 0 0 1e-21\n",
         "line 11: site j = 2 is not an atom of the cell: expected 0 to 1"},
        {head + "1 scalar\n", "line 10: expected an exchange type after the bond count"},
        {head + "1 0\n", "(the numeric types of old files are not read)"},
        {head + "4 isotropic\n0 0 1 0 0 0 1e-21\n", "line 11: the file ends where bond row 1 of 4"},
        {head + "2 isotropic\n0 0 1 0 0 0 1e-21\n1 1 0 0 0 0 3e-21\n",
         "line 12: the reverse bond (line 11) holds a different coupling"},
        {head + "1 isotropic\n0 0 1 1 0 0 1e-21\n",
         "line 11: the bond has no reverse: add the row 'i j dx dy dz' = 1 0 -1 0 0"},
        {head + "1 isotropic\n0 0 0 0 0 0 1e-21\n",
         "line 11: a nonzero bond of an atom to itself (an on-site tensor"},
        {head + "1 isotropic\n0 0 1 0 0 0\n", "line 11: the line has 6 value(s): expected 1 "},
        {head + "1 isotropic\n0 0 1 0 0 0 1 2\n",
         "line 11, column 15: more values than the 1 of a"},
        {head + bonds + "2 isotropic\n",
         "line 15: the file ends where biquadratic bond row 0 of 2 was expected"},
        {head + bonds + "2 vectorial\n0 0 1 0 0 0 1 2 3\n1 1 0 -1 0 0 1 2 3\n",
         "line 15: the biquadratic block must be isotropic or normalised-isotropic"},
        {head + bonds + "1 isotropic\n0 0 1 0 0 0 1e-22\n",
         "line 16: the bond has no reverse: add the row 'i j dx dy dz' = 1 0 0 0 0"},
        {head + "1 isotropic\n0 0 0 0 0 0 0\n" + bonds.substr(bonds.find('\n') + 1),
         "line 12: a bond row beyond the count the header of line 10 gives"},
        {head + bonds + "0 isotropic\n0 isotropic\n",
         "line 16: unexpected line after the biquadratic bond rows"},
        {head + "3 isotropic\n0 0 1 0 0 0 1e-21\n1 1 0 0 0 0 1e-21\n2 0 1 0 0 0 1e-21\n",
         "line 13: bond listed twice: line 11 has the same i, j and offset"},
        {"2.5 3 4\n1 0 0\n0 1 0\n0 0 1\n2\n0 0 0 0\n1 0 0 0\n", "line 7: two atoms at one place"},
        // The reader takes exactly the documented format: decimal numbers, no words beyond a
        // line's values, finite couplings within the keywords' range, atoms apart.
        {"2.5 0x1p1 4\n", "line 1, column 5: '0x1p1' is hexadecimal: write numbers in decimal"},
        {"2.5 3 4 5\n", "line 1, column 9: '5' after the 3 value(s) of the cell size"},
        {"2.5 3 4\n1 0 0 0\n", "line 2, column 7: '0' after the 3 value(s) of a lattice vector"},
        {"2.5 3 4\n1 0 0\n0 1 0\n0 0 1\n2 atoms\n",
         "line 5, column 3: 'atoms' is not a whole number"},
        {"2.5 3 4\n1 0 0\n0 1 0\n0 0 1\n2 2 2\n", "line 5, column 5: '2' after the 2 value(s)"},
        {head.substr(0, head.size() - 16) + "1 0.5 0 0 1 2 3 4\n" + bonds,
         "line 9, column 17: '4' after the 7 value(s) of an atom"},
        {head + "4 isotropic 7\n", "line 10, column 13: '7' after the 2 value(s) of the bond"},
        {head + "2 isotropic\n0 0 1 0 0 0 inf\n1 1 0 0 0 0 inf\n",
         "line 11, column 13: 'inf' is not a number"},
        {head + "2 isotropic\n0 0 1 0 0 0 1e300\n1 1 0 0 0 0 1e300\n",
         "line 11, column 13: a coupling of 1e+300 J: couplings must lie within +-1e-18 J"},
        {head + "2 normalised-isotropic\n0 0 1 0 0 0 -2e3\n1 1 0 0 0 0 -2e3\n",
         "line 11, column 13: a coupling of -2000 (a weight): weights must lie within +-1000"},
        {"2.5 3 4\n1 0 0\n0 1 0\n0 0 1\n2\n0 0 0 0\n1 0.004 0 0\n",
         "line 7: this atom is 0.01 A from the atom of line 6"},
        {"2.5 3 4\n1 0 0\n0 1 0\n0 0 1\n2\n0 0 0 0\n1 0.996 0 0.99\n",
         "line 7: this atom is 0.0412311 A from the atom of line 6 (or a periodic image of it)"},
        {"0.4 3 4\n1 0 0\n0 1 0\n0 0 1\n1\n0 0 0 0\n",
         "line 6: a cell edge of 0.4 A puts each atom within 0.5 A of its own periodic image"},
    };
    for (const Case& c : cases) {
        const std::string m = mistake(c.text);
        EXPECT_NE(m.find(c.expected), std::string::npos) << "got: " << m << "\nfor:\n" << c.text;
        EXPECT_NE(m.find("x.ucf"), std::string::npos) << m;
    }
}

// Through the input: the file is read relative to the input's directory, its categories must be
// materials, and the keywords it cannot honour are refused.
TEST(UnitCellFile, TheInputChecksTheFileAgainstItsMaterials) {
    const std::string ucf = head + bonds;
    const std::string mat = "material[1]:atomic-spin-moment = 2 !muB\n";
    auto error = [&](const std::string& input) -> std::string {
        try {
            test::config_from_files(input, {{"dir/c.ucf", ucf}}, "dir/input");
        } catch (const Error& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_EQ(error("material:unit-cell-file = c.ucf\nmaterial:num-materials = 2\n" + mat +
                    "material[2]:atomic-spin-moment = 1 !muB\n"),
              "");
    EXPECT_NE(error("material:unit-cell-file = c.ucf\n" + mat)
                  .find("places atoms of material column 1 (0-based), but only 1 material(s)"),
              std::string::npos);
    EXPECT_NE(error("material:unit-cell-file = c.ucf\ncreate:single-spin\n" + mat)
                  .find("keyword 'create:single-spin': conflicts with "
                        "material:unit-cell-file (dir/input line 1)"),
              std::string::npos);
    EXPECT_NE(error("material:unit-cell-file = other.ucf\n" + mat)
                  .find("cannot read unit-cell file 'dir/other.ucf'"),
              std::string::npos);
    EXPECT_NE(error("material:unit-cell-file = c.ucf\nmaterial:num-materials = 2\n" + mat +
                    "material[2]:atomic-spin-moment = 1 !muB\nmaterial[2]:unit-cell-category = 3\n")
                  .find("category 3 does not exist: the atoms of dir/c.ucf have material columns 0 "
                        "to 1"),
              std::string::npos);
}

// The crystal and cell sizes beside a file (TB2J writes them): the file defines the cell, as in
// VAMPIRE, with one warning naming the keywords that describe another cell.
TEST(UnitCellFile, CrystalKeywordsBesideTheFileGiveWayToIt) {
    const std::string two =
        "material:unit-cell-file = \"c.ucf\"\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\n"
        "material[2]:atomic-spin-moment = 1 !muB\n";
    const auto run = [&](const std::string& extra) {
        return test::config_from_files(two + extra, {{"dir/c.ucf", head + bonds}}, "dir/input");
    };
    const Config plain = run("");
    EXPECT_EQ(plain.structure.unit_cell, (Vec3{2.5e-10, 3e-10, 4e-10}));  // the quotes are dropped
    const Config agree =
        run("dimensions:unit-cell-size-x = 2.5\ndimensions:unit-cell-size-y = "
            "3.0 !A\ndimensions:unit-cell-size-z = 0.4 !nm\n");
    EXPECT_TRUE(agree.warnings.empty());
    EXPECT_EQ(agree.structure.unit_cell, plain.structure.unit_cell);
    const Config differ =
        run("create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.5\n"
            "dimensions:unit-cell-size-y = 3.5\n");
    EXPECT_EQ(differ.structure.unit_cell, plain.structure.unit_cell);
    EXPECT_EQ(differ.structure.crystal, plain.structure.crystal);
    ASSERT_EQ(differ.warnings.size(), 1u);
    const std::string& w = differ.warnings[0];
    for (const char* part :
         {"dir/input, line 1: the cell of dir/c.ucf (2.5 x 3 x 4 A, 2 atom(s)) is used",
          "create:crystal-structure (dir/input line 5) = bcc has 2 atom(s) per cell at other "
          "places",
          "dimensions:unit-cell-size-y (dir/input line 7) gives y = 3.5 A",
          "dimensions:unit-cell-size (dir/input line 6) gives z = 2.5 A"})
        EXPECT_NE(w.find(part), std::string::npos) << part << "\n" << w;
    EXPECT_EQ(w.find("gives x"), std::string::npos) << w;
}

// material[i]:biquadratic-exchange-matrix has an effect only through a normalised biquadratic
// block of the file (or on a built-in crystal's bonds).
TEST(UnitCellFile, BiquadraticMatrixNeedsTheFilesNormalisedBlock) {
    const std::string two =
        "material:num-materials = 2\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[2]:atomic-spin-moment = 1 !muB\n"
        "material:unit-cell-file = c.ucf\n";
    auto error = [&](const std::string& ucf, const std::string& extra) -> std::string {
        try {
            test::config_from_files(two + extra, {{"dir/c.ucf", ucf}}, "dir/input");
        } catch (const Error& e) {
            return e.what();
        }
        return "";
    };
    const std::string bq = "material[1]:biquadratic-exchange-matrix[2] = 1e-22\n";
    EXPECT_NE(error(head + bonds, bq).find("the unit-cell file has no biquadratic block"),
              std::string::npos);
    const std::string joules = "2 isotropic\n0 0 1 0 0 0 1e-22\n1 1 0 0 0 0 1e-22\n";
    EXPECT_NE(error(head + bonds + joules, bq).find("gives its couplings in joules"),
              std::string::npos);
    EXPECT_EQ(error(head + bonds + joules, ""), "");
    const std::string weights = "2 normalised-isotropic\n0 0 1 0 0 0 1\n1 1 0 0 0 0 1\n";
    EXPECT_EQ(error(head + bonds + weights, bq), "");
    // A further shell's constant has no effect with a file (its bonds are the file's).
    EXPECT_NE(
        error(head + bonds + weights, "material[1]:biquadratic-exchange-matrix-2nd-nn[1] = 1e-22\n")
            .find("has no effect with material:unit-cell-file"),
        std::string::npos);
}

// A vectorial exchange-matrix scales normalised isotropic and vectorial weights; a tensor's rows
// scaled apart would break its symmetry, so it is refused there.
TEST(UnitCellFile, VectorialMatrixCannotScaleATensorFile) {
    const std::string one = "2.5 2.5 2.5\n1 0 0\n0 1 0\n0 0 1\n1\n0 0 0 0\n";
    const std::string tensor =
        "2 normalised-tensorial\n0 0 0 1 0 0 1 0 0 0 1 0 0 0 1\n"
        "1 0 0 -1 0 0 1 0 0 0 1 0 0 0 1\n";
    const std::string weights = "2 normalised-isotropic\n0 0 0 1 0 0 1\n1 0 0 -1 0 0 1\n";
    auto error = [&](const std::string& ucf, const std::string& value) -> std::string {
        try {
            test::config_from_files(
                "material:unit-cell-file = c.ucf\n"
                "material[1]:atomic-spin-moment = 2 !muB\n"
                "material[1]:exchange-matrix[1] = " +
                    value + "\n",
                {{"c.ucf", ucf}});
        } catch (const Error& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(error(one + tensor, "1e-21, 1e-21, 2e-21")
                  .find("three values (Jx, Jy, Jz) cannot scale a normalised-tensorial file"),
              std::string::npos);
    EXPECT_EQ(error(one + tensor, "1e-21"), "");
    EXPECT_EQ(error(one + weights, "1e-21, 1e-21, 2e-21"), "");
}

}  // namespace
