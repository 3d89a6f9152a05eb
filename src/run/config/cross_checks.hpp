// The checks that span sections (run/config/sections.cpp runs each after its section's own): a
// feature's keywords against the program, the integrator or another feature's keywords, which
// only the run's configuration holds. Each throws InputError naming the file, line and keyword.
#pragma once

#include <functional>

#include "input/section.hpp"
#include "run/config/keyword_table.hpp"

namespace miniasd {

// A change the run makes to a feature's row once it is composed (describe()'s line of a setting
// that another section decides to show).
using Override = std::function<void(KeywordSpec& row)>;

namespace cross_checks {

// The relaxation's keywords: each with a relaxation (sim:program = relax or sim:relax-first), and
// none of a time loop's that a minimiser has no use for.
void relax(Config& c, const Seen& seen);
// describe() writes sim:relax-method and sim:relax-torque-tolerance, even at their defaults,
// whenever the run relaxes.
void relax_lines(KeywordSpec& row);
// The chain's keywords only with sim:program = gneb; there, one final state, and no checkpoints.
void gneb(Config& c, const Seen& seen);
// The structure factor: one choice of wave vectors, sampled by a time series of LLG steps that
// holds all its samples.
void structure_factor(Config& c, const Seen& seen);
// sim:domain-wall-axis also sets the axis of the domain-wall statistics columns: it is refused
// without a wall only when no such column is shown.
void initial_state(Config& c, const Seen& seen);
// Spin torques run only where they are defined: the LLG integrator, not Monte Carlo, not a
// relaxation.
void spin_torques(Config& c, const Seen& seen);
// Monte Carlo with temperature rescalings that differ between materials (refused) or a relative
// gamma (a warning: it changes the dynamics only).
void materials(Config& c, const Seen& seen);
// config:field-range-* only with snapshots (config:atoms) of VAMPIRE's three hysteresis loops.
void snapshots(Config& c, const Seen& seen);

}  // namespace cross_checks
}  // namespace miniasd
