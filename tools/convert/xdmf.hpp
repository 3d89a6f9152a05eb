// XDMF 3 for ParaView, VisIt, VTK's XDMF reader (pyvista) and meshio: each snapshot's frame goes
// to an HDF5 file of its own (<stem>.xdmf.h5: positions, the vertex list, the vector, materials
// or atom counts, ids), described by <stem>.xdmf, one uniform grid that every one of those
// readers opens; a directory's snapshots are also listed in spins.xdmf, a temporal collection
// with each snapshot's time in picoseconds (ParaView plays it; meshio.xdmf.TimeSeriesReader reads
// it). The names keep clear of the hdf5 write mode's own <stem>.h5 and <stem>.xmf.
#pragma once

#include <string>
#include <vector>

#include "frame.hpp"

namespace miniasd::convert {

// Writes the frame's arrays to the HDF5 file `path` (serialised: HDF5 is not thread-safe here).
void write_xdmf_data(const std::string& path, const Frame& f);

// The uniform grid of one frame whose data file is `h5_name` (relative to the .xmf); with
// `time`, its <Time> element (picoseconds) for a member of a temporal collection.
std::string xdmf_grid(const Frame& f, const std::string& h5_name, bool time);

// A whole .xmf file: one grid (no <Time>, which meshio.read refuses in a single grid: the time is
// in the grid's name), or a temporal collection of grids made by xdmf_grid(..., true).
std::string xdmf_single(const Frame& f, const std::string& h5_name);
std::string xdmf_series(const std::vector<std::string>& grids);

}  // namespace miniasd::convert
