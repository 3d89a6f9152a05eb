// Generates the keyword part of docs/input-reference.md from the keyword table, so the reference
// cannot drift from the parser (tests/input/test_reference.cpp compares the two).
#include <algorithm>
#include <sstream>
#include <vector>

#include "input/keyword_table.hpp"
#include "util/environment.hpp"

namespace miniasd {

namespace {

std::string kind_text(const KeywordRow& s) {
    switch (s.kind) {
        case ValueKind::flag:
            return "flag (no value)";
        case ValueKind::integer:
            return "whole number";
        case ValueKind::real:
            return "number";
        case ValueKind::direction:
            return "x,y,z";
        case ValueKind::direction_or_random:
            return "x,y,z or random";
        case ValueKind::real_or_triple:
            return "number, or x,y,z";
        case ValueKind::choice: {
            std::string c = s.choices;
            std::string out;
            for (char ch : c)
                out += ch == '|' ? std::string(" \\| ") : std::string(1, ch);
            return out;
        }
        case ValueKind::text:
            return "text";
    }
    return "";
}

std::string range_of(const KeywordRow& s) {
    if (s.kind != ValueKind::integer && s.kind != ValueKind::real) return "";
    std::ostringstream o;
    o << s.min << " to " << s.max;
    if (s.dimension != Dimension::none) o << " " << si_unit_name(s.dimension);
    return o.str();
}

}  // namespace

std::string keyword_reference_markdown(const KeywordRows& rows) {
    std::ostringstream out;
    out << "<!-- BEGIN GENERATED KEYWORDS: regenerate with `build/miniasd --input-reference` -->\n";
    // One table per section, sections in the order they first appear in the keyword table.
    std::vector<std::string> sections;
    for (const KeywordRow* s : rows)
        if (std::find(sections.begin(), sections.end(), s->section) == sections.end())
            sections.push_back(s->section);
    for (const std::string& section : sections) {
        out << "\n### " << section << "\n\n"
            << "| keyword | value | units (default first) | range (SI) | default | meaning |\n"
            << "|---|---|---|---|---|---|\n";
        for (const KeywordRow* row : rows) {
            const KeywordRow& s = *row;
            if (s.section != section) continue;
            std::string units;
            if (s.dimension != Dimension::none)
                units =
                    std::string(default_unit_name(s.dimension)) + "; " + unit_names(s.dimension);
            out << "| `" << s.pattern() << "` | " << kind_text(s) << " | " << units << " | "
                << range_of(s) << " | " << s.default_text << " | " << table_cell(s.doc) << " |\n";
        }
    }
    out << environment_reference();
    out << "\n<!-- END GENERATED KEYWORDS -->\n";
    return out.str();
}

std::string table_cell(const std::string& text) {
    std::string out;
    for (const char ch : text) {
        if (ch == '|') out += '\\';
        out += ch;
    }
    return out;
}

}  // namespace miniasd
