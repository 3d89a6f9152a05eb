#include <gtest/gtest.h>

#include "input/line_parser.hpp"
#include "util/error.hpp"

using namespace miniasd;

TEST(LineParser, SplitsSectionKeywordIndicesValueAndUnit) {
    const auto e = split_lines(
        "# a comment line\n"
        "\n"
        "  Material [2] : Exchange-Matrix[1] =  7.05e-21  !J   # trailing comment\n"
        "create:periodic-boundaries-x\n"
        "sim:applied-field-unit-vector = 0, 0 ,1\n",
        "in");
    ASSERT_EQ(e.size(), 3u);
    EXPECT_EQ(e[0].section, "material");
    EXPECT_EQ(e[0].section_index, 2);
    EXPECT_EQ(e[0].name, "exchange-matrix");
    EXPECT_EQ(e[0].name_index, 1);
    EXPECT_EQ(e[0].value, "7.05e-21");
    EXPECT_EQ(e[0].unit, "J");
    EXPECT_EQ(e[0].line, 3);
    EXPECT_EQ(e[0].key(), "material[2]:exchange-matrix[1]");
    EXPECT_FALSE(e[1].has_value);
    EXPECT_EQ(e[1].line, 4);
    EXPECT_EQ(e[2].value, "0,0,1");
}

// VAMPIRE's per-category-pair exchange keywords carry two indices after the keyword.
TEST(LineParser, AKeywordMayCarryTwoIndices) {
    const auto e =
        split_lines("exchange : NN-cutoff-range [1] [12] = 1.2\nsim:temperature = 3\n", "in");
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].name, "nn-cutoff-range");
    EXPECT_EQ(e[0].name_index, 1);
    EXPECT_EQ(e[0].name_index2, 12);
    EXPECT_EQ(e[0].key(), "exchange:nn-cutoff-range[1][12]");
    EXPECT_EQ(e[1].name_index, -1);
    EXPECT_EQ(e[1].name_index2, -1);
}

TEST(LineParser, KeepsTheCaseOfValues) {
    const auto e = split_lines("material:file = My.Mat", "in");
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].value, "My.Mat");
}

TEST(LineParser, HandlesWindowsLineEndingsAndNoFinalNewline) {
    const auto e = split_lines("sim:temperature = 1\r\nsim:time-step = 1e-16", "in");
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].value, "1");
    EXPECT_EQ(e[1].line, 2);
}

// Each malformed line is reported with its file and line number.
TEST(LineParser, MalformedLinesNameFileAndLine) {
    const char* bad[] = {
        "temperature = 300",                      // no section
        "sim: = 3",                               // empty keyword
        ":temperature = 3",                       // empty section
        "sim:temperature =",                      // missing value
        "sim:temperature = 3 !",                  // empty unit
        "material[x]:damping-constant = 1",       // bad index
        "material[1:damping-constant = 1",        // unmatched bracket
        "a:b:c = 1",                              // two colons
        "sim:temperature !K",                     // unit without value
        "material[1][2]:damping-constant = 1",    // a section takes one index
        "exchange:nn-cutoff-range[1][2][3] = 1",  // a keyword at most two
        "exchange:nn-cutoff-range[1]x[2] = 1",    // text between the indices
        "exchange:nn-cutoff-range[1][] = 1",      // an empty second index
        "exchange:nn-cutoff-range[1][2 = 1",      // unclosed second index
    };
    for (const char* line : bad) {
        const std::string text = std::string("# header\n\n") + line + "\n";
        try {
            split_lines(text, "bad.in");
            ADD_FAILURE() << "accepted: " << line;
        } catch (const InputError& err) {
            EXPECT_EQ(err.file(), "bad.in") << line;
            EXPECT_EQ(err.line(), 3) << line;
            EXPECT_NE(std::string(err.what()).find("line 3"), std::string::npos) << err.what();
        }
    }
}
