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

std::string format_input_errors(const std::vector<InputError>& errors, std::size_t dropped) {
    std::string msg = std::to_string(errors.size() + dropped) +
                      " mistakes in the input (fix them all, then `miniasd <input> --check` "
                      "validates the file without running it):";
    for (const InputError& e : errors)
        msg += std::string("\n  ") + e.what();
    if (dropped > 0) msg += "\n  ... and " + std::to_string(dropped) + " more, not listed";
    return msg;
}
}  // namespace

InputError::InputError(const std::string& file, int line, const std::string& keyword,
                       const std::string& what)
    : Error(format_input_error(file, line, keyword, what)),
      file_(file),
      line_(line),
      keyword_(keyword) {}

InputErrors::InputErrors(std::vector<InputError> errors, std::size_t dropped)
    : Error(format_input_errors(errors, dropped)), errors_(std::move(errors)) {}

}  // namespace miniasd
