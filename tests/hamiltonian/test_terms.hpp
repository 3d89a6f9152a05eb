// Two terms that exist for the tests only, to prove that the structure takes terms beyond the
// nearest neighbours and beyond locality. Each lives in its own file with its one registration
// line (register_term); a test switches it on for the simulations it builds.
//   second_shell_term.cpp: isotropic exchange with the second neighbour shell,
//       E = -J2 sum_{second-shell pairs} S_i . S_j  (a neighbour term of longer reach)
//   mean_field_term.cpp: a uniform coupling to the mean spin of the whole system,
//       B_i = (lambda / mu_i) <S>,  <S> = (1/N) sum_j S_j  (a non-local term: its prepare stage
//       reduces <S> exactly over every rank)
#pragma once

#include <cstdint>

namespace miniasd::test {

inline constexpr double second_shell_j2 = 2.5e-21;  // J per link
inline bool second_shell_on = false;

inline constexpr double mean_field_lambda = 4e-21;  // J
inline bool mean_field_on = false;
inline std::int64_t mean_field_prepares = 0;  // prepare stages run on this rank

}  // namespace miniasd::test
