// Which atoms a conversion keeps, and whether it averages them into macro-cells. Built from the
// command line (--box, --fractional-box, --slab, --materials, --where, --macro-cell); applied to
// every snapshot of a conversion alike.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "frame.hpp"
#include "output/format/reader.hpp"

namespace miniasd::convert {

// "sz<0", "x >= 12.5": a position (x, y, z in angstrom) or spin component (sx, sy, sz) compared
// with a number by <, <=, > or >=.
struct Criterion {
    int variable = 0;  // 0-2: x, y, z; 3-5: sx, sy, sz
    enum class Op { less, less_equal, greater, greater_equal } op = Op::less;
    double value = 0;
    std::string text;  // as given, for messages

    bool holds(double v) const;
};

struct Filter {
    std::array<double, 6> box{-1e300, -1e300, -1e300, 1e300, 1e300, 1e300};  // angstrom, closed
    std::array<double, 6> fraction{-1e300, -1e300, -1e300, 1e300, 1e300, 1e300};  // of the box
    std::vector<std::string> materials;  // names or 1-based indices; empty: all
    std::vector<Criterion> where;        // all must hold
    Vec3 macro_cell{0, 0, 0};            // angstrom; zero: keep atoms

    bool needs_spins() const;
};

// Parsers for the command-line forms; each throws Error quoting the text and the form expected.
Criterion parse_criterion(const std::string& text);
std::array<double, 6> parse_box(const std::string& text);  // "x0,y0,z0,x1,y1,z1"
void apply_slab(const std::string& text, Filter& f);       // "z:10:20" (angstrom)
Vec3 parse_macro_cell(const std::string& text);            // "10" or "10,10,5" (angstrom)

// The most macro-cells a grid may have (a dense OVF of 1e8 cells is 2.4 GB in binary 8).
inline constexpr double max_macro_cells = 1e8;
// The cells of the --macro-cell grid over the atoms of `coords` (angstrom) along x, y, z;
// Error when there would be more than max_macro_cells of them.
std::array<std::int64_t, 3> macro_grid(const SnapshotData& coords, const Vec3& size);

// The frame of one snapshot: the atoms of `coords` (ascending gid) that pass the filter, with the
// spins of `spins` (nullptr: coordinates alone), averaged into macro-cells when asked.
// Throws Error for an unknown material or a spin criterion without spins.
Frame make_frame(const SnapshotData& coords, const SnapshotData* spins, const Filter& f);

}  // namespace miniasd::convert
