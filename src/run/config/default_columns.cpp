// The statistics columns of a program whose input names none (sim_section.hpp): a choice across
// the program (sim:program) and the statistics (stats/columns.hpp), so the run's.
#include <string>
#include <vector>

#include "run/config/sim_section.hpp"

namespace miniasd {

// The columns of the statistics file of a program whose input names none (output: keywords).
std::vector<std::string> default_output_columns(ProgramKind program) {
    switch (program) {
        case ProgramKind::laser_pulse:
            return {"time-steps",
                    "real-time",
                    "electron-temperature",
                    "phonon-temperature",
                    "magnetisation-components",
                    "material-magnetisation-components"};
        case ProgramKind::curie_temperature:
            return {"temperature",
                    "mean-magnetisation-length",
                    "material-mean-magnetisation-length",
                    "mean-susceptibility",
                    "mean-specific-heat",
                    "binder-cumulant"};
        case ProgramKind::hysteresis_loop:
        case ProgramKind::partial_hysteresis_loop:
        case ProgramKind::static_hysteresis_loop:
        case ProgramKind::field_sweep:
            return {"applied-field-strength", "applied-field-alignment",
                    "material-applied-field-alignment", "mean-magnetisation-length"};
        case ProgramKind::relax:
        case ProgramKind::gneb:  // one row per image at the end
            return {"time-steps", "magnetisation-components", "total-energy-per-atom"};
        case ProgramKind::electrical_pulse:
            return {"time-steps", "real-time", "spin-torque-current", "magnetisation-components"};
        case ProgramKind::exchange_stiffness:  // a row per angle and temperature
            return {"temperature", "constraint-phi", "mean-magnetisation-length",
                    "material-mean-magnetisation-length", "mean-total-torque"};
        case ProgramKind::fmr:
            return {"time-steps", "real-time", "fmr-field-strength", "magnetisation-components"};
        default:
            return {"time-steps",
                    "real-time",
                    "temperature",
                    "applied-field-strength",
                    "magnetisation-components",
                    "mean-magnetisation-length",
                    "total-energy-per-atom"};
    }
}

}  // namespace miniasd
