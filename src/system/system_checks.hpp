// The checks of the system's settings once every keyword is read (run/config/parser.cpp): what one
// keyword cannot know alone, such as materials that cover the lattice, alloys that add up, a
// unit-cell file that agrees with the materials, and exchange keywords that have an effect. Each
// throws InputError naming the file, line and keyword.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "input/input_checks.hpp"
#include "input/line_parser.hpp"
#include "system/system_settings.hpp"

namespace miniasd::system_checks {

// `seen`: the entry of every keyword given, by lookup name. `warnings` gets a line for each
// material whose moment is VAMPIRE's default.
void check_material_coverage(const SystemSettings& c, const std::map<std::string, Entry>& seen,
                             const std::string& input_file, std::vector<std::string>& warnings);
void check_alloys(const SystemSettings& c, const std::map<std::string, Entry>& seen);
void check_structure(const SystemSettings& c, const std::map<std::string, Entry>& seen);
// With material:unit-cell-file: no keyword the file replaces, a material for every category of
// its atoms; sets the unit cell to the file's (and says so in `warnings` where the crystal's
// keywords gave another).
void check_unit_cell_file(SystemSettings& c, const std::map<std::string, Entry>& seen,
                          std::vector<std::string>& warnings);
// The exchange: keywords and exchange-matrix-<k>-nn only where they have an effect.
void check_exchange_shells(const SystemSettings& c, const std::map<std::string, Entry>& seen);

}  // namespace miniasd::system_checks
