// The run-state file of a checkpoint (docs/restart.md): the whole RunState, the fingerprint of
// the physical input and the lengths of the output files at the checkpoint, as "key = value"
// lines with a checksum line last. Numbers are written with 17 significant digits, which read
// back to the same double. Pure text: no MPI, no files (checkpoint.cpp does the I/O).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "stats/run_state.hpp"

namespace miniasd {

// Version 2: the fingerprint is describe()'s exact form (every number reads back to the same
// double). Version 1 files, whose fingerprints printed lengths and moments at 17 digits in Å and
// μB (which can read back one unit in the last place off), are read too. Version 3 added the run
// id (older files have none: the run continuing them draws one). Version 4 names the random
// numbers (util/random.hpp, random_numbers_id): the noise and Monte Carlo moves since then
// compute their exp, log, sin and cos in plain IEEE operations (util/portable_math.hpp), so a
// run continued from an older file draws numbers of the same distributions with other bits than
// the build that wrote it would have (docs/restart.md). Version 5 adds a digest of each output
// file's bytes at the checkpoint, so a continued run never cuts a file another run wrote.
// Version 6 adds relax-first-step, written by a run stopped (or checkpointed) in its relaxation
// before the program (sim:relax-first), which the continued run finishes before the program.
inline constexpr int run_state_version = 7;
inline constexpr int oldest_run_state_version = 1;

struct SavedRun {
    RunState state;
    std::string fingerprint;          // describe(config) of the run that wrote it
    int version = run_state_version;  // of the file it was read from
    int ranks = 0, threads = 0;
    std::string writer;                           // "miniasd <version> (git <hash>)"
    std::string run_id;                           // util/run_id.hpp; "" in files before version 3
    std::string random_numbers;                   // random_numbers_id; "" in files before version 4
    std::map<std::string, std::int64_t> outputs;  // output file name -> bytes at the checkpoint
    // Output file name -> digest of those bytes (OutputFiles::digests); none before version 5.
    std::map<std::string, std::uint64_t> output_digests;
};

std::string format_run_state(const SavedRun& r);
// Throws Error naming `source` (and the line) for a wrong version, a bad checksum (a corrupt or
// truncated file) or a malformed line.
SavedRun parse_run_state(const std::string& text, const std::string& source);

// What changed between the fingerprint a checkpoint was written with and the present input.
struct InputChanges {
    std::vector<std::string> refused;  // changes that make continuing wrong ("key: a -> b")
    std::vector<std::string> allowed;  // number of steps, output and checkpoint settings
};
// Values compare as text, or with `ulps` > 0 as numbers in SI (each "x !unit" converted) equal
// to within that many units in the last place: for fingerprints of version 1 files.
InputChanges compare_fingerprints(const std::string& saved, const std::string& now, int ulps = 0);

}  // namespace miniasd
