// The configuration's sections in the keyword table's order: the one list that names every
// feature's keywords. A feature's section lives beside its code (input/section.hpp).
#include "checkpoint/checkpoint_section.hpp"
#include "dipole/dipole_section.hpp"
#include "hamiltonian/spin_torque_section.hpp"
#include "input/section.hpp"
#include "integrate/relax_section.hpp"
#include "limits_section.hpp"
#include "output/snapshot_section.hpp"
#include "programs/pulse_section.hpp"
#include "programs/sweep_section.hpp"
#include "sim_section.hpp"
#include "stats/columns_section.hpp"
#include "system/exchange_section.hpp"
#include "system/initial_state_section.hpp"
#include "system/material_section.hpp"
#include "system/structure_section.hpp"

namespace miniasd {

const std::vector<Section>& sections() {
    static const std::vector<Section> all = {
        structure_section(),     material_section(),    exchange_section(),   sim_section(),
        sweep_section(),         pulse_section(),       checkpoint_section(), limits_section(),
        initial_state_section(), relax_section(),       snapshot_section(),   columns_section(),
        dipole_section(),        spin_torque_section(),
    };
    return all;
}

}  // namespace miniasd
