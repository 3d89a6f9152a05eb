// The owned atoms a snapshot writes: inside the fractional box (config:atoms-minimum/maximum-*,
// inclusive, as fractions of the system size) and of a selected material (config:atoms-materials).
// Fixed for the run: computed once, so every snapshot writes the same atoms in the same order.
#pragma once

#include <cstdint>
#include <vector>

#include "output/snapshot_section.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd {

struct Selection {
    std::vector<std::int32_t> local;  // owned local indices, in ascending global-id order
    std::vector<std::int64_t> gid;    // their global ids
};

Selection select_atoms(const SnapshotSection& o, const Lattice& l, const LocalSystem& sys);

}  // namespace miniasd
