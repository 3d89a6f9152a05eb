// The checks of a whole configuration after every keyword is read (build_config): what one
// keyword cannot know alone, such as materials that cover the lattice, alloys that add up,
// checkpoint keywords that agree, and keywords that would
// have no effect (a warning). Each throws InputError naming the file, line and keyword.
#pragma once

#include <map>
#include <string>

#include "input/config.hpp"
#include "input/line_parser.hpp"

namespace miniasd::input_checks {

// Throws InputError naming the entry's file, line and keyword.
[[noreturn]] void fail(const Entry& e, const std::string& what);
// A warning that `key`, when the input gives it, "has no effect <why>" (file and line first).
void warn_if_given(const std::map<std::string, Entry>& seen, Config& c, const char* key,
                   const std::string& why);

// `seen`: the entry of every keyword given, by lookup name.
void check_material_coverage(Config& c, const std::map<std::string, Entry>& seen,
                             const std::string& input_file);
void check_alloys(const Config& c, const std::map<std::string, Entry>& seen);
void check_structure(const Config& c, const std::map<std::string, Entry>& seen);
// With material:unit-cell-file: no keyword the file replaces, a material for every category of
// its atoms; sets the unit cell to the file's.
void check_unit_cell_file(Config& c, const std::map<std::string, Entry>& seen);
// The exchange: keywords and exchange-matrix-<k>-nn only where they have an effect.
void check_exchange_shells(const Config& c, const std::map<std::string, Entry>& seen);

}  // namespace miniasd::input_checks
