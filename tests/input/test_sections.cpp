// The configuration sections (input/section.hpp): the keyword table is the sections' rows in the
// sections' order, every enumeration's word table reads back both ways, and a section's own
// checks run from the parser (a mistake in a moved section is still reported with its line).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "checkpoint/checkpoint_section.hpp"
#include "dipole/dipole_section.hpp"
#include "input/section.hpp"
#include "integrate/relax_section.hpp"
#include "output/snapshot_section.hpp"
#include "run/config/keyword_table.hpp"
#include "run/programs/pulse_section.hpp"
#include "stats/columns_section.hpp"
#include "support/test_support.hpp"
#include "system/initial_state_section.hpp"
#include "util/error.hpp"

namespace miniasd {
namespace {

TEST(Sections, TheKeywordTableIsTheSectionsRowsInOrder) {
    std::vector<KeywordSpec> rows;
    std::set<std::string> names;
    for (const Section& s : sections()) {
        EXPECT_TRUE(names.insert(s.name).second) << s.name << " twice";
        const std::size_t before = rows.size();
        s.add_rows(rows);
        EXPECT_GT(rows.size(), before) << s.name << " adds no keyword";
    }
    const std::vector<KeywordSpec>& table = keyword_table();
    ASSERT_EQ(rows.size(), table.size());
    for (std::size_t k = 0; k < rows.size(); ++k)
        EXPECT_EQ(rows[k].pattern(), table[k].pattern()) << "row " << k;
}

template <class E, std::size_t N>
void expect_round_trip(const EnumWords<E, N>& words) {
    std::set<std::string> seen;
    for (const auto& w : words) {
        EXPECT_TRUE(seen.insert(w.word).second) << w.word << " twice";
        EXPECT_EQ(value_of(words, w.word), w.value) << w.word;
        EXPECT_STREQ(word_of(words, w.value), w.word);
        std::string upper = w.word;
        for (char& ch : upper)
            ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        EXPECT_EQ(value_of(words, upper), w.value) << upper << ": words match in any case";
    }
    EXPECT_FALSE(value_of(words, "no-such-word").has_value());
}

TEST(Sections, EveryEnumerationsWordsReadBackBothWays) {
    expect_round_trip(relax_method_words);
    expect_round_trip(dipole_solver_words);
    expect_round_trip(checkpoint_save_words);
    expect_round_trip(checkpoint_load_words);
    expect_round_trip(initial_state_words);
    expect_round_trip(cooling_function_words);
    expect_round_trip(laser_profile_words);
    expect_round_trip(energy_unit_words);
    EXPECT_EQ(choices_of(checkpoint_load_words), "restart|continue");
    EXPECT_STREQ(word_of(dipole_solver_words, DipoleSolver::none), "?");  // not an input word
}

// The line of the first mistake `text` makes (0 when it parses).
int mistake_line(const std::string& text) {
    try {
        test::config_from_text(text, "input");
    } catch (const InputError& e) {
        return e.line();
    }
    return 0;
}

TEST(Sections, EachSectionsChecksRunFromTheParser) {
    const std::string base =
        "dimensions:system-size = 1 !nm\nmaterial[1]:atomic-spin-moment = 1 !muB\n";
    EXPECT_EQ(mistake_line(base), 0);
    EXPECT_EQ(mistake_line(base + "sim:relax-method = damped-llg\n"), 3);        // relaxation
    EXPECT_EQ(mistake_line(base + "dipole:field-update-rate = 10\n"), 3);        // dipolar field
    EXPECT_EQ(mistake_line(base + "sim:save-checkpoint-rate = 10\n"), 3);        // checkpoints
    EXPECT_EQ(mistake_line(base + "sim:initial-skyrmion-radius = 1 !nm\n"), 3);  // initial
    EXPECT_EQ(mistake_line(base + "sim:program = laser-pulse\n"
                                  "sim:laser-pulse-temporal-profile = square\n"),
              4);  // pulse
    EXPECT_EQ(mistake_line(base + "config:atoms\nconfig:output-mode = hdf5\n"
                                  "config:output-format = text\n"),
              5);  // snapshots
}

}  // namespace
}  // namespace miniasd
