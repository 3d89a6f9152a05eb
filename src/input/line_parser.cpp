#include "input/line_parser.hpp"

#include <algorithm>
#include <cctype>

#include "util/error.hpp"

namespace miniasd {

std::string Entry::key() const {
    std::string k = section;
    if (section_index >= 0) k += "[" + std::to_string(section_index) + "]";
    k += ":" + name;
    if (name_index >= 0) k += "[" + std::to_string(name_index) + "]";
    if (name_index2 >= 0) k += "[" + std::to_string(name_index2) + "]";
    return k;
}

namespace {

// One bracketed index, "[12]" at part[open], to 12; `close` is set to its ']'.
int bracketed_index(const std::string& part, std::size_t open, std::size_t& close,
                    const std::string& file, int line, const std::string& key) {
    close = part.find(']', open);
    if (close == std::string::npos)
        throw InputError(file, line, key, "malformed index; expected name[index] like material[1]");
    const std::string digits = part.substr(open + 1, close - open - 1);
    if (digits.empty() || digits.size() > 6)
        throw InputError(file, line, key, "index must be a positive whole number");
    for (char c : digits)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            throw InputError(file, line, key, "index '" + digits + "' is not a whole number");
    return std::stoi(digits);
}

// "name[12]" -> ("name", 12, -1); "name[1][2]" -> ("name", 1, 2) where `second` is given (the
// keyword; a section takes one index); "name" -> ("name", -1, -1).
void split_index(const std::string& part, std::string& name, int& index, int* second,
                 const std::string& file, int line, const std::string& key) {
    index = -1;
    if (second) *second = -1;
    const auto open = part.find('[');
    if (open == std::string::npos) {
        if (part.find(']') != std::string::npos)
            throw InputError(file, line, key, "unmatched ']'; expected name[index]");
        name = part;
        return;
    }
    if (open == 0)
        throw InputError(file, line, key, "malformed index; expected name[index] like material[1]");
    std::size_t close = 0;
    index = bracketed_index(part, open, close, file, line, key);
    if (second && close + 1 < part.size() && part[close + 1] == '[')
        *second = bracketed_index(part, close + 1, close, file, line, key);
    if (close != part.size() - 1)
        throw InputError(file, line, key,
                         second ? "malformed index; expected name[index] or name[index][index]"
                                : "malformed index; expected name[index] like material[1]");
    name = part.substr(0, open);
}

// Whether the value part of a raw line (after '=', before '!') has a blank between two
// characters neither of which is a comma.
bool blank_inside_value(std::string_view raw) {
    const auto eq = raw.find('=');
    if (eq == std::string_view::npos) return false;
    std::string_view v = raw.substr(eq + 1);
    v = v.substr(0, v.find('!'));
    char before = 0;  // last non-blank character
    bool gap = false;
    for (char c : v) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            gap = before != 0;
            continue;
        }
        if (gap && before != ',' && c != ',') return true;
        gap = false;
        before = c;
    }
    return false;
}

// The position of the first byte at or after `from` that is not 7-bit ASCII, or npos.
std::size_t first_non_ascii(std::string_view raw, std::size_t from) {
    for (std::size_t k = from; k < raw.size(); ++k)
        if (static_cast<unsigned char>(raw[k]) >= 0x80) return k;
    return std::string_view::npos;
}

// One non-blank line (white space and comment removed) to an entry.
Entry parse_line(const std::string& line, const std::string& file, int line_no) {
    Entry e;
    e.file = file;
    e.line = line_no;
    std::string key = line;
    if (const auto eq = line.find('='); eq != std::string::npos) {
        key = line.substr(0, eq);
        std::string rhs = line.substr(eq + 1);
        if (const auto bang = rhs.find('!'); bang != std::string::npos) {
            e.unit = rhs.substr(bang + 1);
            rhs.resize(bang);
            if (e.unit.empty())
                throw InputError(file, line_no, key, "'!' must be followed by a unit name");
        }
        // Double quotes are dropped from every value, as VAMPIRE drops them from file names and
        // from every line of a material file: TB2J writes material:unit-cell-file = "x.UCF".
        rhs.erase(std::remove(rhs.begin(), rhs.end(), '"'), rhs.end());
        if (rhs.empty()) throw InputError(file, line_no, key, "missing value after '='");
        e.has_value = true;
        e.value = rhs;
    } else if (line.find('!') != std::string::npos) {
        throw InputError(file, line_no, line,
                         "a unit needs a value: expected keyword = value !unit");
    }
    for (char& c : key)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));

    const auto colon = key.find(':');
    if (colon == std::string::npos || colon == 0 || colon == key.size() - 1)
        throw InputError(file, line_no, key,
                         "malformed line: expected section:keyword or section:keyword = value");
    if (key.find(':', colon + 1) != std::string::npos)
        throw InputError(file, line_no, key, "malformed line: more than one ':' in the key");
    split_index(key.substr(0, colon), e.section, e.section_index, nullptr, file, line_no, key);
    split_index(key.substr(colon + 1), e.name, e.name_index, &e.name_index2, file, line_no, key);
    return e;
}

}  // namespace

std::vector<Entry> split_lines(std::string_view text, const std::string& file,
                               std::vector<InputError>* mistakes) {
    std::vector<Entry> entries;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (const auto hash = raw.find('#'); hash != std::string_view::npos)
            raw = raw.substr(0, hash);
        // A byte-order mark (a UTF-8 BOM some Windows editors write first) carries no content.
        std::size_t skip = 0;
        if (line_no == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF") skip = 3;
        if (const std::size_t high = first_non_ascii(raw, skip); high != std::string_view::npos) {
            InputError err(file, line_no, "",
                           // The message prints the byte escaped (printable, util/error.cpp).
                           "a non-ASCII byte (" + std::string(1, raw[high]) +
                               "): keywords, values and units are ASCII; non-ASCII text (an "
                               "accented material name, a UTF-8 or Latin-1 symbol such as a "
                               "degree sign or mu) belongs only in comments after '#'",
                           static_cast<int>(high) + 1);
            if (!mistakes) throw err;
            mistakes->push_back(err);
            if (end == text.size()) break;
            continue;
        }
        raw = raw.substr(skip);
        std::string line;
        for (char c : raw)
            if (!std::isspace(static_cast<unsigned char>(c))) line += c;
        if (line.empty()) {
            if (end == text.size()) break;
            continue;
        }

        try {
            entries.push_back(parse_line(line, file, line_no));
            if (blank_inside_value(raw)) {
                Entry& e = entries.back();
                e.blank_inside_value = true;
                std::string_view v = raw.substr(raw.find('=') + 1);
                v = v.substr(0, v.find('!'));
                const auto b = v.find_first_not_of(" \t\r"), l = v.find_last_not_of(" \t\r");
                e.written_value = std::string(v.substr(b, l - b + 1));
            }
        } catch (const InputError& err) {
            if (!mistakes) throw;
            mistakes->push_back(err);
        }
        if (end == text.size()) break;
    }
    return entries;
}

}  // namespace miniasd
