// What the parser tests share: one valid material, and a check that an input is refused at a
// line with a message holding given fragments.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.hpp"
#include "util/error.hpp"

namespace miniasd::test {

inline const std::string material1 =
    "material[1]:atomic-spin-moment = 2.22 !muB\n"
    "material[1]:exchange-matrix[1] = 7.05e-21\n";

// Parses `body` (plus one valid material) and expects an InputError at `line` whose message
// contains every fragment.
inline void expect_error(const std::string& body, int line, std::vector<std::string> fragments) {
    SCOPED_TRACE(body);
    try {
        config_from_text(body + material1, "case.in");
        ADD_FAILURE() << "no error for:\n" << body;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "case.in");
        EXPECT_EQ(e.line(), line) << e.what();
        for (const std::string& f : fragments)
            EXPECT_NE(std::string(e.what()).find(f), std::string::npos)
                << "'" << f << "' not in: " << e.what();
    }
}

}  // namespace miniasd::test
