// sim:initial-spin-file for the run and for --check (docs/physics.md, "Initial states"): the file
// is read once on rank 0 and its content sent to every rank, so every rank raises the same error
// for a missing or malformed file; --check then also finds, for every atom of the lattice, the
// spin the run would give it, so a file that would stop the run at start-up is reported by
// --check instead of "input is valid".
#pragma once

#include <string>

#include "output/format/spin_file.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"

namespace miniasd {

// Collective. The source on every rank; Error on every rank naming the file when rank 0 cannot
// read it. `note` (rank 0's) says which file a directory stood for, or is empty.
SpinSource load_spin_source(const parallel::Comm& comm, const std::string& path, std::string& note);

// Collective. Whether every atom of `l` takes a spin from `source`: each rank checks its share
// of the ids, a million atoms at a time (memory stays small however large the lattice). Error on
// every rank naming the file and the first atom that would have none. `note` gets the sampling
// remark the run would print.
void check_spin_source_covers(const parallel::Comm& comm, const SpinSource& source,
                              const Lattice& l, const std::string& path, std::string& note);

}  // namespace miniasd
