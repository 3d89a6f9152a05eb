// The spin torques' polarisers (VAMPIRE's sim:spin-transfer-torque-polarization-unit-vector and
// sim:spin-orbit-torque-polarization-unit-vector): a configuration section (input/section.hpp),
// read from the keywords in spin_torque_keywords.cpp with the materials' torque constants
// (MaterialConfig::stt, sot). The term: hamiltonian/spin_torque.hpp.
#pragma once

#include "system/system_settings.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

struct SpinTorqueSection {
    Vec3 stt_polarisation{0, 0, 0};  // unit vector; (0, 0, 0): not given
    Vec3 sot_polarisation{0, 0, 0};
    // Zhang-Li torques (hamiltonian/current_torque.hpp): the current density j (A/m^2) flowing in
    // the magnet itself, conventional direction (the electrons flow along -j); with the materials'
    // spin polarisation P and non-adiabaticity beta.
    Vec3 current_density{0, 0, 0};
    MINIASD_FIELDS(stt_polarisation, sot_polarisation, current_density);
};
MINIASD_SIZE_GUARD(SpinTorqueSection, 72);

// What the spin torques' code reads of the input: its section and the materials' torque constants.
struct SpinTorqueSettings : virtual SystemSettings {
    SpinTorqueSection torques;
};

SectionOf<SpinTorqueSettings> spin_torque_section();  // spin_torque_keywords.cpp

// Whether some material has a nonzero spin-transfer or spin-orbit torque constant (the term is
// built, hamiltonian/spin_torque.hpp).
bool has_spin_torque(const SpinTorqueSettings& c);
// Whether a current flows (sim:current-density) through some material with a spin polarisation:
// the Zhang-Li term is built (hamiltonian/current_torque.hpp).
bool has_current_torque(const SpinTorqueSettings& c);
// Either kind: what an electrical pulse drives, and what Monte Carlo and the relaxation refuse.
inline bool has_any_torque(const SpinTorqueSettings& c) {
    return has_spin_torque(c) || has_current_torque(c);
}

}  // namespace miniasd
