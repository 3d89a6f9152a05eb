// Invariant 1: a run gives bitwise-identical spins and statistics on any number of ranks and
// threads. Within one
// MPI job of P ranks, the same thermal run is repeated on sub-communicators of 1, 2, ..., P ranks
// and with 1 and 2 OpenMP threads; every result must equal the 1-rank, 1-thread reference bit for
// bit, and so must the order-independent spin hash.
#include <gtest/gtest.h>
#include <omp.h>

#include <cstring>

#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

// A two-sublattice ferrimagnet (bcc, antiparallel coupling between the sites) with anisotropy,
// an oblique field and T = 300 K, on a grid no rank count divides, periodic on two axes only.
const char* ferrimagnet =
    "create:crystal-structure = bcc\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 21 !A\ndimensions:system-size-y = 15 !A\n"
    "dimensions:system-size-z = 18 !A\n"
    "material:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:damping-constant = 0.1\n"
    "material[1]:exchange-matrix[1] = 7e-21\nmaterial[1]:exchange-matrix[2] = -2e-21\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 5e-24\n"
    "material[1]:unit-cell-category = 1\nmaterial[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 7.6 !muB\nmaterial[2]:damping-constant = 0.05\n"
    "material[2]:exchange-matrix[2] = 1e-21\nmaterial[2]:unit-cell-category = 2\n"
    "material[2]:initial-spin-direction = 0,0,-1\n"
    "sim:temperature = 300\nsim:time-step = 0.1 !fs\n"
    "sim:applied-field-strength = 2 !T\nsim:applied-field-unit-vector = 1,1,1\n"
    "sim:equilibration-time-steps = 50\nsim:total-time-steps = 150\n"
    "sim:time-steps-increment = 50\n";

// A layered fcc film of three materials by height, open in z.
const char* layers =
    "create:crystal-structure = fcc\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
    "dimensions:unit-cell-size = 3.5 !A\n"
    "dimensions:system-size-x = 2.1 !nm\ndimensions:system-size-y = 1.75 !nm\n"
    "dimensions:system-size-z = 1.4 !nm\n"
    "material[1]:atomic-spin-moment = 1.7 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
    "material[1]:maximum-height = 0.5\nmaterial[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 0.6 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[2]:exchange-matrix[1] = 1e-21\nmaterial[2]:minimum-height = 0.5\n"
    "material[2]:maximum-height = 0.75\nmaterial[2]:damping-constant = 0.3\n"
    "material[3]:atomic-spin-moment = 2.2 !muB\nmaterial[3]:exchange-matrix[3] = 4e-21\n"
    "material[3]:exchange-matrix[2] = -1e-21\nmaterial[3]:minimum-height = 0.75\n"
    "material[3]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "sim:temperature = 600\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 200\n"
    "sim:time-steps-increment = 100\nsim:integrator-random-seed = 99\n";

// A simple cubic cube with odd periodic axes (Monte Carlo needs a third colour there), cubic
// and uniaxial anisotropy and a field.
const char* odd_cube =
    "create:crystal-structure = sc\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 21 !A\ndimensions:system-size-y = 15 !A\n"
    "dimensions:system-size-z = 12 !A\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 2e-21\n"
    "material[1]:cubic-anisotropy-constant = 3e-23\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "material[1]:initial-spin-direction = random\n"
    "sim:temperature = 150\nsim:applied-field-strength = 1 !T\n"
    "sim:applied-field-unit-vector = 0,1,1\n"
    "sim:total-time-steps = 60\nsim:time-steps-increment = 20\n"
    "sim:integrator-random-seed = 7\n";

// A core-shell truncated octahedron cut from an fcc box: a ferrimagnetic core inside a shell,
// open boundaries, so ranks own different numbers of atoms and some own none.
const char* core_shell =
    "create:crystal-structure = fcc\ncreate:truncated-octahedron\n"
    "dimensions:unit-cell-size = 3.5 !A\ndimensions:system-size = 2.8 !nm\n"
    "dimensions:particle-size = 2.4 !nm\n"
    "material:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 1.7 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
    "material[1]:exchange-matrix[2] = -2e-21\nmaterial[1]:core-shell-size = 0.5\n"
    "material[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 0.6 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[2]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "sim:temperature = 300\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 100\n"
    "sim:time-steps-increment = 50\nsim:integrator-random-seed = 5\n";

std::string monte_carlo(const char* input) {
    return std::string(input) + "sim:integrator = monte-carlo\n";
}

struct Result {
    std::vector<double> spins;  // global-id order
    std::uint64_t hash = 0;
    // The last statistics sample's series and the accumulated moments of every series: exact
    // sums make them bitwise equal on any decomposition too.
    std::vector<double> stats;
};

// Runs on the first `ranks` ranks of the world with `threads` threads; rank 0 gets the result.
Result run_on(int ranks, int threads, const char* input) {
    Result r;
    const std::string error = test::run_on_first_ranks(ranks, threads, input, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.hash = sim.spin_hash();
        r.stats = test::statistics_of(sim);
    });
    EXPECT_EQ(error, "") << ranks << " ranks";
    return r;
}

