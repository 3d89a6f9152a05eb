// The keyword table: one row per input keyword, owning its value type, unit dimension, range,
// default and documentation, and the one function that stores it into Config. The same table
// drives the parser, `miniasd --check` and docs/input-reference.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "input/config.hpp"
#include "input/line_parser.hpp"
#include "util/units.hpp"

namespace miniasd {

enum class ValueKind {
    flag,       // bare keyword, no value
    integer,    // whole number (1e6 accepted when exact)
    real,       // number with an optional unit of `dimension`
    direction,  // three comma-separated numbers, normalised; must not be zero
    direction_or_random,
    real_or_triple,  // a number, or three comma-separated numbers (x, y, z), one optional unit
    choice,          // one word of `choices`
    text,            // any text (names, file names)
};

// A parsed value; only the member matching the keyword's kind is meaningful.
struct Value {
    double real = 0;        // SI
    long long integer = 0;  // whole number
    Vec3 vec{0, 0, 0};      // unit vector; real_or_triple: the three numbers (SI), or real thrice
    bool triple = false;    // real_or_triple was given three numbers
    bool random = false;    // direction_or_random said "random"
    std::string text;       // choice (lower case) or text
};

struct KeywordSpec {
    std::string section;         // "sim"
    std::string name;            // "temperature"
    bool material_indexed;       // written material[i]:name
    bool second_material_index;  // written name[j], j a material index
    ValueKind kind;
    Dimension dimension;       // for real values
    double min, max;           // inclusive range, SI (integer and real kinds)
    std::string choices;       // "sc|bcc|fcc" for choice
    std::string default_text;  // for the reference
    std::string doc;           // one line for the reference
    std::function<void(Config&, const Value&, const Entry&)> apply;
    // Another name of this keyword ("" if none): both names count as one keyword, so giving
    // both is "set twice".
    std::string alias_of;
    // The inverse of `apply`, for describe(): the value that, given to this keyword, reproduces
    // the configuration's setting; nullopt where the line is not written (a flag that is off, a
    // setting that is unset, an alias, a keyword whose fields other rows write). `i` and `j` are
    // the 0-based material indices of an indexed keyword, -1 otherwise. Every row that can change
    // a Config has one: tests/input/test_describe.cpp proves it keyword by keyword.
    std::function<std::optional<Value>(const Config&, int i, int j)> read;
    // Where the line goes among its section's lines in describe() (0 unless set): the statistics
    // columns print in the order they were given, as that order is the file's column order.
    std::function<std::size_t(const Config&)> order;
    // The choice a bare keyword (no '= value') means; "" when it needs a value.
    std::string bare_choice;
    // Written exchange:name[a][b], a and b exchange categories (crystals.hpp); `read` takes them
    // 0-based as i <= j.
    bool category_pair = false;

    // "material[i]:exchange-matrix[j]", "sim:temperature".
    std::string pattern() const;
    std::string lookup_name() const { return section + ":" + name; }
};

const std::vector<KeywordSpec>& keyword_table();

// Row for section:name (indices stripped), or nullptr.
const KeywordSpec* find_keyword(const std::string& section, const std::string& name);

// The closest known keyword to the entry's section:name when it is a plausible misspelling and
// takes the kind of value the entry gives (flag, number, list, word), else "".
std::string suggest_keyword(const Entry& e);

// Converts an entry's value and unit for this keyword, checking kind, unit type and range.
// Throws InputError naming the entry's file, line and keyword.
Value convert_value(const KeywordSpec& spec, const Entry& e);

// Markdown tables of every keyword, grouped by section (the generated part of the reference).
std::string keyword_reference_markdown();

// Text for a cell of a Markdown table: every '|' escaped ("|m|" would split the cell).
std::string table_cell(const std::string& text);

}  // namespace miniasd
