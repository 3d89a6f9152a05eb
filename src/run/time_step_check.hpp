// Whether the LLG time step is small enough for Heun's scheme: the angle a spin turns per step in
// the largest field it can feel. That field is bounded by the sum of the magnitudes of its bonds'
// exchange (and DMI) over its moment, its anisotropy field, the largest applied field and, with a
// dipolar solver, mu0 M_s; the spin turns at gamma B / sqrt(1 + alpha^2) (precession and damping).
// The thermal field at the highest temperature the program sets adds a 3-sigma turn that grows as
// sqrt(dt). Above about 1 rad per step Heun's error is no longer small and the run's physics is
// meaningless (bcc Fe at 1 ps steps: |m| = 0.008 at 300 K); miniASD says so at start-up, with the
// step that would keep the angle at 1 rad, or that none in the keyword's range would.
#pragma once

#include <string>

#include "run/config/config.hpp"
#include "system/lattice.hpp"

namespace miniasd {

struct TimeStepCheck {
    double field = 0;      // T: the largest field bound over the materials
    double angle = 0;      // rad per step, the largest over the materials
    double thermal = 0;    // rad: the thermal field's part of that angle
    double suggested = 0;  // s: the step giving 1 rad
    bool too_large() const { return angle > 1.0; }
};

// sim:time-step's least value (s): below it no step is offered.
constexpr double minimum_time_step = 1e-20;

TimeStepCheck check_time_step(const Config& c, const Lattice& l);

// A line for the start-up summary; with a step too large, a warning that says by how much.
std::string describe(const TimeStepCheck& t, double time_step);

}  // namespace miniasd
