// What the three- and two-dimensional Ewald sums (dipole/ewald_sum.hpp, dipole/slab_ewald.hpp)
// share: the erfc part's terms in real space, the Bloch phases of a wave index, and the reciprocal
// indices of a wave index.
#pragma once

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd::dipole::ewald {

using Complex = std::complex<double>;
constexpr double pi = 3.14159265358979323846;
constexpr double reach = 7;  // eta r and q / (2 eta) where the sums stop: terms below exp(-49)
// The symmetric tensor's six components xx xy xz yy yz zz: their row and column.
constexpr int row[6] = {0, 0, 0, 1, 1, 2}, col[6] = {0, 1, 2, 1, 2, 2};

// One real-space term: the cell offset e, r = (e + s) o L (m), and B(r), C(r) of the erfc part,
//   B = [erfc(eta r) + (2 eta r / sqrt(pi)) e^{-eta^2 r^2}] / r^3,
//   C = [3 erfc(eta r) + (2 eta r / sqrt(pi))(3 + 2 eta^2 r^2) e^{-eta^2 r^2}] / r^5.
struct Term {
    std::int64_t e[3];
    double r[3], b, c;
};

// The terms of shift s (fractional) with 0 < |r| <= r_cut, over the cell offsets along the first
// `axes` axes (3, or 2 for a film, whose e_z is fixed at ez).
std::vector<Term> near_terms(const Vec3& cell, const Vec3& s, double eta, double r_cut, int axes,
                             std::int64_t ez = 0);

// Sum over the terms of (C r r^T - B I) exp(-2 pi i sum_a k_a e_a / n_a), a over the first
// `axes` axes; bloch[a][j] = exp(-2 pi i j / n_a).
void add_near(const std::vector<Term>& terms, const std::vector<Complex>* bloch,
              const std::int64_t* n, const std::int64_t* k, int axes, Complex near[6]);

// exp(-2 pi i j / n) for j in [0, n).
std::vector<Complex> bloch_table(std::int64_t n);

// exp(2 pi i K s / n) for the reciprocal indices K in [-kmax, kmax] (the phase e^{i q s L}).
std::vector<Complex> shift_phases(double s, std::int64_t n, std::int64_t kmax);

// The smallest reciprocal index K = k + m n at or above -kmax.
std::int64_t first_index(std::int64_t k, std::int64_t n, std::int64_t kmax);

}  // namespace miniasd::dipole::ewald
