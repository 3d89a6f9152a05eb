// The small value and view types every layer shares: a 3-vector, and views of spin and field
// arrays. Below system/, hamiltonian/ and input/, so none of them includes another for these.
#pragma once

#include <array>

namespace miniasd {

using Vec3 = std::array<double, 3>;

// Spin components of local atoms (owned then ghosts), unit vectors.
struct SpinView {
    const double* x;
    const double* y;
    const double* z;
};

// Field components, tesla, of a range of owned atoms [begin, end): x[0] belongs to atom `begin`
// (callers pass a small per-chunk buffer that stays in cache).
struct FieldView {
    double* x;
    double* y;
    double* z;
};

}  // namespace miniasd
