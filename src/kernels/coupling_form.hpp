// How many numbers a bond's exchange coupling has: one (J times the identity), three (the
// diagonal: VAMPIRE's vectorial exchange) or nine (the full tensor, DMI as its antisymmetric
// part). The enumerator's value is that count, the stride of a bond's coefficients.
#pragma once

namespace miniasd {

enum class CouplingForm { isotropic = 1, diagonal = 3, tensor = 9 };

}  // namespace miniasd
