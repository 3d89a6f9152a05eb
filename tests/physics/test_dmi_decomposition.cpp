// DMI (material[i]:dmi-constant[j]) gives the same spins and statistics, bit for bit, on 1 to P
// ranks x 1 and 2 threads, with LLG and with Monte Carlo. The system is VAMPIRE's own Co/Pt DMI
// input made small and made harder: fcc, a = 3.54 A, dmi-cutoff-range 3.55 A (triangles whose
// leg j-k is a second-neighbour distance, so D_ij seen from i differs from -D_ji seen from j
// wherever the Pt under them differs), open in y (edges), Pt kept as non-magnetic, Fe alloyed
// at random into the Pt (D varying atom by atom) and vacancies (a removed material) among them.
#include <gtest/gtest.h>
#include <omp.h>

#include "run/programs/program.hpp"
#include "stats/observables.hpp"
#include "support/decomposition.hpp"

using namespace miniasd;

namespace {

const char* input =
    "create:crystal-structure = fcc\ndimensions:unit-cell-size = 3.54 !A\n"
    "dimensions:system-size-x = 2.2 !nm\ndimensions:system-size-y = 1.8 !nm\n"
    "dimensions:system-size-z = 1.1 !nm\n"
    "create:periodic-boundaries-x\nexchange:dmi-cutoff-range = 3.55 !A\n"
    "material:num-materials = 4\n"
    "material[1]:atomic-spin-moment = 1.72 !muB\nmaterial[1]:exchange-matrix[1] = 1.12e-21\n"
    "material[1]:dmi-constant[2] = 4e-22\nmaterial[1]:dmi-constant[3] = -1e-22\n"
    "material[1]:minimum-height = 0.5\nmaterial[1]:damping-constant = 0.1\n"
    "material[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 0.3 !muB\nmaterial[2]:non-magnetic = keep\n"
    "material[2]:maximum-height = 0.5\nmaterial[2]:host-alloy\n"
    "material[2]:alloy-fraction[3] = 0.3\nmaterial[2]:alloy-fraction[4] = 0.15\n"
    "material[4]:atomic-spin-moment = 1 !muB\nmaterial[4]:non-magnetic\n"
    "material[3]:atomic-spin-moment = 2.2 !muB\nmaterial[3]:exchange-matrix[1] = 0.8e-21\n"
    "material[3]:dmi-constant[1] = 2e-22\n"
    "sim:temperature = 300\nsim:time-step = 0.1 !fs\n"
    "sim:applied-field-strength = 0.5 !T\nsim:applied-field-unit-vector = 0,1,1\n"
    "sim:total-time-steps = 120\nsim:time-steps-increment = 40\nsim:integrator-random-seed = 5\n";

TEST(DmiDecomposition, SameBitsOnAnyRanksAndThreads) {
    for (const char* integrator : {"llg-heun", "monte-carlo"}) {
        const Config c =
            test::config_from_text(std::string(input) + "sim:integrator = " + integrator + "\n");
        const test::Gathered ref = test::run_gathered(1, 1, c);
        if (parallel::Comm::world().is_root()) {
            // The run did something: DMI energy is there, and the spins moved from the start.
            const double e_dmi = ref.stats[std::size_t(series::energy_of(int(TermKind::dmi)))];
            EXPECT_NE(e_dmi, 0.0) << integrator;
        }
        const int world = parallel::Comm::world().size();
        for (int threads : {1, 2})
            for (int ranks = 1; ranks <= world; ++ranks) {
                test::expect_same_bits(test::run_gathered(ranks, threads, c), ref,
                                       std::string(integrator) + " on " + std::to_string(ranks) +
                                           " ranks x " + std::to_string(threads) + " threads");
            }
        omp_set_num_threads(1);
    }
}

}  // namespace
