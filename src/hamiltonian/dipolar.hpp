// The dipolar (magnetostatic) field term's recipe (hamiltonian/dipolar.cpp): present when the
// input gives dipole:solver; non-local, with a collective prepare stage.
#pragma once

#include "hamiltonian/term_registry.hpp"

namespace miniasd {

TermRecipe dipolar_recipe();

}  // namespace miniasd
