// Internal to src/input: the builders of keyword-table rows and the functions that add each
// section's rows. Not for use outside the keyword table.
#pragma once

#include <string>
#include <vector>

#include "input/keyword_table.hpp"
#include "util/error.hpp"

namespace miniasd::keyword_rows {

using D = Dimension;
using K = ValueKind;
using Apply = std::function<void(Config&, const Value&, const Entry&)>;
inline constexpr double big = 1e15;  // "no upper limit" for counts

KeywordSpec row(std::string section, std::string name, K kind, D dim, double min, double max,
                std::string def, std::string doc, Apply apply);
KeywordSpec choice(std::string section, std::string name, std::string choices, std::string def,
                   std::string doc, Apply apply);
// A material[i]: keyword; `f` receives the material.
KeywordSpec mat(std::string name, K kind, D dim, double min, double max, std::string def,
                std::string doc,
                std::function<void(MaterialConfig&, const Value&, const Entry&)> f);
[[noreturn]] void entry_error(const Entry& e, const std::string& what);

void add_structure_keywords(std::vector<KeywordSpec>& t);   // create:, dimensions:
void add_material_keywords(std::vector<KeywordSpec>& t);    // material:, material[i]:
void add_sim_keywords(std::vector<KeywordSpec>& t);         // sim:, montecarlo:
void add_pulse_keywords(std::vector<KeywordSpec>& t);       // sim: field-cool and laser-pulse
void add_checkpoint_keywords(std::vector<KeywordSpec>& t);  // sim: checkpoints, wall time
void add_config_keywords(std::vector<KeywordSpec>& t);      // config: (snapshots)
void add_output_keywords(std::vector<KeywordSpec>& t);      // output:, screen:

}  // namespace miniasd::keyword_rows
