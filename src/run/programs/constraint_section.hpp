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
    // sim:program = exchange-stiffness: the middle plane's angles 0, step, ... below the maximum
    // (degrees; VAMPIRE's sim:exchange-stiffness-maximum-angle and -angle-increment).
    double stiffness_maximum_angle = 180.01, stiffness_angle_increment = 5;
    MINIASD_FIELDS(theta_minimum, theta_maximum, theta_increment, phi_minimum, phi_maximum,
                   phi_increment, rotate, stiffness_maximum_angle, stiffness_angle_increment);
};
MINIASD_SIZE_GUARD(ConstraintSection, 72);

SectionOf<Config> constraint_section();  // constraint_keywords.cpp

// The angles of a constraint sweep, VAMPIRE's loop: from, from + step, ... while at most `to`
// (with a tolerance of 1e-9 steps for rounding); `from` alone when step is 0 or to < from.
std::vector<double> constraint_angles(double from, double to, double step);
// The exchange-stiffness program's angles, VAMPIRE's loop: 0, step, 2 step, ... (summed as it
// sums them) while below `below`.
std::vector<double> stiffness_angles(double below, double step);

}  // namespace miniasd
