// The run's keyword table: every section's rows (input/section.hpp) composed into one table on
// the whole configuration (config.hpp), in the sections' order (sections.cpp). It drives the
// parser, describe(), `miniasd --check`, docs/input-reference.md and docs/vampire-compatibility.md.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "input/keyword_table.hpp"
#include "input/section.hpp"
#include "run/config/config.hpp"

namespace miniasd {

using KeywordSpec = Keyword<Config>;

// A section of the configuration: a feature's rows and checks (on its own settings), composed,
// with the checks the run adds across sections; or one of the run's own sections.
struct Section {
    const char* name;
    std::function<void(std::vector<KeywordSpec>& table)> add_rows;
    std::function<void(Config& c, const Seen& seen)> check;  // null: none
    std::function<void(Config& c, const Seen& seen)> warn;   // null: none; appends c.warnings
};

// Every section, in the keyword table's order.
const std::vector<Section>& sections();

const std::vector<KeywordSpec>& keyword_table();
// The table's rows as input/'s generic functions take them.
const KeywordRows& keyword_table_rows();
// Row for section:name (indices stripped), or nullptr.
const KeywordSpec* find_keyword(const std::string& section, const std::string& name);

// input/keyword_table.hpp's and input/vampire_keywords.hpp's answers for this table.
std::string suggest_keyword(const Entry& e);
std::string keyword_reference_markdown();
std::string vampire_compatibility_markdown();

}  // namespace miniasd
