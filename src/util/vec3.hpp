// The small value and view types every layer shares: a 3-vector, and views of spin and field
// arrays. Below system/, hamiltonian/ and input/, so none of them includes another for these.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace miniasd {

using Vec3 = std::array<double, 3>;

// Scales `v` to unit length; false (v untouched) for the zero vector or a non-finite component.
// A vector whose squared length is a normal double is divided by sqrt(x^2 + y^2 + z^2) as always
// (the same bits as before); one whose square would overflow (1e300, 1e300, 0) or underflow
// (1e-300, 0, 0) is first divided by its largest component, so it is never turned into zero.
inline bool normalise(Vec3& v) {
    if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2])) return false;
    const double n2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (std::isfinite(n2) && n2 > 1e-290) {
        const double n = std::sqrt(n2);
        for (double& c : v)
            c /= n;
        return true;
    }
    const double big = std::max({std::abs(v[0]), std::abs(v[1]), std::abs(v[2])});
    if (!(big > 0)) return false;
    Vec3 u{v[0] / big, v[1] / big, v[2] / big};
    const double n = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (int a = 0; a < 3; ++a)
        v[std::size_t(a)] = u[std::size_t(a)] / n;
    return true;
}

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
