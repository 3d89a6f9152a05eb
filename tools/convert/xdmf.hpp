// XDMF (version 2) descriptions that let ParaView and VisIt read binary snapshots where they lie,
// without a copy: each piece of a snapshot's file table becomes a grid whose spin attribute is a
// Binary DataItem at the piece's byte offset in its data file. Coordinate records mix types, so
// their positions, ids and materials are written once, in record order, to a small side file.
#pragma once

#include <string>
#include <vector>

#include "output/reader.hpp"

namespace miniasd::convert {

// The side file: positions float64 [N][3] (angstrom), ids int64 [N], materials int32 [N]
// (1-based), all in the record order of the run's coordinates, little-endian.
std::string xdmf_side_file(const RunReader& run);

// A temporal collection over `snapshots` (one is fine). `data_prefix` leads from the .xmf's
// directory to the snapshot files' directory ("" when they share it); `side_file` is relative to
// the .xmf. Throws Error for text snapshots (their records cannot be addressed in place).
std::string to_xdmf(const std::vector<SnapshotMetadata>& snapshots, const std::string& data_prefix,
                    const std::string& side_file);

}  // namespace miniasd::convert
