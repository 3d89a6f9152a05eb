// What the Hamiltonian's terms read of the input: the system's settings (materials, exchange,
// anisotropies, DMI), the dipolar field's section and the spin torques'. The applied field is the
// run's (sim:applied-field-*), passed to the Hamiltonian when it is built.
#pragma once

#include "dipole/dipole_section.hpp"
#include "hamiltonian/neel_section.hpp"
#include "hamiltonian/spin_torque_section.hpp"

namespace miniasd {

struct HamiltonianSettings : DipoleSettings, SpinTorqueSettings, NeelSettings {};

}  // namespace miniasd
