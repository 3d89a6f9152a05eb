// Checkpoints of other runs in a run's checkpoint directory. A run may write a checkpoint at any
// signal, and one named like another run's replaces it; and a new run of the same input that
// ignores a checkpoint starts again from step 0 where a continuation was meant. So a run looks
// before it starts: it refuses the first (unless --overwrite) and names the second.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parallel/comm.hpp"
#include "run/config/config.hpp"

namespace miniasd {

struct ForeignCheckpoint {
    std::string name;    // "checkpoint-000000000060"
    std::string run_id;  // "" when it has none or cannot be read
    std::int64_t step = 0;
    bool same_input = false;  // its fingerprint is this input's physics (compare_fingerprints)
};

// Not collective (rank 0 calls it). The complete checkpoints in `directory` that another run
// wrote (run id not `run_id`; one without an id counts as ours when accept_unnamed), with
// whether each is of `config`'s physics. Sorted by step.
std::vector<ForeignCheckpoint> other_runs_checkpoints(const std::string& directory,
                                                      const std::string& run_id,
                                                      bool accept_unnamed, const Config& config);

// Collective. Throws Error on every rank when the checkpoint directory holds another run's
// checkpoints and `overwrite` is not given (the refusal says how to continue them instead);
// with `overwrite`, or when none conflict, warns on stderr (when `screen`, rank 0's, is not null)
// of the checkpoint of this input that a run loading none passes over.
void claim_checkpoint_directory(const parallel::Comm& comm, const Config& c,
                                const std::string& output_dir, const std::string& run_id,
                                bool accept_unnamed, bool overwrite, std::FILE* screen);

}  // namespace miniasd
