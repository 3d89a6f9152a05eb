// Which run a directory's snapshots belong to (docs/output.md, "Which run wrote a file"). A run
// that starts in a directory holding snapshots of another run would overwrite some of them and
// leave the rest, and a reader would take old and new as one series; so the run refuses to start
// there unless told to overwrite, and then deletes the other run's snapshots first.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "parallel/comm.hpp"

namespace miniasd {

// The snapshot metadata files (*.meta) in `directory` written by a run other than `run_id`:
// another id, or none (files from before run ids, 1.2 and older) unless `accept_unnamed` (a run
// continued from a checkpoint without an id: its own earlier snapshots have none). Sorted names,
// relative to the directory. Files that are not miniASD metadata are not counted.
std::vector<std::string> other_runs_snapshots(const std::string& directory,
                                              const std::string& run_id, bool accept_unnamed);

// Deletes those snapshots: each metadata file first (the snapshot then no longer exists), then
// its data files and its .xmf. Returns the number of files deleted; throws LocalError naming a
// file that cannot be deleted.
std::size_t remove_snapshots(const std::string& directory, const std::vector<std::string>& metas);

// Collective. Rank 0 looks; with `overwrite` it deletes the other run's snapshots and says so on
// `screen` (rank 0's, may be null), otherwise every rank throws Error naming the directory, what
// it holds and the three ways on.
void claim_run_directory(const parallel::Comm& comm, const std::string& directory,
                         const std::string& run_id, bool accept_unnamed, bool overwrite,
                         std::FILE* screen);

}  // namespace miniasd
