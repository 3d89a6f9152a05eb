// What the converter's output formats draw: a set of points (atoms, or macro-cells) in ascending
// id order with positions in angstrom, an optional vector per point (a spin, or a macro-cell's
// mean spin) and the snapshot's context (time, box, material names).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "output/format/metadata.hpp"

namespace miniasd::convert {

struct Frame {
    std::vector<std::int64_t> id;        // global atom id, or macro-cell index
    std::vector<double> position;        // [n][3], angstrom
    std::vector<double> vector;          // [n][3]; empty when converting coordinates alone
    std::vector<std::int32_t> material;  // atoms: 0-based material; empty for macro-cells
    std::vector<std::int64_t> atoms;     // macro-cells: atoms averaged; empty for atoms
    SnapshotMetadata meta;  // of the spins (or coordinates alone); meta.box (angstrom) falls
                            // back to the atoms' extent for 1.0 snapshots
    double spacing = 1;     // typical distance between points, angstrom
    // Macro-cells: the grid they lie on (cells per axis, cell size in angstrom); cell index
    // (cz * grid[1] + cy) * grid[0] + cx is the id, so x runs fastest.
    std::array<std::int64_t, 3> grid{0, 0, 0};
    Vec3 cell{0, 0, 0};

    std::size_t size() const { return id.size(); }
    bool has_vectors() const { return !vector.empty(); }
    bool macro_cells() const { return material.empty(); }
    // Material name of point k ("m<index+1>" when the metadata lists none).
    std::string material_name(std::size_t k) const;
    // Chemical symbol of point k's material (material-element), else its material name.
    std::string species(std::size_t k) const;
    // Name of the vector quantity: "spin" for atoms, "magnetisation" for macro-cells.
    const char* vector_name() const { return macro_cells() ? "magnetisation" : "spin"; }
};

}  // namespace miniasd::convert
