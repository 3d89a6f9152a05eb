// Which cell of a grid a position falls in, the one rule every binning of atoms uses (the
// dipolar macro-cells, the converter's --macro-cell averages, the cells of an OVF file read as an
// initial state). Atoms of a lattice sit exactly on cell faces when the cell is a multiple of the
// lattice constant, and their positions, computed as n * a, land a rounding error either side:
// each position is moved up by 1e-4 Angstrom, far below any atomic spacing and far above any
// rounding error of a position in a box up to 1 m, so such an atom always takes the upper cell.
#pragma once

#include <cmath>
#include <cstdint>

namespace miniasd {

inline constexpr double binning_shift_angstrom = 1e-4;

// floor((x + shift) / size): x and size in one length unit, `angstrom` being 1 A in that unit
// (1 for Angstrom, 1e-10 for metres). Not clamped: callers clamp or refuse outside their grid.
inline std::int64_t bin_index(double x, double size, double angstrom) {
    return static_cast<std::int64_t>(std::floor((x + binning_shift_angstrom * angstrom) / size));
}

}  // namespace miniasd
