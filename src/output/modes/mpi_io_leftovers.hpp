// Files Open MPI's MPI-IO layer (OMPIO) keeps beside a data file while it is open and deletes
// at the close: `<file>-<job>-<n>.lock` (its lockedfile component), `<file>.data.<rank>` and
// `<file>.metadata.<rank>` (its individual component). A job that ends inside a write (a
// full disk, the write guard, a scheduler's kill) leaves them behind for ever, and a stale lock
// file can stop a later open; a run removes them from its output directory when it starts.
#pragma once

#include <cstdio>
#include <string>

namespace miniasd {

// Whether a file name is one of those files for a snapshot's data file (.dat or .h5).
bool is_mpi_io_leftover(const std::string& name);

// Removes every such file in `dir`, with a note on `notes` (when not null) for each.
void remove_mpi_io_leftovers(const std::string& dir, std::FILE* notes);

}  // namespace miniasd
