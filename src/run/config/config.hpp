// The run's configuration: what the input files say, in SI units, with defaults filled in. It
// composes every feature's settings (each feature's section over the system's: DipoleSettings,
// SpinTorqueSettings, RelaxSettings, SnapshotSettings, CheckpointSettings, ColumnsSettings) with
// the run's own sections (sim:, the limits, the programs' sweeps and pulses). Every feature's
// settings derive virtually from SystemSettings, so the one system is shared, and a Config is
// passed wherever a feature asks for its own settings: a feature's code compiles against its own
// section and the system's, never this file (docs/architecture.md, "Parse below, compose above").
// Filled only by the keyword table (run/config/keyword_table.hpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "checkpoint/checkpoint_section.hpp"
#include "hamiltonian/hamiltonian_settings.hpp"
#include "integrate/gneb_section.hpp"
#include "integrate/relax_section.hpp"
#include "run/config/limits_section.hpp"
#include "run/config/sim_section.hpp"
#include "run/programs/constraint_section.hpp"
#include "run/programs/field_sweep_file.hpp"
#include "run/programs/pulse_section.hpp"
#include "run/programs/sweep_section.hpp"
#include "spectra/structure_factor_section.hpp"
#include "stats/columns_section.hpp"

namespace miniasd {

struct Config : HamiltonianSettings,
                RelaxSettings,
                GnebSettings,
                CheckpointSettings,
                ColumnsSettings,
                StructureFactorSettings {
    SimSection sim;                // sim_section.hpp (the time loop's sim: keywords)
    SweepSection sweep;            // run/programs/sweep_section.hpp (the sweeps' sim: keywords)
    PulseSection pulse;            // run/programs/pulse_section.hpp
    ConstraintSection constraint;  // run/programs/constraint_section.hpp (constrained MC)
    LimitsSection limits;          // limits_section.hpp (sim:wall-time-limit, sim:memory-limit)
    // sim:program = field-sweep: the file `field-sweep` beside the input (read_config reads it).
    FieldSweepFile field_sweep;

    // Where the input came from (for messages, relative paths and the run report).
    std::string input_file;
    std::vector<std::string> files_read;
    // VAMPIRE keywords accepted without effect, one line each ("file, line N: ..."), printed at
    // start-up by rank 0 and by --check.
    std::vector<std::string> warnings;
    // Where each keyword was given (key as in the input, e.g. "config:output-nodes"), for the
    // checks that can only run once the rank count is known.
    struct Where {
        std::string file;
        int line = 0;
    };
    std::map<std::string, Where> given;
};

// Checks that need the rank count, run before anything is written (InputError with the
// keyword's file and line).
void check_for_ranks(const Config& c, int ranks);

// The configuration as the input lines that reproduce it, one per keyword with a setting, in
// keyword-table order (generated from the keyword table, describe.cpp): parse(describe(c)) gives
// c again, bit for bit (numbers are written in their shortest form that reads back exactly, in
// the keyword's default unit where that is exact, in SI otherwise). Printed by `miniasd
// --check`; a checkpoint's fingerprint.
std::string describe(const Config& c);

// A checkpoint's fingerprint: describe(c), and with a unit-cell file a comment line holding the
// digest of its contents ("# unit-cell file <path>: digest <hex>"), which describe() cannot
// carry (its line names the file, not what is in it).
std::string fingerprint(const Config& c);
// The digest line of a fingerprint ("" when it has none).
std::string fingerprint_digest(const std::string& fingerprint);

// A describe() text, possibly written by an older miniasd, parsed and described again: the form
// in which two fingerprints compare setting by setting, whatever their layout. Returns the text
// unchanged if it does not parse.
std::string redescribe(const std::string& text);

}  // namespace miniasd
