#include "run/foreign_checkpoints.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "checkpoint/checkpoint.hpp"
#include "checkpoint/run_state_io.hpp"
#include "output/format/file_io.hpp"
#include "util/error.hpp"

namespace fs = std::filesystem;

namespace miniasd {

std::vector<ForeignCheckpoint> other_runs_checkpoints(const std::string& directory,
                                                      const std::string& run_id,
                                                      bool accept_unnamed, const Config& config) {
    std::vector<ForeignCheckpoint> found;
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) return found;
    const std::string now = describe(config);
    for (const fs::directory_entry& e : fs::directory_iterator(directory, ec)) {
        const std::string name = e.path().filename().string();
        const std::int64_t step = checkpoint_step(name);
        if (step < 0 || !e.is_directory(ec) || !fs::exists(e.path() / "run-state", ec)) continue;
        ForeignCheckpoint f;
        f.name = name;
        f.step = step;
        try {
            const std::string state = (e.path() / "run-state").string();
            const SavedRun r = parse_run_state(read_whole_file(state), state);
            f.run_id = r.run_id;
            f.same_input =
                compare_fingerprints(redescribe(r.fingerprint), now, r.version < 2 ? 4 : 0)
                    .refused.empty();
        } catch (const std::exception&) {
            // Damaged: another run's as far as anyone can tell; loading it would say more.
        }
        if (f.run_id == run_id || (f.run_id.empty() && accept_unnamed)) continue;
        found.push_back(f);
    }
    std::sort(
        found.begin(), found.end(),
        [](const ForeignCheckpoint& a, const ForeignCheckpoint& b) { return a.step < b.step; });
    return found;
}

void claim_checkpoint_directory(const parallel::Comm& comm, const Config& c,
                                const std::string& output_dir, const std::string& run_id,
                                bool accept_unnamed, bool overwrite, std::FILE* screen) {
    std::string why;
    if (comm.is_root()) {
        const std::string dir = checkpoint_directory(c, output_dir);
        const std::vector<ForeignCheckpoint> others =
            other_runs_checkpoints(dir, run_id, accept_unnamed, c);
        const ForeignCheckpoint* same = nullptr;  // the newest of this input
        for (const ForeignCheckpoint& f : others)
            if (f.same_input) same = &f;
        const bool loads = c.checkpoint.load != CheckpointLoad::none;
        std::string hint;
        if (same && !loads)
            hint = " " + same->name + " (step " + std::to_string(same->step) +
                   ") is of this same input, and this run, which loads no checkpoint, would "
                   "start again from step 0: to continue it, add sim:load-checkpoint-if-exists "
                   "= continue.";
        if (!others.empty() && !overwrite) {
            why = "the checkpoint directory '" + dir + "' holds " + std::to_string(others.size()) +
                  " checkpoint(s) of another run (" + others.front().name +
                  (others.size() > 1 ? " ... " + others.back().name : "") + ", run " +
                  (others.back().run_id.empty() ? "without an id" : others.back().run_id) +
                  "): this run's checkpoints, at the end or at a signal, could replace them." +
                  hint +
                  " Otherwise write elsewhere (-o or config:checkpoint-directory), or give "
                  "--overwrite to let this run replace checkpoints of the same name";
        } else if (!hint.empty() && screen) {
            // With the other warnings, on stderr (screen only says that this run prints).
            std::fprintf(stderr, "miniasd: warning: %s:%s\n", dir.c_str(), hint.c_str());
        }
    }
    comm.throw_if_any(why);
}

}  // namespace miniasd
