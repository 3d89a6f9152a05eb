// Whether the LLG time step is small enough for Heun's scheme: the angle a spin precesses per step
// in the largest field it can feel. That field is bounded by the sum of the magnitudes of its
// bonds' exchange (and DMI) over its moment, its anisotropy field and the largest applied field;
// the precession rate is gamma B / (1 + alpha^2). Above about 1 rad per step Heun's error is no
// longer small and the run's physics is meaningless (bcc Fe at 1 ps steps: |m| = 0.008 at 300 K);
// miniASD says so at start-up, with the step that would keep the angle at 1 rad.
#pragma once

#include <string>

#include "input/config.hpp"
#include "system/lattice.hpp"

namespace miniasd {

struct TimeStepCheck {
    double field = 0;      // T: the largest field bound over the materials
    double angle = 0;      // rad per step, gamma B dt / (1 + alpha^2), the largest
    double suggested = 0;  // s: the step giving 1 rad
    bool too_large() const { return angle > 1.0; }
};

TimeStepCheck check_time_step(const Config& c, const Lattice& l);

// A line for the start-up summary; with a step too large, a warning that says by how much.
std::string describe(const TimeStepCheck& t, double time_step);

}  // namespace miniasd
