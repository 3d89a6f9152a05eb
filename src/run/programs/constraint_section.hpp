// The constraint directions of constrained Monte Carlo (sim:integrator = constrained-monte-carlo,
// sim:program = cmc-anisotropy): VAMPIRE's sim:constraint-angle-* keywords, read in
// constraint_keywords.cpp. Angles in degrees, VAMPIRE's: phi the polar angle from z, theta the
// azimuth from x.
#pragma once

#include <vector>

#include "util/fields.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct Config;

struct ConstraintSection {
    double theta_minimum = 0, theta_maximum = 0, theta_increment = 5;
    double phi_minimum = 0, phi_maximum = 0, phi_increment = 5;
    // sim:constraint-rotation-update: a new direction's start is the last one's spins turned onto
    // it, not every spin along it.
    bool rotate = false;
    MINIASD_FIELDS(theta_minimum, theta_maximum, theta_increment, phi_minimum, phi_maximum,
                   phi_increment, rotate);
};
MINIASD_SIZE_GUARD(ConstraintSection, 56);

SectionOf<Config> constraint_section();  // constraint_keywords.cpp

// The angles of a constraint sweep, VAMPIRE's loop: from, from + step, ... while at most `to`
// (with a tolerance of 1e-9 steps for rounding); `from` alone when step is 0 or to < from.
std::vector<double> constraint_angles(double from, double to, double step);

}  // namespace miniasd
