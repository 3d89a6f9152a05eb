// The lattice topological charge of each atomic layer (output:topological-charge; docs/physics.md,
// "Topological charge"). Q = (1/4 pi) sum of the solid angles of the spin triangles
// (Berg and Luescher): the spins S_a, S_b, S_c of a triangle span
//     Omega = 2 atan2(S_a . (S_b x S_c), 1 + S_a . S_b + S_b . S_c + S_c . S_a),
// exactly the area they cover on the unit sphere, so Q is an integer for any texture whose
// neighbouring spins are less than 90 degrees apart, with no derivative taken.
// The triangles come from the lattice: around each atom, its nearest neighbours in its own layer
// (same z) in order of angle; two consecutive ones at an angle theta < 180 degrees make the
// triangle (i, j, k), anticlockwise seen from +z, of weight theta / 180 degrees. A square layer
// then counts each square through both of its diagonals (half each), a triangular layer each
// triangle once from each corner (a third each): the plane is covered exactly once. Triangles
// with an absent or non-magnetic atom are left out (open edges, a non-magnetic layer).
// Sums are exact (util/exact_sum.hpp), so Q is the same bits on any decomposition.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "hamiltonian/term_registry.hpp"
#include "input/config.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

class TopologicalCharge {
  public:
    // Collective over `comm` (the count of each layer's triangles). `plan` gives the exchange's
    // columns of the neighbour table, read through h.neighbour (valid after the table's release).
    TopologicalCharge(const Config& c, const Lattice& l, const LocalSystem& sys,
                      const Hamiltonian& h, const HamiltonianPlan& plan,
                      const parallel::Comm& comm);

    // Layers (z-planes of atoms): cells along z times the basis' distinct heights.
    int layers() const { return layers_; }
    // Layers that hold a triangle of magnetic atoms (on any rank).
    int counted_layers() const { return counted_; }
    // This rank's weighted solid angles (sr) per layer; ghosts of `s` must be current.
    std::vector<ExactSum> local_sums(const SpinView& s) const;
    // From the layers' summed solid angles: the charge of each counted layer, in order of height.
    std::vector<double> layer_charges(const std::vector<double>& solid_angles) const;

  private:
    struct Triangle {
        std::int32_t j, k;  // local indices of the two other corners
        double weight;      // theta / pi
    };
    int layers_ = 0, counted_ = 0;
    std::vector<char> has_triangles_;  // [layer]
    std::vector<std::int64_t> start_;  // [n_owned + 1]: atom i's triangles
    std::vector<Triangle> triangles_;
    std::vector<std::int32_t> layer_;  // [n_owned]
};

}  // namespace miniasd
