// Checkpoints (docs/restart.md): the spins of every atom in global-id order, written through the
// output module's sorted mode (so a checkpoint is a snapshot the converter and the Python reader
// read), plus the run-state file. A checkpoint is written into "<name>.partial", read back and
// compared bit for bit on every rank, and only then renamed to its name: a directory named
// checkpoint-<step> is always complete. Older checkpoints are deleted after that.
//
// Reading works on any number of ranks: each rank reads the records of its own atoms from the
// spins file, and the content hash of all of them must equal the one in the metadata. The
// coordinates are read the same way and must be this run's lattice, atom by atom: a checkpoint
// of another lattice with as many atoms is refused.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint/checkpoint_section.hpp"
#include "checkpoint/run_state_io.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

class Checkpoints {
  public:
    // `output_dir`: the run's output directory (config:checkpoint-directory is relative to it);
    // `time_step` (s): the run's, for the time the checkpoint's snapshots record.
    Checkpoints(const CheckpointSettings& c, double time_step, const Lattice& l,
                const LocalSystem& sys, parallel::Comm comm, const std::string& output_dir);

    const std::string& directory() const { return directory_; }

    // Collective. Writes, verifies and publishes a checkpoint of the spins and `run` (rank 0's
    // `run` is written); returns its path. Throws Error on every rank when any step fails; the
    // previous checkpoints are then untouched. `held`: the spins at step `held_step` that a
    // term's held state was computed from (Hamiltonian::held_spins), written as the
    // checkpoint's second snapshot (spins-00000001).
    // `extras`: files of the run's other state (name, rank 0's bytes: the structure factor's
    // series), written beside the run state and read back before the checkpoint is published.
    std::string write(const Spins& s, const SavedRun& run, const Spins* held = nullptr,
                      std::int64_t held_step = -1,
                      const std::vector<std::pair<std::string, std::string>>& extras = {});

    struct Loaded {
        SavedRun run;
        std::string path;
        std::vector<std::string> notes;  // incomplete checkpoints passed over
    };
    // Collective. Reads the newest complete checkpoint into the owned atoms of `s`; nothing
    // (and `s` untouched) when there is none. Throws Error on every rank for a corrupt,
    // truncated, foreign or wrong-version checkpoint, naming the file.
    std::optional<Loaded> load(Spins& s);
    // Collective. The held spins of the checkpoint at `path` (owned atoms) and their step, if it
    // has them; throws Error on every rank for damaged ones.
    std::optional<std::pair<Spins, std::int64_t>> load_held(const std::string& path) const;

    double last_write_seconds() const { return last_write_seconds_; }  // the slowest rank's

  private:
    // Collective: reads the spins of this rank's owned atoms from the snapshot `meta_name` of
    // the checkpoint at `path` into xyz[3 i + c]; returns its step; throws Error on every rank
    // if any rank fails.
    std::int64_t read_spins(const std::string& path, std::vector<double>& xyz,
                            const std::string& meta_name = "spins-00000000.meta") const;
    // Collective: reads the snapshot back and compares it with `s` bit for bit.
    void verify_spins(const std::string& path, const Spins& s, const std::string& meta_name) const;
    // Collective: every owned atom's coordinate record in the checkpoint at `path` must be this
    // lattice's atom (id, position bit for bit, material), and the records must match the
    // metadata's content hash; throws Error on every rank naming the file otherwise.
    void check_coordinates(const std::string& path) const;

    CheckpointSettings
        config_;  // a copy with the output settings of a checkpoint (sorted, float64)
    double time_step_;
    const Lattice& lattice_;
    const LocalSystem& system_;
    parallel::Comm comm_;
    std::string directory_;
    double last_write_seconds_ = 0;
};

// "checkpoint-000000001234": the name of the checkpoint after `step` steps.
std::string checkpoint_name(std::int64_t step);
// The checkpoint directory of a configuration (config:checkpoint-directory, relative to the
// output directory unless absolute).
std::string checkpoint_directory(const CheckpointSettings& c, const std::string& output_dir);
// The step of a checkpoint directory's name ("checkpoint-<digits>"), or -1 for another name.
std::int64_t checkpoint_step(const std::string& name);

}  // namespace miniasd
