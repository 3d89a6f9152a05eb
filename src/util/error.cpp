#include "util/error.hpp"

namespace miniasd {

std::string printable(const std::string& text, std::size_t longest_word) {
    std::string out;
    std::size_t word = 0, skipped = 0;  // length of the current run of non-blanks; cut bytes
    auto end_word = [&] {
        if (skipped > 0) out += "...(" + std::to_string(skipped) + " more characters)";
        word = skipped = 0;
    };
    for (unsigned char c : text) {
        if (c == ' ') {
            end_word();
            out += ' ';
            continue;
        }
        // Control bytes and bytes beyond ASCII (UTF-8 or Latin-1 text, a BOM) print as \xNN, so
        // a message shows exactly which bytes a line holds, whatever the terminal's encoding.
        const bool control = c < 0x20 || c >= 0x7f;
        word += control ? 4 : 1;  // printed width: \xNN
        if (word > longest_word) {
            ++skipped;
            continue;
        }
        if (control) {
            const char* hex = "0123456789abcdef";
            out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    end_word();
    return out;
}

namespace {
std::string format_input_error(const std::string& file, int line, const std::string& keyword,
                               const std::string& what, int column) {
    std::string msg = "input error in " + printable(file, 160);
    if (line > 0) msg += ", line " + std::to_string(line);
    if (line > 0 && column > 0) msg += ", column " + std::to_string(column);
    if (!keyword.empty()) msg += ", keyword '" + printable(keyword, 80) + "'";
    return msg + ": " + printable(what, 160);
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
                       const std::string& what, int column)
    : Error(format_input_error(file, line, keyword, what, column)),
      file_(file),
      line_(line),
      keyword_(keyword) {}

InputErrors::InputErrors(std::vector<InputError> errors, std::size_t dropped)
    : Error(format_input_errors(errors, dropped)), errors_(std::move(errors)) {}

}  // namespace miniasd
