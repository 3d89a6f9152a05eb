// A configuration section: what a feature adds to the input, declared beside the feature's code
// (integrate/relax_section.hpp holds the relaxation's settings, integrate/relax_keywords.cpp its
// keyword rows and checks). Its rows and checks are typed on the feature's own settings, so they
// see that feature's section (and the system's it builds on) and nothing else; the run composes
// every section into one configuration (run/config/sections.cpp), with the checks that span
// sections. The keyword table, the parser's checks, describe(), --check and the generated input
// reference all read that list, so adding a keyword to a feature edits that feature's files only.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "input/keyword_table.hpp"
#include "input/line_parser.hpp"

namespace miniasd {

// Every keyword given, by lookup name ("sim:relax-method"), with its file and line.
using Seen = std::map<std::string, Entry>;

// A section over settings T (a feature's own: RelaxSettings, SpinTorqueSettings, ...).
template <class T>
struct SectionOf {
    const char* name;  // what the section holds, for messages and docs ("relaxation")
    // Appends the section's rows to the keyword table, in the order the reference lists them.
    void (*add_rows)(std::vector<Keyword<T>>& table);
    // The checks across the section's keywords once every keyword is read: throws InputError
    // naming the file, line and keyword of the first mistake; a setting it takes with a remark
    // appends a line to `warnings` (null: none).
    void (*check)(T& c, const Seen& seen, std::vector<std::string>& warnings) = nullptr;
    // Warnings (appended to `warnings`, one line each) about settings that are allowed but look
    // unintended, after the checks (null: none).
    void (*warn)(const T& c, const Seen& seen, std::vector<std::string>& warnings) = nullptr;
};

// The entry of a keyword if it was given, else null.
inline const Entry* given(const Seen& seen, const std::string& key) {
    const auto it = seen.find(key);
    return it == seen.end() ? nullptr : &it->second;
}

}  // namespace miniasd
