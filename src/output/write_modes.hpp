// The snapshot write modes (config:output-mode, docs/output.md), one row each: the one list that
// the keyword and its checks, the automatic choice (output/auto_mode) and the writer factory
// (output/modes/writer_factory.cpp) read. A new mode is a row here, an
// OutputMode value and a writer.
#pragma once

#include <vector>

#include "output/snapshot_section.hpp"

namespace miniasd {

struct WriteMode {
    OutputMode mode;
    const char* name;  // the config:output-mode value
    bool io_groups;    // config:output-nodes sets how many processes write (I/O groups, writers)
    bool mpi_io;       // opens its files through MPI-IO, so config:mpi-io-hints apply
};

// Every mode, in OutputMode order.
const std::vector<WriteMode>& write_modes();
const WriteMode& write_mode(OutputMode m);
// The config:output-mode keyword's word for a mode.
const char* word_of(OutputMode m);

}  // namespace miniasd
