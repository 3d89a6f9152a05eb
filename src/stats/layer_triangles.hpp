// A triangulation of each atomic layer of a crystal, from the positions of its sites alone (the
// topological charge and the skyrmion's area, stats/topology.hpp). A layer is the sites of one
// height in the cell, repeated over the cells in x and y: a periodic set of points in the plane.
// Its Delaunay subdivision is unique and has the lattice's period, so its triangles, repeated
// cell by cell, cover the plane exactly once on any lattice: square, rectangular or strained,
// triangular, honeycomb, kagome, a bcc or fcc layer, a unit-cell file's. (Triangles taken from the
// exchange's nearest bonds did not: none at all on bcc and mn2au layers, whose nearest bonds
// leave the layer, and 2/3 or 3/4 of the plane on honeycomb and kagome.) Where four or more
// points lie on one empty circle (a square's corners, a honeycomb's hexagon) the polygon is cut
// by a fan from its first corner in a translation-invariant order, so every cell cuts it alike.
#pragma once

#include <vector>

#include "system/interactions.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// A triangle of a layer, at the site that owns it (its first corner, in cell 0): the other two
// corners as offsets from that cell (dz = 0), anticlockwise seen from +z.
struct LayerTriangle {
    NeighbourOffset b, c;
};

// [site] the triangles each site owns: every triangle of every layer once per cell. `basis`:
// fractional positions in [0, 1); `cell`: the cell's edges (any one length unit). Throws Error
// (an internal error) if the triangles found do not tile the layer.
std::vector<std::vector<LayerTriangle>> layer_triangles(const std::vector<Vec3>& basis,
                                                        const Vec3& cell);

// The offsets from each corner of every triangle to its other two, per site in (dy, dx, site)
// order without repeats: symmetric lists, what the halo must carry for the corners.
SiteOffsets layer_triangle_offsets(const std::vector<std::vector<LayerTriangle>>& triangles);

}  // namespace miniasd
