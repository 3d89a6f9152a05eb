// What every section's checks use (input/section.hpp): a mistake named by its file, line and
// keyword, and the warning that a keyword given has no effect.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "input/line_parser.hpp"

namespace miniasd::input_checks {

// Throws InputError naming the entry's file, line and keyword.
[[noreturn]] void fail(const Entry& e, const std::string& what);
// A warning that `key`, when the input gives it, "has no effect <why>" (file and line first),
// appended to `warnings`.
void warn_if_given(const std::map<std::string, Entry>& seen, std::vector<std::string>& warnings,
                   const char* key, const std::string& why);

}  // namespace miniasd::input_checks
