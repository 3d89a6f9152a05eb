// The converter's output formats, each a pure function from a frame to the bytes of a file (so
// tests can check them without touching the disk). POV-Ray rendering and XDMF, which refer to
// other files, are in povray.hpp and xdmf.hpp.
#pragma once

#include <string>
#include <vector>

#include "frame.hpp"

namespace miniasd::convert {

// Little-endian float64 [n][3] in id order: the vectors, or the positions (angstrom) when the
// frame has none (coordinates alone).
std::string to_canonical(const Frame& f);

// One header line, then per point: id, x, y, z (angstrom), material (or atoms averaged, for
// macro-cells), the vector (sx, sy, sz or mx, my, mz) and, for macro-cells, |m|. Shortest decimal
// forms that read back to the same doubles.
std::string to_csv(const Frame& f);

// Extended XYZ (OVITO, ASE): atom count, a comment line with Lattice, Properties, pbc, Time (ps),
// step, temperature (K) and snapshot, then species, position, vector, material and id per point.
std::string to_xyz(const Frame& f);

// VTK XML unstructured grid: points (angstrom) as vertex cells, point data for the vector,
// material and id, TimeValue (ps) in field data; binary appended data with UInt64 headers.
std::string to_vtu(const Frame& f);

// OVF 2.0 (OOMMF, mumax3, Ubermag): a rectangular mesh of the frame's macro-cells, x fastest,
// meshunit m, the value m = sum(mu s) / sum(mu) of each cell (0 0 0 for a cell without atoms) as
// text. Throws Error for a frame of atoms: OVF holds a grid, so the atoms must be averaged into
// macro-cells first (--macro-cell).
// `data`: "text", "bin4" or "bin8" (OVF 2.0's Data Text, Data Binary 4, Data Binary 8: little-
// endian values after the format's check value).
std::string to_ovf(const Frame& f, const std::string& data = "text");

// A ParaView collection: one DataSet per snapshot, timestep in picoseconds.
struct PvdEntry {
    double time_ps;
    std::string file;  // relative to the .pvd
};
std::string to_pvd(const std::vector<PvdEntry>& entries);

// Time of a snapshot in picoseconds (the unit of every visual format's time axis).
inline double picoseconds(const SnapshotMetadata& m) {
    return m.time * 1e12;
}

}  // namespace miniasd::convert
