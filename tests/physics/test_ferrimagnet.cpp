// A GdFe-like random ferrimagnet: 25% Gd alloyed into an Fe host. The realised alloy is a function
// of the alloy seed and the atom ids only, so it is the same on any number of ranks, and its Gd
// fraction is 0.25 within the binomial error; in thermal equilibrium the spin temperature of
// each sublattice equals the bath temperature (a check of the per-atom thermal field, which must
// use each atom's own moment and damping).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "support/test_support.hpp"

using namespace miniasd;

namespace {

std::string gdfe(int cells, const std::string& extra) {
    return "create:crystal-structure = bcc\n"
           "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
           "create:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 3.5 !A\n"
           "dimensions:system-size = " +
           std::to_string(0.35 * cells) +
           " !nm\n"
           "material:num-materials = 2\n"
           "material[1]:material-name = Fe\nmaterial[1]:atomic-spin-moment = 1.92 !muB\n"
           "material[1]:exchange-matrix[1] = 2.835e-21\nmaterial[1]:exchange-matrix[2] = "
           "-1.09e-21\n"
           "material[1]:host-alloy\nmaterial[1]:alloy-fraction[2] = 0.25\n"
           "material[1]:initial-spin-direction = 0,0,1\nmaterial[1]:damping-constant = 0.5\n"
           "material[2]:material-name = Gd\nmaterial[2]:atomic-spin-moment = 7.63 !muB\n"
           "material[2]:exchange-matrix[2] = 1.26e-21\n"
           "material[2]:initial-spin-direction = 0,0,-1\nmaterial[2]:damping-constant = 0.3\n" +
           extra;
}

// Material of every atom in global-id order, on every rank of the simulation.
std::vector<std::int64_t> gather_materials(const Simulation& sim) {
    const LocalSystem& sys = sim.system();
    std::vector<std::int64_t> ids(sys.gid.begin(), sys.gid.begin() + sys.n_owned);
    std::vector<std::int64_t> mats(sys.material.begin(), sys.material.begin() + sys.n_owned);
    const auto all_ids = sim.comm().all_gather(ids);
    const auto all_mats = sim.comm().all_gather(mats);
    std::vector<std::int64_t> out(all_ids.size());
    for (std::size_t k = 0; k < all_ids.size(); ++k)
        out[static_cast<std::size_t>(all_ids[k])] = all_mats[k];
    return out;
}

}  // namespace

TEST(Ferrimagnet, RandomAlloyIsTheSameOnAnyRanksAndRealisesItsFraction) {
    const parallel::Comm world = parallel::Comm::world();
    std::vector<std::int64_t> reference;
    for (int ranks = 1; ranks <= world.size(); ++ranks) {
        const parallel::Comm sub = world.split(world.rank() < ranks ? 0 : -1, world.rank());
        if (sub.valid()) {
            Simulation sim(sub, test::config_from_text(gdfe(12, "")), test::quiet_options());
            const std::vector<std::int64_t> m = gather_materials(sim);
            if (ranks == 1) reference = m;
            if (world.is_root()) {
                EXPECT_EQ(m, reference) << ranks << " ranks";
            }
        }
        world.barrier();
    }
    // Another alloy seed gives another structure with the same statistics (each rank alone).
    const parallel::Comm self = world.split(world.rank(), 0);
    Simulation other(self, test::config_from_text(gdfe(12, "create:alloy-random-seed = 99\n")),
                     test::quiet_options());
    const std::vector<std::int64_t> reseeded = gather_materials(other);
    if (!world.is_root()) return;
    EXPECT_NE(reseeded, reference);
    const double n = double(reference.size());  // 3456 atoms
    double gd = 0;
    for (std::int64_t m : reference)
        gd += m == 1;
    const double sigma = std::sqrt(0.25 * 0.75 / n);
    EXPECT_NEAR(gd / n, 0.25, 4 * sigma) << gd << " Gd atoms of " << n;
}

TEST(Ferrimagnet, EachSublatticeSpinTemperatureEqualsTheBath) {
    const double bath = 300;  // K
    Simulation sim(parallel::Comm::world(),
                   test::config_from_text(gdfe(8,
                                               "sim:temperature = 300\nsim:time-step = 0.2 !fs\n"
                                               "sim:integrator-random-seed = 17\n")),
                   test::quiet_options());
    Phase p;
    p.temperature = p.equilibration_temperature = bath;
    // Gd, weakly coupled (~130 T) with damping 0.3, relaxes in ~0.2 ps: 4 ps to equilibrate.
    p.equilibration_steps = 20000;
    p.steps = 20000;
    p.increment = 40;
    sim.run(p);
    const Accumulator& acc = sim.state().accumulator;
    for (int m = 0; m < 2; ++m) {
        const int s = series::material(m, series::mat_spin_temperature);
        const Estimate t =
            acc.estimate(static_cast<std::size_t>(s), [](const Moments& x) { return x.mean(); });
        EXPECT_NEAR(t.value, bath, std::max(0.04 * bath, 4 * t.error))
            << (m ? "Gd" : "Fe") << " +- " << t.error;
        if (sim.comm().is_root())
            std::printf("%s spin temperature %.1f +- %.1f K (bath %g K)\n", m ? "Gd" : "Fe",
                        t.value, t.error, bath);
    }
    // The sublattices stay antiparallel: a ferrimagnet, not a ferromagnet. Their mean vectors
    // over the 500 samples (the two turn together), not one sample's, whose angle fluctuates at
    // 300 K.
    double mean[2][3];
    for (int m = 0; m < 2; ++m)
        for (int c = 0; c < 3; ++c)
            mean[m][c] =
                acc.estimate(static_cast<std::size_t>(series::material(m, series::mat_x + c)),
                             [](const Moments& x) { return x.mean(); })
                    .value;
    const double dot = mean[0][0] * mean[1][0] + mean[0][1] * mean[1][1] + mean[0][2] * mean[1][2];
    const double cosine =
        dot /
        std::sqrt((mean[0][0] * mean[0][0] + mean[0][1] * mean[0][1] + mean[0][2] * mean[0][2]) *
                  (mean[1][0] * mean[1][0] + mean[1][1] * mean[1][1] + mean[1][2] * mean[1][2]));
    if (sim.comm().is_root()) std::printf("cosine of the mean sublattice moments %.4f\n", cosine);
    EXPECT_LT(cosine, -0.9);
}
