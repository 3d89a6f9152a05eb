// A keyword-table row: one input keyword, owning its value type, unit dimension, range, default
// and documentation (KeywordRow), and the functions that store it into its settings and read it
// back (Keyword<T>). A feature's rows are typed on its own settings (hamiltonian/
// spin_torque_section.hpp's SpinTorqueSettings); the run composes them into the one table that
// drives the parser, `miniasd --check` and docs/input-reference.md (run/config/keyword_table.hpp).
// Nothing here knows a feature's settings.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "input/line_parser.hpp"
#include "util/units.hpp"
#include "util/vec3.hpp"

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

// What a row is, whatever settings it stores into.
struct KeywordRow {
    std::string section;                 // "sim"
    std::string name;                    // "temperature"
    bool material_indexed = false;       // written material[i]:name
    bool second_material_index = false;  // written name[j], j a material index
    ValueKind kind = ValueKind::flag;
    Dimension dimension = Dimension::none;  // for real values
    double min = 0, max = 0;                // inclusive range, SI (integer and real kinds)
    std::string choices;                    // "sc|bcc|fcc" for choice
    std::string default_text;               // for the reference
    std::string doc;                        // one line for the reference
    // Another name of this keyword ("" if none): both names count as one keyword, so giving
    // both is "set twice".
    std::string alias_of;
    // The choice a bare keyword (no '= value') means; "" when it needs a value.
    std::string bare_choice;
    // Written exchange:name[a][b], a and b exchange categories (system/crystals.hpp); `read` takes
    // them 0-based as i <= j.
    bool category_pair = false;

    // "material[i]:exchange-matrix[j]", "sim:temperature".
    std::string pattern() const;
    std::string lookup_name() const { return section + ":" + name; }
};

// A row that stores into settings of type T: a feature's own (its section over the system's),
// or the run's whole composition, which derives from every feature's (run/config/config.hpp).
template <class T>
struct Keyword : KeywordRow {
    std::function<void(T&, const Value&, const Entry&)> apply;
    // The inverse of `apply`, for describe(): the value that, given to this keyword, reproduces
    // the setting; nullopt where the line is not written (a flag that is off, a setting that is
    // unset, an alias, a keyword whose fields other rows write). `i` and `j` are the 0-based
    // material indices of an indexed keyword, -1 otherwise. Every row that can change a setting
    // has one: tests/input/test_describe.cpp proves it keyword by keyword.
    std::function<std::optional<Value>(const T&, int i, int j)> read;
    // Where the line goes among its section's lines in describe() (0 unless set): the statistics
    // columns print in the order they were given, as that order is the file's column order.
    std::function<std::size_t(const T&)> order;

    // The same row in settings U that hold T's (U derives from T): how the run composes the rows
    // of every feature into one table.
    template <class U>
    Keyword<U> in() const {
        Keyword<U> k;
        static_cast<KeywordRow&>(k) = *this;
        if (apply) k.apply = apply;
        if (read) k.read = read;
        if (order) k.order = order;
        return k;
    }
};

// Every row of a table, whatever its settings: what the generic parts below read.
using KeywordRows = std::vector<const KeywordRow*>;

// Row for section:name (indices stripped), or nullptr.
const KeywordRow* find_row(const KeywordRows& rows, const std::string& section,
                           const std::string& name);

// The closest known keyword to the entry's section:name when it is a plausible misspelling and
// takes the kind of value the entry gives (flag, number, list, word), else "".
std::string suggest_keyword(const KeywordRows& rows, const Entry& e);

// Converts an entry's value and unit for this keyword, checking kind, unit type and range.
// Throws InputError naming the entry's file, line and keyword.
Value convert_value(const KeywordRow& spec, const Entry& e);

// Markdown tables of every keyword, grouped by section (the generated part of the reference).
std::string keyword_reference_markdown(const KeywordRows& rows);

// Text for a cell of a Markdown table: every '|' escaped ("|m|" would split the cell).
std::string table_cell(const std::string& text);

}  // namespace miniasd
