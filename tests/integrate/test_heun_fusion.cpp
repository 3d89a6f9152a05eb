// The fused Heun sweep (integrate/heun_fusion.hpp): its plan only fuses atoms whose corrector
// can safely trail the predictor, and a run gives the bits of two separate passes, on any rank
// count and with 1 and 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstdlib>
#include <cstring>

#include "hamiltonian/hamiltonian.hpp"
#include "integrate/heun_fusion.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// 24 x 24 x 24 bcc cells (27 648 atoms), periodic, one material, random start, 300 K: large
// enough that the fusable ranges are long and the integrator fuses, on 1, 2 and 4 ranks.
const std::string input =
    "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
    "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size = 6.888 !nm\n"
    "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25\n"
    "material[1]:initial-spin-direction = random\n"
    "sim:temperature = 300\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 30\n"
    "sim:time-steps-increment = 10\nsim:integrator-random-seed = 5\n";

std::vector<double> run(bool fused, int threads, std::uint64_t& hash) {
    if (fused)
        ::unsetenv("MINIASD_NO_FUSED_HEUN");
    else
        ::setenv("MINIASD_NO_FUSED_HEUN", "1", 1);
    omp_set_num_threads(threads);
    Simulation sim(parallel::Comm::world(), test::config_from_text(input), test::quiet_options());
    run_program(sim);
    ::unsetenv("MINIASD_NO_FUSED_HEUN");
    hash = sim.spin_hash();
    return test::gather_spins(sim);
}

}  // namespace

TEST(HeunFusion, FusesOnlyAtomsWhoseNeighboursAreNearbyCoreAtoms) {
    const Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                         test::quiet_options());
    const LocalSystem& sys = sim.system();
    const Hamiltonian& h = sim.hamiltonian();  // the table is released: its compact form
    const HeunFusion f = plan_heun_fusion(sys, h);
    ASSERT_GT(sys.n_core, 0);
    ASSERT_GT(f.window, 0);
    std::vector<char> fusable(static_cast<std::size_t>(sys.n_core), 0);
    std::int64_t count = 0;
    f.fusable_in(0, sys.n_core, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t i = b; i < e; ++i)
            fusable[static_cast<std::size_t>(i)] = 1;
        count += e - b;
    });
    for (std::int64_t i = 0; i < sys.n_core; ++i) {
        bool near_core = true;  // every neighbour a core atom within the window
        for (int k = 0; k < sys.width; ++k) {
            const std::int64_t j = h.neighbour(i, k);
            if (j == sys.null_atom) continue;
            near_core = near_core && j < sys.n_core && std::llabs(j - i) <= f.window;
        }
        ASSERT_EQ(bool(fusable[static_cast<std::size_t>(i)]), near_core) << "atom " << i;
    }
    // On one rank only the planes at the periodic wrap in z (2 of 24) and a few rows at the wrap
    // in y are left out.
    if (sim.comm().size() == 1) {
        EXPECT_GE(count, sys.n_core * 7 / 8);
    }
    EXPECT_GT(count, 0);
}

TEST(HeunFusion, ShortRangesAreNotFused) {
    // Ranges shorter on average than the minimum (as where boundary atoms break every row of
    // cells) leave the plan empty: the integrator keeps two passes.
    const Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                         test::quiet_options());
    EXPECT_GT(plan_heun_fusion(sim.system(), sim.hamiltonian(), 1).window, 0);
    EXPECT_EQ(plan_heun_fusion(sim.system(), sim.hamiltonian(), sim.system().n_core + 1).window, 0);
}

TEST(HeunFusion, FusableAndOtherRangesPartitionABlock) {
    HeunFusion f;
    f.window = 3;
    f.begin = {2, 10, 30};
    f.end = {6, 20, 31};
    for (const auto& [lo, hi, in_lo, in_hi] : std::vector<std::array<std::int64_t, 4>>{
             {0, 40, 0, 40}, {0, 40, 3, 37}, {4, 25, 7, 22}, {12, 18, 15, 15}, {0, 5, 8, 1}}) {
        std::vector<int> hits(40, 0);
        std::int64_t last = lo;
        auto mark = [&](std::int64_t b, std::int64_t e) {
            ASSERT_LT(b, e);
            ASSERT_GE(b, lo);
            ASSERT_LE(e, hi);
            for (std::int64_t i = b; i < e; ++i)
                ++hits[static_cast<std::size_t>(i)];
        };
        f.fusable_in(std::max(lo, in_lo), std::min(hi, in_hi), mark);
        f.others_in(lo, hi, in_lo, in_hi, [&](std::int64_t b, std::int64_t e) {
            ASSERT_GE(b, last);  // ascending
            last = e;
            mark(b, e);
        });
        for (std::int64_t i = 0; i < 40; ++i)
            EXPECT_EQ(hits[static_cast<std::size_t>(i)], i >= lo && i < hi ? 1 : 0)
                << "atom " << i << " of [" << lo << ", " << hi << ") inside [" << in_lo << ", "
                << in_hi << ")";
    }
}

TEST(HeunFusion, GivesTheBitsOfTwoSeparatePasses) {
    {  // the run below does fuse (the default plan is not empty) on this rank count
        const Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                             test::quiet_options());
        ASSERT_GT(plan_heun_fusion(sim.system(), sim.hamiltonian()).window, 0);
    }
    for (const int threads : {1, 2}) {
        std::uint64_t fused_hash = 0, plain_hash = 0;
        const std::vector<double> fused = run(true, threads, fused_hash);
        const std::vector<double> plain = run(false, threads, plain_hash);
        ASSERT_EQ(fused.size(), plain.size());
        EXPECT_EQ(std::memcmp(fused.data(), plain.data(), fused.size() * sizeof(double)), 0)
            << threads << " thread(s)";
        EXPECT_EQ(fused_hash, plain_hash);
    }
}
