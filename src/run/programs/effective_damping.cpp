// sim:program = effective-damping (programs.hpp): VAMPIRE's program. The equilibrated spins are
// all turned by 30 degrees about x (VAMPIRE's rotation, program/effective_damping.cpp) and then
// relax back towards equilibrium; the rows of the second phase show the relaxation, whose rate
// a user fits for the damping the magnetisation feels (alpha_eff, beside the atomistic alpha).
#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

void EffectiveDampingProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    // The equilibration as a phase of its own, with no rows: a continued run whose checkpoint
    // lies after it skips it (false), and with it the kick, which its spins already had.
    Phase settle = time_series_phase(c);
    settle.steps = 0;
    settle.row_per_sample = false;
    settle.sample_at_start = false;
    if (sim.run(settle)) sim.rotate_spins_about_x(30.0);
    Phase relax = time_series_phase(c);
    relax.equilibration_steps = 0;
    sim.run(relax);
}

}  // namespace miniasd
