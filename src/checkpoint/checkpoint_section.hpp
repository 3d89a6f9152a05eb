// The checkpoints' settings (sim:save-checkpoint, sim:load-checkpoint and their companions,
// VAMPIRE's names; docs/restart.md): a configuration section (input/section.hpp), read from the
// keywords in checkpoint_keywords.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "output/snapshot_section.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

enum class CheckpointSave { none, end, continuous };
inline constexpr EnumWords<CheckpointSave, 2> checkpoint_save_words{{
    {CheckpointSave::end, "end"},
    {CheckpointSave::continuous, "continuous"},
}};
// restart: the spins only; resume ("continue"): the spins and the whole run state.
enum class CheckpointLoad { none, restart, resume };
inline constexpr EnumWords<CheckpointLoad, 2> checkpoint_load_words{{
    {CheckpointLoad::restart, "restart"},
    {CheckpointLoad::resume, "continue"},
}};

struct CheckpointSection {
    CheckpointSave save = CheckpointSave::none;
    std::int64_t rate = 1;  // steps between continuous checkpoints (VAMPIRE's default)
    CheckpointLoad load = CheckpointLoad::none;
    bool load_if_exists = false;            // start afresh when there is no checkpoint
    std::string directory = "checkpoints";  // relative to the output directory
    int kept = 1;                           // complete checkpoints left on disk
    MINIASD_FIELDS(save, rate, load, load_if_exists, directory, kept);
};
MINIASD_SIZE_GUARD(CheckpointSection, 64);

// What the checkpoints read of the input: their section, over the snapshot output's (a checkpoint
// is a snapshot written in the output's modes).
struct CheckpointSettings : SnapshotSettings {
    CheckpointSection checkpoint;
};

SectionOf<CheckpointSettings> checkpoint_section();  // checkpoint_keywords.cpp

}  // namespace miniasd
