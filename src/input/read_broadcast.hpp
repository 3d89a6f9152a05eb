// Read once, broadcast text (docs/architecture.md, "The run"): rank 0 reads a
// file; every rank receives its bytes, or the reason it could not be read, so a missing file
// raises the same error everywhere and no rank waits.
#pragma once

#include <string>

#include "input/text_loader.hpp"
#include "parallel/comm.hpp"

namespace miniasd {

// Collective over comm.
LoadResult read_and_broadcast(const parallel::Comm& comm, const std::string& path);

// A loader for read_config that reads on rank 0 and broadcasts over comm. Collective per file.
TextLoader broadcast_loader(const parallel::Comm& comm);

}  // namespace miniasd
