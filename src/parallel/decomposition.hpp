// Domain decomposition: creates the Cartesian communicator for the process grid chosen by
// choose_process_grid (process_grid.hpp).
#pragma once

#include "parallel/comm.hpp"
#include "parallel/process_grid.hpp"

namespace miniasd::parallel {

// Collective over `world`. Chooses the grid, creates the Cartesian communicator (no reordering)
// and returns it with this rank's place in the grid.
struct Decomposition {
    Comm comm;
    ProcessGrid grid;
};
Decomposition decompose(const Comm& world, const Cells3& cells,
                        const std::array<bool, 3>& periodic);

}  // namespace miniasd::parallel
