// What a program hands the time loop: a phase (a stretch of steps at one temperature and field,
// sampled at a rhythm), and what a relaxation reports back. Programs (src/programs/) are
// sequences of phases, run through their host (program_host.hpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>

#include "run/config/config.hpp"
#include "stats/run_state.hpp"

namespace miniasd {

// One stretch of the time loop: equilibration steps (no statistics), then steps with a statistics
// sample every `increment` steps. The samples since the phase's start are accumulated (mean-*
// columns, and the programs' per-point averages with errors). Programs are sequences of phases:
// a Curie sweep runs one per temperature, a hysteresis loop one per field.
struct Phase {
    std::int64_t equilibration_steps = 0;
    std::int64_t steps = 0;
    std::int64_t increment = 1;
    double equilibration_temperature = 0;  // K
    double temperature = 0;                // K
    std::optional<double> field_strength;  // T along sim:applied-field-unit-vector; unset: keep
    double current = 1;  // the spin torques' current at the start, as a fraction of the full one
    bool row_per_sample = true;   // false: samples only accumulate; the program writes the rows
    bool sample_at_start = true;  // false: no sample at the phase's first step (benchmark)
    // Called before every step with the phase's step index (0 = first equilibration step): sets
    // time-dependent temperatures or fields in the run state (field cooling, laser pulse).
    std::function<void(RunState&, std::int64_t)> drive;
    // Collective. Called at each statistics sample, before its row, with the spins of that
    // moment (the diagnostic-boltzmann program's histogram); what it changes in the run state a
    // checkpoint taken after the sample holds.
    std::function<void(RunState&)> on_sample;
};
Phase time_series_phase(const Config& c);
// Rows of a time series: samples at steps equil + k * increment (k = 0 .. total / increment)
// whose step is a multiple of output-rate (VAMPIRE's rule), counted without a loop over k.
std::int64_t rows_of_phase(std::int64_t equil, std::int64_t total, std::int64_t increment,
                           std::int64_t rate);

// What a relaxation reached.
struct Relaxation {
    bool converged = false;  // every torque below sim:relax-torque-tolerance
    // The minimiser's steps: the relax program's by this job; sim:relax-first's since it began
    // (the steps of a stopped job it continues included: what sim:relax-maximum-steps limits).
    std::int64_t steps = 0;
    double torque = 0;  // T, the largest |S_i x H_i| at the end
    double energy = 0;  // J per atom at the end
    // The topological charge at the start and the end (NaN when the run measures none): a
    // relaxation that changed it lost the texture it started from (a collapsed skyrmion).
    double charge_before = std::nan(""), charge_after = std::nan("");
};

}  // namespace miniasd
