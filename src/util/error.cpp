#include "util/error.hpp"

namespace miniasd {

namespace {
std::string format_input_error(const std::string& file, int line, const std::string& keyword,
                               const std::string& what) {
    std::string msg = "input error in " + file;
    if (line > 0) msg += ", line " + std::to_string(line);
    if (!keyword.empty()) msg += ", keyword '" + keyword + "'";
    return msg + ": " + what;
}
}  // namespace

InputError::InputError(const std::string& file, int line, const std::string& keyword,
                       const std::string& what)
    : Error(format_input_error(file, line, keyword, what)),
      file_(file),
      line_(line),
      keyword_(keyword) {}

}  // namespace miniasd
