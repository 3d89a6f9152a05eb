// The run's changing state: everything that advances while the run goes on. The configuration
// (run/config/config.hpp) stays immutable; the time loop, the programs and the integrators change
// this one object, and statistics, snapshots and metadata read it. It is the single thing a
// checkpoint must save besides the spins (checkpoint/run_state_io.hpp writes and reads it).
#pragma once

#include <cstdint>
#include <vector>

#include "stats/accumulator.hpp"
#include "util/angles.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct RunState {
    std::int64_t step = 0;  // time steps (Monte Carlo: sweeps) done since the start of the run
    double time_step = 0;   // s, from sim:time-step; simulated time is step * time_step

    double temperature = 0;         // K, the bath the spins feel (the electrons' under the 2TM)
    double phonon_temperature = 0;  // K, the lattice's under the two-temperature model, else = T
    double field_strength = 0;      // T, signed: a hysteresis loop sweeps it through zero
    Vec3 field_direction{0, 0, 1};  // unit vector
    // The spin torques' current as a fraction of the full one (sim:program = electrical-pulse
    // ramps it; 1 otherwise): it scales every spin torque.
    double current = 1;
    // sim:program = fmr: the oscillating field of the step that starts here (the last one set),
    // T along fmr_direction; 0 outside its program and during equilibration.
    double fmr_field = 0;
    Vec3 fmr_direction{0, 0, 1};
    // sim:program = fmr: each material's own oscillating field H_m sin(2 pi f_m t) (T, along its
    // material[i]:fmr-field-unit-vector) of the step that starts here; empty elsewhere.
    std::vector<double> material_fmr_field;
    // sim:program = lagrange-multiplier: the constraint's field N (lambda / |m| - nu) on every
    // atom (T), set before every step from lambda (program_state) and the magnetisation.
    Vec3 lagrange_field{0, 0, 0};
    // sim:demagnetisation-factor: the sample's demagnetising field -mu_0 N M (T), set from the
    // present magnetisation before every step and sample (so a checkpoint need not hold it).
    Vec3 demag_field{0, 0, 0};

    // The hysteresis programs' branch at the present point (-1 down, +1 up; 0 outside
    // hysteresis-loop, static- and partial-hysteresis-loop), for config:field-range-*; set at
    // each point (a continued run sets it again as it passes its points).
    int field_branch = 0;

    double mc_step_width = 0;  // Monte Carlo trial-move width (adaptive Gaussian), dimensionless
    // Constrained Monte Carlo: the direction the magnetisation is held along, VAMPIRE's polar
    // angle phi from z and azimuth theta from x (degrees). The cmc-anisotropy program sets them
    // at each of its points (a continued run sets them again as it passes its points), so a
    // checkpoint need not hold them.
    double constraint_phi = 0, constraint_theta = 0;
    // Hybrid constrained Monte Carlo: each material's constraint angles (degrees), set by the
    // hybrid-cmc programs (not checkpointed: they set them again); a free material's are unused.
    std::vector<double> material_constraint_phi, material_constraint_theta;
    // sim:program = localised-field-cool: each material's thermal-field temperature (K) of the
    // step that starts here, set before every step from the time (so a checkpoint need not hold
    // it); empty: the materials' temperatures from the input (bath_temperature()).
    std::vector<double> material_temperatures;

    std::int64_t rows = 0;     // statistics rows written so far (the snapshot cadence counts them)
    std::int64_t samples = 0;  // statistics samples taken so far (the output-rate cadence)
    std::int64_t point = 0;    // program position: index of the current temperature/field point
    Accumulator accumulator;   // sums of the samples since the last reset (mean-* columns)

    // Where the run is in its program: the program's phases are numbered in the order it runs
    // them; `phase_step` is the loop index within the current phase whose statistics sample (if
    // any) has not been taken yet. `complete`: the program has finished.
    std::int64_t phase = 0;
    std::int64_t phase_step = 0;
    bool complete = false;
    // The relaxation before the program (sim:relax-first): its steps done while it runs, -1
    // before it starts and once it has ended. A checkpoint written during it (a stop, or
    // continuous checkpoints) holds its count, and the continued run relaxes on from there.
    std::int64_t relax_first_step = -1;
    // The minimiser's step scale B (T: the largest field it has seen) in the relaxation under way
    // (sim:program = relax, sim:relax-first, a static loop's field), 0 outside one: a continued
    // relaxation takes its steps with the scale of the uninterrupted one.
    double relax_scale = 0;
    // What a program carries from point to point or step to step (the two-temperature model's
    // energies, a hysteresis loop's <m.h> so far); each program documents its layout.
    std::vector<double> program_state;

    Vec3 constraint() const { return direction_from_angles(constraint_theta, constraint_phi); }
    Vec3 material_constraint(std::size_t m) const {
        return direction_from_angles(material_constraint_theta[m], material_constraint_phi[m]);
    }
    double time() const { return double(step) * time_step; }  // s
    Vec3 field() const {                                      // T
        Vec3 b;
        for (std::size_t a = 0; a < 3; ++a)
            b[a] = field_strength * field_direction[a] + fmr_field * fmr_direction[a] +
                   lagrange_field[a] + demag_field[a];
        return b;
    }
};

}  // namespace miniasd
