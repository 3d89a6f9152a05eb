// Interfacial DMI on a strained cell (docs/physics.md, "Interfacial and bulk DMI"): the bonds it
// acts on are the lattice's first shell, found on the ideal cell as the exchange's are.
#include <gtest/gtest.h>

#include <cmath>

#include "hamiltonian/energy_kinds.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

// Interfacial DMI acts on the lattice's first shell, the bonds the exchange takes, on a strained
// cell too: a film 3 % shorter along z, or 0.3 % longer along x, keeps the in-plane bonds'
// DMI (it took the strained cell's shortest bonds, the two along z, and its energy was exactly 0
// while the start-up reported D / D_c = 1.05). The bonds stay along x and y, so a prepared
// skyrmion's DMI energy is the unstrained film's, bit for bit.
TEST(Dmi, InterfacialDmiKeepsItsBondsOnAStrainedCell) {
    auto dmi_energy = [](const std::string& cell) {
        Simulation sim(parallel::Comm::world(),
                       test::config_from_text(
                           "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
                           "create:periodic-boundaries-y\n" +
                           cell +
                           "dimensions:system-size-x = 60 !A\ndimensions:system-size-y = 60 "
                           "!A\ndimensions:system-size-z = 2.9 !A\n"
                           "material[1]:atomic-spin-moment = 2 !muB\n"
                           "material[1]:exchange-matrix[1] = 1e-21\n"
                           "material[1]:interfacial-dmi-constant[1] = 3e-22\n"
                           "sim:total-time-steps = 0\nsim:initial-spin-configuration = skyrmion\n"
                           "sim:initial-skyrmion-radius = 9 !A\noutput:dmi-energy\n"),
                       test::quiet_options());
        run_program(sim);
        return sim.last_sample().energy[std::size_t(TermKind::dmi)];
    };
    const double plain = dmi_energy("dimensions:unit-cell-size = 3 !A\n");
    EXPECT_LT(plain, 0);  // the favoured (Neel, core down, helicity 0) skyrmion
    EXPECT_EQ(
        dmi_energy("dimensions:unit-cell-size = 3 !A\ndimensions:unit-cell-size-z = 2.91 !A\n"),
        plain);
    const double stretched =
        dmi_energy("dimensions:unit-cell-size = 3 !A\ndimensions:unit-cell-size-x = 3.009 !A\n");
    EXPECT_NEAR(stretched, plain, 0.01 * std::abs(plain));  // the skyrmion sits on other sites
}
