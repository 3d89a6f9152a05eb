// The command line of miniasd and what each option does; main() calls run_app inside one try.
#pragma once

namespace miniasd {

// Collective over MPI_COMM_WORLD. Returns the process exit code.
int run_app(int argc, char** argv);

}  // namespace miniasd
