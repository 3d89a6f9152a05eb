// A run's identity (docs/output.md, "Which run wrote a file"): 16 hexadecimal digits drawn when a
// run starts afresh, kept by every job that continues it. Snapshot metadata and checkpoints carry
// it, so a directory holding another run's files is recognised at start-up and by the readers.
#pragma once

#include <string>

namespace miniasd {

// A new id from the clock, the process and the system's random source: two runs started at the
// same moment on different nodes or in different processes differ. Call on one rank only and
// broadcast (it is not, and must not be, the same on every rank by itself).
std::string new_run_id();

// True when `id` is 16 lower-case hexadecimal digits.
bool valid_run_id(const std::string& id);

}  // namespace miniasd
