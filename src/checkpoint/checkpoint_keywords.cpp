// The checkpoints' section (checkpoint_section.hpp): the rows of the checkpoint and restart
// keywords (sim:, VAMPIRE's names) and the checks across them.
#include "checkpoint/checkpoint_section.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<CheckpointSettings>;
using input_checks::fail;

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "save-checkpoint", checkpoint_save_words, CheckpointSave::none,
        "write checkpoints (docs/restart.md): at the end of the run, or every "
        "sim:save-checkpoint-rate steps and at the end",
        [](auto& c) -> auto& { return c.checkpoint.save; }));
    t.back().default_text = "not saved";
    t.push_back(row(
        "sim", "save-checkpoint-rate", K::integer, D::none, 1, big, "1",
        "time steps between checkpoints with sim:save-checkpoint = continuous",
        [](CheckpointSettings& c, const Value& v, const Entry&) { c.checkpoint.rate = v.integer; },
        [](const CheckpointSettings& c) {  // an error without continuous checkpoints
            return c.checkpoint.save == CheckpointSave::continuous ? whole(c.checkpoint.rate)
                                                                   : none;
        }));
    const char* load_doc =
        "at start-up read the newest complete checkpoint: continue (the spins and the whole run "
        "state: the run goes on as if never stopped) or restart (the spins only: the program "
        "starts again from them)";
    // Two keywords for one setting: the row given says whether a missing checkpoint is an error.
    auto load = [](bool if_exists) {
        return [if_exists](CheckpointSettings& c, const Value& v, const Entry&) {
            c.checkpoint.load = *value_of(checkpoint_load_words, v.text);
            c.checkpoint.load_if_exists = if_exists;
        };
    };
    auto loaded = [](bool if_exists) {
        return [if_exists](const CheckpointSettings& c) {
            const CheckpointSection& k = c.checkpoint;
            if (k.load == CheckpointLoad::none || k.load_if_exists != if_exists) return none;
            return word(word_of(checkpoint_load_words, k.load));
        };
    };
    const std::string loads = choices_of(checkpoint_load_words);
    t.push_back(choice("sim", "load-checkpoint", loads, "not loaded",
                       std::string(load_doc) + "; an error when there is none", load(false),
                       loaded(false)));
    t.push_back(choice("sim", "load-checkpoint-if-exists", loads, "not loaded",
                       "as sim:load-checkpoint, but a run without a checkpoint starts afresh "
                       "(the first job of a chain)",
                       load(true), loaded(true)));
    t.push_back(row(
        "sim", "checkpoint-directory", K::text, D::none, 0, 0, "checkpoints",
        "directory of the checkpoints, relative to the output directory (-o)",
        [](CheckpointSettings& c, const Value& v, const Entry& e) {
            if (v.text.empty()) entry_error(e, "expected a directory name");
            c.checkpoint.directory = v.text;
        },
        [](const CheckpointSettings& c) { return word(c.checkpoint.directory); }));
    t.push_back(row(
        "sim", "checkpoints-kept", K::integer, D::none, 1, 1000, "1",
        "complete checkpoints kept on disk; older ones are deleted once a newer one "
        "is written and verified",
        [](CheckpointSettings& c, const Value& v, const Entry&) {
            c.checkpoint.kept = static_cast<int>(v.integer);
        },
        [](const CheckpointSettings& c) { return whole(c.checkpoint.kept); }));
}

// Checkpoint keywords that would have no effect or contradict each other.
void check(CheckpointSettings& c, const Seen& seen, std::vector<std::string>&) {
    const Entry* load = given(seen, "sim:load-checkpoint");
    if (const Entry* if_exists = given(seen, "sim:load-checkpoint-if-exists"); load && if_exists)
        fail(*if_exists,
             "give sim:load-checkpoint or sim:load-checkpoint-if-exists, not "
             "both (sim:load-checkpoint is at line " +
                 std::to_string(load->line) + ")");
    if (const Entry* rate = given(seen, "sim:save-checkpoint-rate");
        rate && c.checkpoint.save != CheckpointSave::continuous)
        fail(*rate, "has an effect only with sim:save-checkpoint = continuous");
}

// Settings that work but are probably not what the user meant.
void warn(const CheckpointSettings& c, const Seen& seen, std::vector<std::string>& warnings) {
    const Entry* save = given(seen, "sim:save-checkpoint");
    if (c.checkpoint.save == CheckpointSave::continuous && !given(seen, "sim:save-checkpoint-rate"))
        warnings.push_back(save->file + ", line " + std::to_string(save->line) +
                           ": sim:save-checkpoint = continuous without "
                           "sim:save-checkpoint-rate writes a checkpoint after every step "
                           "(VAMPIRE's default rate of 1); set the rate, e.g. 10000");
}

}  // namespace

SectionOf<CheckpointSettings> checkpoint_section() {
    return {"checkpoints", add_rows, check, warn};
}

}  // namespace miniasd
