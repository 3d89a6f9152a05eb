// The environment variables' table (util/environment.hpp): every variable has one row with its
// meaning, the reader sees set, empty and unset values as they are, and docs/input-reference.md
// lists the table as the program prints it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "util/environment.hpp"

namespace miniasd {
namespace {

TEST(Environment, EveryVariableHasOneRowWithItsMeaning) {
    std::set<std::string> names;
    std::set<int> vars;
    for (const EnvVarInfo& i : environment_variables()) {
        EXPECT_TRUE(names.insert(i.name).second) << i.name << " twice";
        EXPECT_TRUE(vars.insert(int(i.var)).second) << i.name << ": its EnvVar has two rows";
        EXPECT_GT(std::string(i.meaning).size(), 20u) << i.name;
        const std::string kind = i.kind;
        EXPECT_TRUE(kind == "tuning" || kind == "runtime" || kind == "test") << i.name;
        // The test hooks are named as such, so no user sets one by accident.
        EXPECT_EQ(kind == "test", std::string(i.name).rfind("MINIASD_TEST_", 0) == 0) << i.name;
        EXPECT_EQ(&info(i.var), &i);
    }
    // The enumeration's last value has a row, so every one before it does too (rows are unique).
    EXPECT_EQ(vars.size(), std::size_t(EnvVar::test_checkpoint_crash) + 1);
}

TEST(Environment, ReadsSetEmptyAndUnset) {
    const char* name = info(EnvVar::test_auto_times).name;
    ::unsetenv(name);
    EXPECT_FALSE(environment(EnvVar::test_auto_times).has_value());
    EXPECT_FALSE(environment_set(EnvVar::test_auto_times));
    ::setenv(name, "", 1);
    EXPECT_EQ(environment(EnvVar::test_auto_times).value_or("unset"), "");
    ::setenv(name, "sorted=2.5", 1);
    EXPECT_EQ(environment(EnvVar::test_auto_times).value_or(""), "sorted=2.5");
    ::unsetenv(name);
}

TEST(Environment, TheDocsListTheTable) {
    std::ifstream in(std::string(MINIASD_SOURCE_DIR) + "/docs/input-reference.md");
    ASSERT_TRUE(in) << "docs/input-reference.md";
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find(environment_reference()), std::string::npos)
        << "docs/input-reference.md lacks the environment table as `miniasd --input-reference` "
           "prints it: run tools/update-input-reference.sh";
}

}  // namespace
}  // namespace miniasd
