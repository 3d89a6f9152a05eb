// SIGTERM and SIGUSR1 (what Slurm and PBS send before a job's time runs out) ask the run to stop
// at the next step boundary with a checkpoint (docs/restart.md). The handler only sets a flag;
// the time loop reads it and the ranks agree on it collectively.
#pragma once

namespace miniasd {

// Exit status of a run that stopped early with a checkpoint (wall-time limit or signal): a job
// script resubmits itself when it sees this. 75 is EX_TEMPFAIL of <sysexits.h>: "try again".
inline constexpr int exit_stopped_with_checkpoint = 75;

void install_stop_signals();
// The signal received (SIGTERM or SIGUSR1), or 0.
int stop_signal();
// For tests: as if the signal had arrived.
void raise_stop_signal(int sig);

}  // namespace miniasd
