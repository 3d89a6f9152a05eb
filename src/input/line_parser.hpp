// Splits input text into entries, following VAMPIRE's line syntax:
//     section[i]:keyword[j] = value !unit      # comment
// (the keyword may carry two indices, keyword[i][j], as VAMPIRE's per-category-pair exchange
// keywords do).
// Whitespace anywhere is ignored; a line without '=' is a bare flag. Keys are case-insensitive;
// values keep their case (file names). Pure text processing: no knowledge of which keywords exist.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace miniasd {

struct Entry {
    std::string file;        // as given by the user, for messages
    int line = 0;            // 1-based
    std::string section;     // "sim", "material", ...
    int section_index = -1;  // material[2]: -> 2; -1 when absent
    std::string name;        // "temperature", "exchange-matrix", ...
    int name_index = -1;     // exchange-matrix[1] -> 1; -1 when absent
    int name_index2 = -1;    // nn-cutoff-range[1][2] -> 2; -1 when absent (pairs of categories)
    bool has_value = false;
    std::string value;  // text after '=' up to '!'
    std::string unit;   // text after '!', empty when absent
    // The value as written had a blank between two characters other than commas ("3 00"):
    // blanks are removed from lines (VAMPIRE's syntax), but inside a number they hide a typo.
    bool blank_inside_value = false;
    std::string written_value;  // the value with its blanks, for that message

    // The key as written, normalised: "material[1]:exchange-matrix[2]",
    // "exchange:nn-cutoff-range[1][2]".
    std::string key() const;
};

class InputError;

// A malformed line is an InputError naming file and line: thrown, or, when `mistakes` is given,
// appended to it and the line skipped (so every malformed line of a file is reported at once).
std::vector<Entry> split_lines(std::string_view text, const std::string& file,
                               std::vector<InputError>* mistakes = nullptr);

}  // namespace miniasd
