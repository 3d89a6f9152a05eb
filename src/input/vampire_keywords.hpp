// VAMPIRE's keywords and what miniASD does with each. miniASD reads VAMPIRE's input format, so a
// VAMPIRE user's file meets one of three answers per line:
//  - supported: the keyword is in miniASD's keyword table with VAMPIRE's meaning and units;
//  - accepted without effect: a hardware or cosmetic hint (gpu:*, output:precision); the run goes
//    on and prints one warning line per keyword at start-up;
//  - not supported: physics miniASD does not have; an error naming the keyword and what is
//    missing, never a "did you mean" pointing at different physics.
// docs/vampire-compatibility.md is generated from this table (tools/update-input-reference.sh).
#pragma once

#include <string>
#include <vector>

#include "input/keyword_table.hpp"

namespace miniasd {

enum class VampireClass { supported, accepted_without_effect, not_supported };

struct VampireKeyword {
    std::string section;  // "sim" ("material" for material[i]:, "output" also covers "screen")
    std::string name;     // lower case, as miniASD's parser sees it
    VampireClass kind;
    std::string note;  // why (accepted without effect / not supported), "" when supported
};

// Every VAMPIRE keyword of the sections miniASD shares, plus one row per VAMPIRE section miniASD
// has none of (name "*").
const std::vector<VampireKeyword>& vampire_keywords();

// The row for a keyword that is not in miniASD's keyword table: an exact VAMPIRE keyword, or the
// whole-section row of a section miniASD lacks; nullptr when VAMPIRE does not have it either.
const VampireKeyword* find_vampire_keyword(const std::string& section, const std::string& name);

// For a choice keyword miniASD supports, the reason a VAMPIRE value of it is not supported
// ("sim:program", "fmr" -> "...is not implemented"), or "" when VAMPIRE has no such value.
std::string vampire_value_note(const std::string& section, const std::string& name,
                               const std::string& value);

// VAMPIRE's values of a choice keyword that miniASD supports with fewer values.
struct VampireValues {
    const char* key;     // section:name
    const char* note;    // why they are not supported
    const char* values;  // blank-separated, lower case
};
const std::vector<VampireValues>& vampire_unsupported_values();

// docs/vampire-compatibility.md (input/vampire_compatibility.cpp), the notes of supported
// keywords taken from their rows in `rows` (the run's keyword table).
std::string vampire_compatibility_markdown(const KeywordRows& rows);
// The section of that document on keywords whose meaning differs from VAMPIRE's code.
std::string vampire_differences_markdown();

}  // namespace miniasd
