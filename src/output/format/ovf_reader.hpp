// OVF 2.0 files as the OOMMF reference defines them and mumax, Spirit, OOMMF and miniasd-convert
// write them: "# key: value" header lines, then one segment of a rectangular mesh with three
// values per node, as text or little-endian binary (4 or 8 bytes, a check value first).
//
// The reader accepts exactly that and refuses the rest, naming the file and the line: a mesh
// unit other than m, mm, um, nm or angstrom (Spirit writes nm, mumax m: ignoring the unit
// made every atom of a skyrmion fall into one cell), a header number that is not one, a size
// that does not fit the file (nodes whose product overflows, a short file claiming millions of
// nodes: checked against the bytes really there before anything is allocated), a text row
// with more or fewer than three numbers, data longer or shorter than the header says.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace miniasd {

struct OvfGrid {
    std::array<double, 3> base{};         // m, the centre of the first node's cell
    std::array<double, 3> step{};         // m, the cell size along x, y, z
    std::array<std::int64_t, 3> nodes{};  // cells along x, y, z
    std::vector<double> values;           // [nz][ny][nx][3], x fastest
};

// The file's contents, `path` naming it in messages. Throws Error on any departure from the
// format above.
OvfGrid parse_ovf(const std::string& bytes, const std::string& path);

// The factor from an OVF meshunit word to metres (case-insensitive; 0 for an unknown word).
double ovf_mesh_unit(const std::string& word);

}  // namespace miniasd
