// VAMPIRE's directions by angles (degrees): sim:applied-field-angle-phi/-theta and the
// constrained Monte Carlo's sim:constraint-angle-phi/-theta.
#pragma once

#include <cmath>

#include "util/vec3.hpp"

namespace miniasd {

// (sin phi cos theta, sin phi sin theta, cos phi): phi the polar angle from z, theta the azimuth
// from x, both in degrees (VAMPIRE's names, the reverse of the physicist's usual ones).
inline Vec3 direction_from_angles(double theta_degrees, double phi_degrees) {
    const double to_radians = 3.14159265358979323846 / 180.0;
    const double t = theta_degrees * to_radians, p = phi_degrees * to_radians;
    return {std::sin(p) * std::cos(t), std::sin(p) * std::sin(t), std::cos(p)};
}

}  // namespace miniasd
