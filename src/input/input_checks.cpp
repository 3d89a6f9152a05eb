#include "input/input_checks.hpp"

#include "util/error.hpp"

namespace miniasd::input_checks {

void fail(const Entry& e, const std::string& what) {
    throw InputError(e.file, e.line, e.key(), what);
}

void warn_if_given(const std::map<std::string, Entry>& seen, std::vector<std::string>& warnings,
                   const char* key, const std::string& why) {
    const auto it = seen.find(key);
    if (it != seen.end())
        warnings.push_back(it->second.file + ", line " + std::to_string(it->second.line) + ": " +
                           key + " has no effect " + why);
}

}  // namespace miniasd::input_checks