void check_all_decompositions(const char* input) {
    const parallel::Comm world = parallel::Comm::world();
    const Result ref = run_on(1, 1, input);
    for (int threads : {1, 2}) {
        for (int ranks = 1; ranks <= world.size(); ++ranks) {
            if (ranks == 1 && threads == 1) continue;
            const Result r = run_on(ranks, threads, input);
            if (!world.is_root()) continue;
            ASSERT_EQ(r.spins.size(), ref.spins.size());
            // Bitwise: compare the bytes, not the values with a tolerance.
            EXPECT_EQ(
                std::memcmp(r.spins.data(), ref.spins.data(), ref.spins.size() * sizeof(double)), 0)
                << ranks << " ranks, " << threads << " threads differ from 1 rank, 1 thread";
            EXPECT_EQ(r.hash, ref.hash) << ranks << " ranks, " << threads << " threads";
            ASSERT_EQ(r.stats.size(), ref.stats.size());
            EXPECT_EQ(
                std::memcmp(r.stats.data(), ref.stats.data(), ref.stats.size() * sizeof(double)), 0)
                << ranks << " ranks, " << threads << " threads: statistics differ";
        }
    }
    if (world.is_root()) {
        // The run did something: spins moved away from their start and stay unit vectors.
        double moved = 0;
        for (std::size_t i = 0; i + 2 < ref.spins.size(); i += 3) {
            const double n2 = ref.spins[i] * ref.spins[i] + ref.spins[i + 1] * ref.spins[i + 1] +
                              ref.spins[i + 2] * ref.spins[i + 2];
            EXPECT_NEAR(n2, 1.0, 1e-12);
            moved += std::abs(ref.spins[i + 2]);
        }
        EXPECT_GT(moved, 0.0);
    }
    omp_set_num_threads(1);
}

}  // namespace

TEST(DecompositionIndependence, FerrimagnetIsBitwiseIdenticalOnAnyRanksAndThreads) {
    check_all_decompositions(ferrimagnet);
}

TEST(DecompositionIndependence, LayeredFilmIsBitwiseIdenticalOnAnyRanksAndThreads) {
    check_all_decompositions(layers);
}

TEST(DecompositionIndependence, CoreShellParticleIsBitwiseIdentical) {
    check_all_decompositions(core_shell);
    check_all_decompositions(monte_carlo(core_shell).c_str());
}

TEST(DecompositionIndependence, CubicAnisotropyLlgIsBitwiseIdenticalOnAnyRanksAndThreads) {
    check_all_decompositions(odd_cube);
}

// Monte Carlo on the three colourings: bcc sites, fcc sites, sc parity with a third colour.
TEST(DecompositionIndependence, MonteCarloFerrimagnetIsBitwiseIdentical) {
    check_all_decompositions(monte_carlo(ferrimagnet).c_str());
}

TEST(DecompositionIndependence, MonteCarloLayeredFilmIsBitwiseIdentical) {
    check_all_decompositions(monte_carlo(layers).c_str());
}

TEST(DecompositionIndependence, MonteCarloOddPeriodicCubeIsBitwiseIdentical) {
    check_all_decompositions(monte_carlo(odd_cube).c_str());
}

// Every program, each on a small system: the phases, fields, temperatures and sweeps they drive
// must not depend on the decomposition either.
std::string program(const char* input, const std::string& settings) {
    return std::string(input) + settings;
}

TEST(DecompositionIndependence, CurieSweepWithMonteCarlo) {
    check_all_decompositions(program(odd_cube,
                                     "sim:program = curie-temperature\n"
                                     "sim:integrator = monte-carlo\n"
                                     "sim:minimum-temperature = 50\nsim:maximum-temperature = 150\n"
                                     "sim:temperature-increment = 50\n"
                                     "sim:equilibration-time-steps = 5\nsim:loop-time-steps = 10\n")
                                 .c_str());
}

TEST(DecompositionIndependence, HysteresisLoopWithLlg) {
    check_all_decompositions(program(ferrimagnet,
                                     "sim:program = hysteresis-loop\n"
                                     "sim:maximum-applied-field-strength = 5 !T\n"
                                     "sim:applied-field-strength-increment = 2.5 !T\n"
                                     "sim:loop-time-steps = 10\n")
                                 .c_str());
}

TEST(DecompositionIndependence, LaserPulseOnARandomAlloy) {
    check_all_decompositions(program(layers,
                                     "material[1]:host-alloy\nmaterial[1]:alloy-fraction[3] = 0.3\n"
                                     "sim:program = laser-pulse\nsim:laser-pulse-power = 30\n"
                                     "sim:laser-pulse-time = 5 !fs\n")
                                 .c_str());
}

