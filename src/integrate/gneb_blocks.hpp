// The chain of images' per-atom work in blocks of atoms (integrate/gneb.hpp): each a loop with no
// calls, over raw arrays, that the compiler vectorises; the exact sums of the terms they write
// come after, in the chain's own loops. Every function reads and writes atoms [b, e) of one
// image; terms go to [atom - b].
#pragma once

#include <cstdint>

#include "integrate/gneb.hpp"
#include "system/spins.hpp"

namespace miniasd::gneb_blocks {

// Per-atom terms of a block of atoms, [atom - b].
struct BlockTerms {
    double *norm2, *along, *prev2, *next2;  // |tau_i|^2, G_i . tau_i, theta_i^2 to either image
};

// The tangent of image s between prev and next (the differences toward the next image and from
// the previous one weighed by up and down, each spin's part across its sphere) into w.t, and the
// block's terms: theta to the next image only when ToNext (the last moving image's).
template <bool ToNext>
void tangents(const Spins& s, const Spins& next, const Spins& prev, double up, double down,
              std::int64_t b, std::int64_t e, Gneb::Work& w, BlockTerms out);

// The forces of a moving image, F_i = G_i - (G_i . S_i) S_i + c tau_i, written over G_i; returns
// the largest (|F_i| / mu_i)^2 (inv_moment per material, T/J).
double forces(const Spins& s, Gneb::Work& w, double c, const std::int32_t* material,
              const double* inv_moment, std::int64_t b, std::int64_t e);

// The velocity projection's kick (integrate/velocity_projection.hpp, the carried form), each
// force F_i / mu_i in units of the step scale (inv = 1/B); its terms v.f and f.f into along and
// norm.
void kick(Gneb::Work& w, const std::int32_t* material, const double* inv_moment, double inv,
          double h, bool first, std::int64_t b, std::int64_t e, double* along, double* norm);

// The velocity projection's step with the kept fraction `keep`.
void step(Gneb::Work& w, Spins& s, const std::int32_t* material, const double* inv_moment,
          double inv, double keep, double h, std::int64_t b, std::int64_t e);

// G_i = mu_i H_i from the field h of the block (h.x[i - b]; moment per material, J/T), and each
// atom's energy from it: -(1/2) S_i . G_i, and with `other` the non-quadratic terms' part,
// +(1/2) mu_i S_i . q_i + other_i (Hamiltonian::non_quadratic_parts). Returns the largest
// |H_i|^2 (T^2); bad becomes 1 where a field is not finite.
double gradients(const Spins& s, Gneb::Work& w, const std::int32_t* material, const double* moment,
                 std::int64_t b, std::int64_t e, FieldView h, FieldView q, const double* other,
                 double* energy, double& bad);

}  // namespace miniasd::gneb_blocks
