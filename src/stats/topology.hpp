// Observables of spin textures in atomic layers (docs/physics.md, "Textures"): the lattice
// topological charge, and the skyrmions' radius, count and centre.
//
// Topological charge (output:topological-charge): Q = (1/4 pi) sum of the solid angles of the spin
// triangles (Berg and Luescher): the spins S_a, S_b, S_c of a triangle span
//     Omega = 2 atan2(S_a . (S_b x S_c), 1 + S_a . S_b + S_b . S_c + S_c . S_a),
// exactly the area they cover on the unit sphere, so Q is an integer for any texture whose
// neighbouring spins are less than 90 degrees apart, with no derivative taken.
// The triangles come from each layer's own sites (stats/layer_triangles.hpp: the layer's Delaunay
// triangulation, anticlockwise seen from +z), not from any term's bonds, so they tile every layer
// of every lattice exactly once: Q is the right integer on square, triangular, honeycomb and
// kagome layers, on the layers of bcc and fcc crystals, and on strained cells. Triangles with an
// absent or non-magnetic corner are left out (open edges, a non-magnetic layer); a system with no
// triangle at all (a chain, a single spin) has no charge, and the columns are refused.
//
// Skyrmions (output:skyrmion-radius, skyrmion-centre): the reversed area is where S_z, linearly
// interpolated over the same triangles, has the sign opposite to the magnetisation's; with N =
// round(|Q|) skyrmions, the radius is sqrt(area / (N pi)) per layer, where S_z crosses zero, and
// NaN with N = 0 (no skyrmion: a collapsed one has no radius). The centre is the centroid of the
// reversed part of S_z (weights max(0, -/+ S_z)), a circular mean along periodic axes: meaningful
// for one skyrmion, NaN without one.
// Sums are exact (util/exact_sum.hpp), so every figure is the same bits on any decomposition.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/comm.hpp"
#include "stats/layer_triangles.hpp"
#include "stats/observables.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

class LayerTextures {
  public:
    // Collective over `comm` (the count of each layer's triangles). `triangles`: layer_triangles
    // of the lattice; the system's ghosts must hold their corners (built with
    // layer_triangle_offsets observed). Error on every rank when no layer has a triangle.
    LayerTextures(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                  const std::vector<std::vector<LayerTriangle>>& triangles,
                  const parallel::Comm& comm);

    // This rank's sums; ghosts of `s` must be current. Reduce them over ranks, then finish().
    std::vector<ExactSum> local_sums(const SpinView& s) const;
    // From the reduced sums: Q, the layers' charges, the skyrmions' radius, count and centre.
    void finish(const std::vector<double>& sums, Observables& o) const;

  private:
    struct Triangle {
        std::int32_t j, k;  // local indices of the two other corners
        double area;        // m^2
    };
    static constexpr int per_layer = 3;     // solid angle, area of S_z < 0, area of S_z > 0
    static constexpr int per_centroid = 5;  // w, w cos, w sin along x, then y
    const Lattice& lattice_;
    int layers_ = 0;
    std::vector<char> has_triangles_;  // [layer]
    std::vector<std::int64_t> start_;  // [n_owned + 1]: atom i's triangles
    std::vector<Triangle> triangles_;
    std::vector<std::int32_t> layer_;  // [n_owned]
    std::vector<char> magnetic_;       // [n_owned]
    std::vector<std::int64_t> gid_;    // [n_owned]
};

}  // namespace miniasd
