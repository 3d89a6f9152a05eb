// The input reference in docs/ must contain exactly the block generated from the keyword table,
// so a keyword cannot exist without its line in the reference.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "run/config/keyword_table.hpp"

using namespace miniasd;

TEST(Reference, DocsContainTheGeneratedKeywordTable) {
    std::ifstream in(MINIASD_REFERENCE_DOC);
    ASSERT_TRUE(in) << "cannot open " << MINIASD_REFERENCE_DOC;
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string doc = ss.str();
    const std::string generated = keyword_reference_markdown();
    EXPECT_NE(doc.find(generated), std::string::npos)
        << "docs/input-reference.md is out of date: replace its generated block with the output "
           "of `build/miniasd --input-reference`";
    for (const KeywordSpec& k : keyword_table())
        EXPECT_NE(doc.find("`" + k.pattern() + "`"), std::string::npos) << k.pattern();
}

TEST(Reference, EveryKeywordHasDocumentationAndAUniqueName) {
    for (const KeywordSpec& k : keyword_table()) {
        EXPECT_FALSE(k.doc.empty()) << k.pattern();
        EXPECT_FALSE(k.default_text.empty()) << k.pattern();
        int same = 0;
        for (const KeywordSpec& other : keyword_table())
            same += other.lookup_name() == k.lookup_name();
        EXPECT_EQ(same, 1) << k.pattern();
    }
}

namespace {
std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
}  // namespace

// docs/physics.md maps every equation to a file and a function; each named function must be
// defined in that file ("Class::name(" or "name(" at the start of a definition), so the map
// cannot point at code that moved or was renamed.
TEST(Reference, PhysicsMapNamesFunctionsThatExist) {
    const std::string source = MINIASD_SOURCE_DIR;
    const std::string doc = read_text(source + "/docs/physics.md");
    const std::size_t start = doc.find("## Where each equation is in the code");
    ASSERT_NE(start, std::string::npos) << "docs/physics.md has no equation-to-code map";
    std::istringstream lines(doc.substr(start));
    std::string line;
    int rows = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("| ", 0) != 0 || line.find("`src/") == std::string::npos) continue;
        // | equation | `src/file.cpp` | `Class::function` |
        const std::size_t f0 = line.find("`src/") + 1, f1 = line.find('`', f0);
        const std::size_t n0 = line.find('`', f1 + 1) + 1, n1 = line.find('`', n0);
        const std::string file = line.substr(f0, f1 - f0), name = line.substr(n0, n1 - n0);
        const std::string text = read_text(source + "/" + file);
        EXPECT_FALSE(text.empty()) << file << " (named in docs/physics.md) does not exist";
        const std::size_t at = text.find(name + "(");
        EXPECT_NE(at, std::string::npos) << name << " is not defined in " << file;
        // A definition, not only a call: the name follows a return type on its line.
        if (at != std::string::npos) {
            const std::size_t bol = text.rfind('\n', at) + 1;
            EXPECT_NE(text.substr(bol, at - bol).find(' '), std::string::npos)
                << name << " in " << file << " is a call, not a definition";
        }
        ++rows;
    }
    EXPECT_GE(rows, 20);
}
