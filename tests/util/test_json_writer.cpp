// JsonWriter: nesting, commas, escaping and numbers that read back exactly.
#include <gtest/gtest.h>

#include "util/error.hpp"
#include "util/json_writer.hpp"

namespace miniasd {
namespace {

TEST(JsonWriter, NestsObjectsAndArraysWithCommas) {
    JsonWriter j;
    j.begin_object().value("a", 1).begin_array("b").value("", 2.5).value("", true).end();
    j.begin_object("c").end().begin_array("d").end().end();
    EXPECT_EQ(j.text(),
              "{\n  \"a\": 1,\n  \"b\": [\n    2.5,\n    true\n  ],\n  \"c\": {},\n"
              "  \"d\": []\n}");
}

TEST(JsonWriter, EscapesStringsAndWritesNonFiniteAsNull) {
    EXPECT_EQ(json_escape("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    JsonWriter j;
    j.begin_array().value("", 0.1).value("", 1.0 / 0.0).value("", std::string("x")).end();
    EXPECT_EQ(j.text(), "[\n  0.1,\n  null,\n  \"x\"\n]");
}

TEST(JsonWriter, RefusesUnbalancedUse) {
    JsonWriter j;
    EXPECT_THROW(j.end(), Error);
    j.begin_object().end();
    EXPECT_THROW(j.begin_object(), Error);  // a second top-level value
}

}  // namespace
}  // namespace miniasd
