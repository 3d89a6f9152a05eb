// The input reference in docs/ must contain exactly the block generated from the keyword table,
// so a keyword cannot exist without its line in the reference.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "input/keyword_table.hpp"

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