// A dilute alloy (material[i]:density on a host and an alloyed material): the same vacancies,
// hence the same bits, on any decomposition.
TEST(DecompositionIndependence, DiluteAlloy) {
    check_all_decompositions(program(layers,
                                     "material[1]:host-alloy\nmaterial[1]:alloy-fraction[3] = 0.3\n"
                                     "material[1]:density = 0.8\nmaterial[3]:density = 0.6\n")
                                 .c_str());
}

// The same with its last layer at the phonon temperature (material[i]:use-phonon-temperature).
TEST(DecompositionIndependence, LaserPulseWithAPhononCoupledLayer) {
    check_all_decompositions(program(layers,
                                     "material[3]:use-phonon-temperature\n"
                                     "sim:program = laser-pulse\nsim:laser-pulse-power = 30\n"
                                     "sim:laser-pulse-time = 5 !fs\n")
                                 .c_str());
}

TEST(DecompositionIndependence, FieldCool) {
    check_all_decompositions(program(layers,
                                     "sim:program = field-cool\n"
                                     "sim:maximum-temperature = 900\n"
                                     "sim:cooling-time = 5 !fs\n")
                                 .c_str());
}

// Biquadratic exchange within and between the layers (its own term and bond list), LLG and
// Monte Carlo.
TEST(DecompositionIndependence, BiquadraticExchange) {
    const std::string input = program(layers,
                                      "material[1]:biquadratic-exchange-matrix[1] = 1.5e-21\n"
                                      "material[2]:biquadratic-exchange-matrix[1] = -0.5e-21\n"
                                      "material[3]:biquadratic-exchange-matrix[3] = 0.8e-21\n");
    check_all_decompositions(input.c_str());
    check_all_decompositions(monte_carlo(input.c_str()).c_str());
}

// Spin-transfer and spin-orbit torques on the layered film at a temperature, under an electrical
// pulse that rises, flows and falls: a drive in every Heun stage, the same bits on any
// decomposition.
TEST(DecompositionIndependence, SpinTorques) {
    const std::string input = program(layers,
                                      "material[1]:spin-transfer-relaxation-torque = 0.5 !T\n"
                                      "material[1]:spin-transfer-precession-torque = 0.1 !T\n"
                                      "material[3]:spin-orbit-relaxation-torque = 0.3 !T\n"
                                      "material[3]:spin-orbit-torque-asymmetry = 0.3\n"
                                      "sim:spin-transfer-torque-polarization-unit-vector = 1,0,0\n"
                                      "sim:spin-orbit-torque-polarization-unit-vector = 0,1,0\n"
                                      "sim:current-density = 2e12, -1e12, 5e11 !A/m2\n"
                                      "material[1]:spin-polarisation = 0.5\n"
                                      "material[1]:non-adiabaticity = 0.05\n"
                                      "material[3]:spin-polarisation = 0.3\n"
                                      "sim:program = electrical-pulse\n"
                                      "sim:electrical-pulse-rise-time = 5 !fs\n"
                                      "sim:electrical-pulse-time = 5 !fs\n"
                                      "sim:electrical-pulse-fall-time = 5 !fs\n");
    check_all_decompositions(input.c_str());
}

// VAMPIRE's vectorial exchange-matrix: the general exchange path with diagonal couplings.
TEST(DecompositionIndependence, VectorialExchange) {
    std::string input = layers;
    const std::string scalar = "material[1]:exchange-matrix[1] = 5e-21\n";
    input.replace(input.find(scalar), scalar.size(),
                  "material[1]:exchange-matrix[1] = 4e-21, 5e-21, 6.5e-21\n");
    check_all_decompositions(input.c_str());
}

// Further shells (exchange:function = shell): vectorial and biquadratic constants per shell, on
// fcc's second shell (6 bonds at a), LLG and Monte Carlo.
TEST(DecompositionIndependence, VectorialAndBiquadraticShells) {
    const std::string input =
        program(layers,
                "exchange:function = shell\n"
                "exchange:interaction-range = 1.5\n"
                "material[1]:exchange-matrix-2nd-nn[1] = 1e-21, 1.5e-21, 2e-21\n"
                "material[3]:exchange-matrix-2nd-nn[1] = -0.5e-21\n"
                "material[1]:biquadratic-exchange-matrix[1] = 1e-21\n"
                "material[1]:biquadratic-exchange-matrix-2nd-nn[1] = 0.6e-21\n"
                "material[2]:biquadratic-exchange-matrix-2nd-nn[3] = -0.3e-21\n");
    check_all_decompositions(input.c_str());
    check_all_decompositions(monte_carlo(input.c_str()).c_str());
}

TEST(DecompositionIndependence, DifferentSeedsGiveDifferentStates) {
    const Result a = run_on(1, 1, layers);
    std::string other = std::string(layers) + "";
    other.replace(other.find("= 99"), 4, "= 98");
    const Result b = run_on(1, 1, other.c_str());
    if (parallel::Comm::world().is_root()) {
        EXPECT_NE(a.hash, b.hash);
    }
}
