// Prepared initial states (sim:initial-spin-configuration; docs/physics.md, "Initial states"):
// each atom's first direction as a function of its global id, its position and its material
// alone, so every rank, thread count and GPU gives the same bits.
//   uniform      the material's initial-spin-direction (or a random one, as it says)
//   random       every atom uniformly random, from (seed, atom id)
//   skyrmion     around each centre, in the x-y plane (each atom takes its nearest centre):
//                Theta(r) = pi - 2 atan(sinh(R/w) / sinh(r/w)), w = R/2, the 360-degree wall
//                ansatz (Theta = 0 at the core, pi/2 at r = R, -> pi far away);
//                S = (sin Theta cos(phi + h), sin Theta sin(phi + h), p cos Theta) with phi the
//                azimuth from the centre, h the helicity (0 Neel, pi/2 Bloch), p the polarity
//   spiral       S = cos(c) n + sin(c) (cos(q.r) e1 + sin(q.r) e2), q in reciprocal cells,
//                n the axis, c the cone angle, (e1, e2, n) right-handed
//   domain-wall  the material's direction m1 turned towards its second direction m2 about
//                m1 x m2 (about the wall's normal when antiparallel) by the fraction
//                (2/pi) atan(exp(pi u / w)) of their angle, u the distance past the centre
//                along the axis: the exact profile of a 180-degree wall, of width w
#pragma once

#include <cstdint>
#include <string>

#include "system/lattice.hpp"
#include "system/system_settings.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// The initial direction (unit vector) of atom `gid` of material `material` at `position` (m from
// the box's origin). `seed`: sim:random-seed, the key of a random direction's numbers.
Vec3 initial_direction(const SystemSettings& c, std::uint64_t seed, const Lattice& l,
                       std::int64_t gid, int material, const Vec3& position);

// The start-up line: "Initial spins: skyrmion, radius 20 A, ..." ("" for uniform).
std::string describe_initial_state(const SystemSettings& c, std::uint64_t seed);

}  // namespace miniasd
