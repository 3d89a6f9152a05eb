// The wave vectors a structure factor is sampled at (structure-factor:q-path, q-points-file,
// q-grid), in reciprocal lattice units (h, k, l) of the conventional cell: q = 2 pi (h / a,
// k / b, l / c) for a cell of a x b x c. Pure: no MPI, no files.
#pragma once

#include <string>
#include <vector>

#include "system/lattice.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct WaveVectors {
    std::vector<Vec3> hkl;             // reciprocal lattice units
    std::vector<double> distance;      // along the path from its first point (1/m; 0 off paths)
    std::vector<std::size_t> corners;  // indices of a path's corners in hkl (empty off paths)
};

// Every point of the box's grid (h a multiple of 1 / cells[0], and so on) on the straight
// segments between consecutive corners, each corner once. Throws std::invalid_argument naming a
// corner that is not on the grid (within 1e-9 of a multiple).
WaveVectors path_wave_vectors(const std::vector<Vec3>& corners, const Lattice& l);
// The whole grid: h = i / nx (i = 0 .. nx - 1), likewise k and l; h fastest.
WaveVectors grid_wave_vectors(const Lattice& l);
// A q-points file's text: one "h k l" per line; '#' starts a comment, blank lines are skipped.
// Throws std::invalid_argument naming the line of a malformed one, or when there is none.
WaveVectors listed_wave_vectors(const std::string& text);

// The Cartesian wave vector (1/m) of (h, k, l) on the lattice's cell.
Vec3 cartesian(const Vec3& hkl, const Lattice& l);

}  // namespace miniasd
