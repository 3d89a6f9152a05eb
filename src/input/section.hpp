// A configuration section: what a feature adds to the input, declared beside the feature's code
// (integrate/relax_section.hpp holds the relaxation's settings, integrate/relax_keywords.cpp its
// keyword rows and checks). The keyword table, the parser's checks, describe(), --check and the
// generated input reference all read the list of sections (input/sections.cpp), so adding a
// keyword to a feature edits that feature's files only.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "input/config.hpp"
#include "input/keyword_table.hpp"
#include "input/line_parser.hpp"

namespace miniasd {

// Every keyword given, by lookup name ("sim:relax-method"), with its file and line.
using Seen = std::map<std::string, Entry>;

struct Section {
    const char* name;  // what the section holds, for messages and docs ("relaxation")
    // Appends the section's rows to the keyword table, in the order the reference lists them.
    void (*add_rows)(std::vector<KeywordSpec>& table);
    // The checks across the section's keywords once every keyword is read: throws InputError
    // naming the file, line and keyword of the first mistake (null: none).
    void (*check)(Config& c, const Seen& seen) = nullptr;
    // Warnings (appended to c.warnings) about settings that are allowed but look unintended,
    // after the checks (null: none).
    void (*warn)(Config& c, const Seen& seen) = nullptr;
};

// Every section, in the keyword table's order.
const std::vector<Section>& sections();

// The entry of a keyword if it was given, else null.
inline const Entry* given(const Seen& seen, const std::string& key) {
    const auto it = seen.find(key);
    return it == seen.end() ? nullptr : &it->second;
}

}  // namespace miniasd
