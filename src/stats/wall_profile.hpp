// A domain wall's centre and width (output:domain-wall-centre, domain-wall-width; docs/physics.md,
// "Textures"), from the profile of the magnetisation's easy-axis component along the wall's axis
// (sim:domain-wall-axis): m(x) of each slice of atoms at one coordinate x, the easy axis e being
// the uniaxial anisotropy direction of the first magnetic material. The centre is where m(x)
// first changes sign, interpolated linearly between the two slices (VAMPIRE declares the column
// domain-wall-centre but never computes it, printing 0); the width delta is
// (1/2) sum over slices of (1 - m^2) times the slices' spacing, which for a wall
// m = tanh((x - x0) / delta) is delta exactly, taken over that first wall's own stretch of the
// axis (from halfway to the wall before it to halfway to the next): one wall's width, however
// many walls there are. NaN when m does not change sign. Exact sums, so the same bits on any
// decomposition.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/comm.hpp"
#include "stats/observables.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

class WallProfile {
  public:
    // Collective over `comm` (each slice's atom count).
    WallProfile(const SystemSettings& c, const Lattice& l, const LocalSystem& sys,
                const parallel::Comm& comm);

    // This rank's sum of S.e in each slice. Reduce over ranks, then finish().
    std::vector<ExactSum> local_sums(const SpinView& s) const;
    void finish(const std::vector<double>& sums, Observables& o) const;

  private:
    Vec3 easy_{0, 0, 1};
    std::vector<double> position_;     // [slice] m, along the axis
    std::vector<std::int64_t> atoms_;  // [slice], magnetic atoms of every rank
    std::vector<std::int32_t> slice_;  // [n_owned], -1 for a non-magnetic atom
    bool periodic_ = false;            // along the axis
    double length_ = 0;                // m, the box along the axis
};

}  // namespace miniasd
