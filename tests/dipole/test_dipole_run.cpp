// The dipolar field in runs: its keywords refused where they cannot have VAMPIRE's effect, the
// spins and statistics with it identical on 1 to P ranks x 1 and 2 threads (LLG with a thermal
// field and Monte Carlo, the field held between evaluations), and a run continued on another rank
// count, from a checkpoint on or between two evaluations, identical to the run it continues.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "checkpoint/checkpoint.hpp"
#include "support/decomposition.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

const std::string particle =
    "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
    "dimensions:system-size = 2.3 !nm\ncreate:sphere\n"
    "material[1]:atomic-spin-moment = 2.2 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21 !J\n"
    "material[1]:damping-constant = 0.1\nmaterial[1]:initial-spin-direction = 0.3,0,1\n"
    "dipole:solver = atomistic\nsim:temperature = 300\nsim:time-step = 1e-16\n"
    "sim:integrator-random-seed = 11\noutput:magnetostatic-energy\noutput:total-energy\n";

TEST(DipoleRun, KeywordsAreRefusedWhereTheyCannotHaveTheirEffect) {
    const std::string sc =
        "create:crystal-structure = sc\nmaterial[1]:atomic-spin-moment = 2 !muB\n";
    const std::string periodic =
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
        "create:periodic-boundaries-z\n";
    const struct {
        std::string text, expected;
    } cases[] = {
        {sc + "dipole:solver = tensor\n", ""},
        {sc + "dipole:solver = macrocell\ncells:macro-cell-size-z = 5 !A\n", ""},
        {sc + "dipole:solver = atomistic\ncells:macro-cell-size = 5 !A\n",
         "keyword 'cells:macro-cell-size': has an effect only with the macro-cell solvers"},
        {sc + "dipole:solver = macrocell\ndipole:cutoff-radius = 3\n",
         "keyword 'dipole:cutoff-radius': has an effect only with dipole:solver = tensor"},
        {sc + "cells:macro-cell-size = 5 !A\n", "has an effect only with the macro-cell solvers"},
        {sc + "dipole:output-atomistic-dipole-field\n",
         "VAMPIRE's dipole module's per-atom field output is not implemented"},
        {sc + "dipole:field-update-rate = 10\n",
         "keyword 'dipole:field-update-rate': has no effect without dipole:solver"},
        {sc + "dipole:solver = atomistic\ndipole:field-update-rate = 0\n",
         "keyword 'dipole:field-update-rate'"},
        {sc + "dipole:solver = atomistic\ncreate:periodic-boundaries-y\n",
         "keyword 'create:periodic-boundaries-y': the dipolar field takes a periodic y axis only "
         "in a film (periodic x and y, open z) or a periodic box"},
        {sc + "dipole:solver = atomistic\ncreate:periodic-boundaries-x\n"
              "create:periodic-boundaries-z\n",
         "keyword 'create:periodic-boundaries-x': the dipolar field takes a periodic x axis only "
         "in a film"},
        {sc + "dipole:solver = atomistic\ncreate:periodic-boundaries-x\n"
              "create:periodic-boundaries-y\n",
         ""},
        {sc + "dipole:solver = atomistic\ncreate:periodic-boundaries-x\n"
              "create:periodic-boundaries-y\ndipole:boundary = vacuum\n",
         "keyword 'dipole:boundary': has an effect only"},
        {sc + "dipole:solver = tensor\n" + periodic, "only with dipole:solver = atomistic"},
        {sc + "dipole:solver = atomistic\n" + periodic + "dipole:boundary = vacuum\n", ""},
        {sc + "dipole:solver = atomistic-fft\ndipole:boundary = tin-foil\n",
         "keyword 'dipole:boundary': has an effect only with dipole:solver = atomistic or "
         "atomistic-fft and periodic boundaries along x, y and z"},
        {sc + periodic + "dipole:boundary = vacuum\n",
         "keyword 'dipole:boundary': has no effect without dipole:solver"},
        {sc + "dipole:solver = atomistic\n" + periodic + "dipole:boundary = metal\n",
         "keyword 'dipole:boundary'"},
        {sc + "dipole:solver = nearest\n", "keyword 'dipole:solver'"},
        {sc + "dipole:solver = atomistic-fft\ndipole:field-update-rate = 1\n", ""},
    };
    for (const auto& c : cases) {
        const std::string e = test::input_refusal(c.text);
        if (c.expected.empty())
            EXPECT_EQ(e, "") << c.text;
        else
            EXPECT_NE(e.find(c.expected), std::string::npos) << c.text << "\n gave: " << e;
    }
}

TEST(DipoleRun, HierarchicalAndFftRunAsTheClosestSolverWithAWarning) {
    const std::string sc =
        "create:crystal-structure = sc\nmaterial[1]:atomic-spin-moment = 2 !muB\n";
    const Config h = test::config_from_text(sc + "dipole:solver = hierarchical\n");
    ASSERT_EQ(h.warnings.size(), 1u);
    EXPECT_NE(h.warnings[0].find("hierarchical runs as tensor"), std::string::npos)
        << h.warnings[0];
    const Config f = test::config_from_text(sc + "dipole:solver = fft\n");
    ASSERT_EQ(f.warnings.size(), 1u);
    EXPECT_NE(f.warnings[0].find("fft runs as macrocell"), std::string::npos) << f.warnings[0];
}

TEST(DipoleRun, SameBitsOnAnyDecompositionAndThreadCount) {
    const int world = parallel::Comm::world().size();
    for (const std::string& extra :
         {std::string("sim:total-time-steps = 40\ndipole:field-update-rate = 3\n"),
          std::string("sim:integrator = monte-carlo\nsim:total-time-steps = 12\n"
                      "dipole:field-update-rate = 2\n"),
          std::string("sim:total-time-steps = 20\ndipole:field-update-rate = 3\n"
                      "dipole:solver = tensor\ncells:macro-cell-size = 7 !A\n"),
          std::string("sim:total-time-steps = 20\ndipole:field-update-rate = 4\n"
                      "sim:temperature = 0\n")}) {
        std::string text = particle + extra;
        if (extra.find("dipole:solver") != std::string::npos)  // the particle's solver replaced
            text.erase(text.find("dipole:solver = atomistic\n"), 26);
        if (extra.find("sim:temperature") != std::string::npos)  // and its temperature
            text.erase(text.find("sim:temperature = 300\n"), 22);
        const Config c = test::config_from_text(text);
        const test::Gathered ref = test::run_gathered(1, 1, c);
        if (parallel::Comm::world().is_root()) {
            ASSERT_GT(ref.spins.size(), 200u);
        }
        for (int ranks = 1; ranks <= world; ++ranks)
            for (int threads : {1, 2})
                test::expect_same_bits(ref, test::run_gathered(ranks, threads, c),
                                       extra + std::to_string(ranks) + " ranks x " +
                                           std::to_string(threads) + " threads");
    }
}

// A bcc box periodic along x, y and z (the Ewald kernel) under each surface term, and a film
// (periodic along x and y: the two-dimensional sum), at 300 K.
TEST(DipoleRun, PeriodicBoxAndFilmSameBitsOnAnyDecompositionAndThreadCount) {
    const int world = parallel::Comm::world().size();
    const std::string xy = "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n";
    for (const std::string& images :
         {xy + "create:periodic-boundaries-z\ndipole:boundary = tin-foil\n",
          xy + "create:periodic-boundaries-z\ndipole:boundary = vacuum\n", xy}) {
        const Config c = test::config_from_text(
            "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
            "dimensions:system-size-x = 2.3 !nm\ndimensions:system-size-y = 2 !nm\n"
            "dimensions:system-size-z = 1.5 !nm\nmaterial[1]:atomic-spin-moment = 2.2 !muB\n"
            "material[1]:exchange-matrix[1] = 7e-21 !J\nmaterial[1]:damping-constant = 0.1\n"
            "material[1]:initial-spin-direction = 0.3,0,1\ndipole:solver = atomistic\n" +
            images +
            "sim:temperature = 300\nsim:time-step = 1e-16\nsim:integrator-random-seed = 11\n"
            "sim:total-time-steps = 10\ndipole:field-update-rate = 3\n");
        const test::Gathered ref = test::run_gathered(1, 1, c);
        if (parallel::Comm::world().is_root()) {
            ASSERT_GT(ref.spins.size(), 3 * 600u);  // the film: 693 atoms below its 1.5 nm
        }
        for (int ranks : {1, 2, 3, 4, 8}) {  // 8: ctest's dipole_run_np8 runs this test alone
            if (ranks > world) break;
            for (int threads : {1, 2})
                test::expect_same_bits(ref, test::run_gathered(ranks, threads, c),
                                       images + " on " + std::to_string(ranks) + " ranks x " +
                                           std::to_string(threads) + " threads");
        }
    }
}

// Runs on `comm` (the world unless given) with snapshots off; "" or the error's message.
std::string run(const std::string& dir, const std::string& text, std::vector<double>* spins,
                const parallel::Comm& comm = parallel::Comm::world()) {
    RunOptions o = test::quiet_options();
    o.write_files = true;
    o.output_dir = dir;
    try {
        Simulation sim(comm, test::config_from_text(text), o);
        run_program(sim);
        if (spins) *spins = test::gather_spins(sim);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// The field is evaluated at steps 0, 5, 10 and 15 of a 20-step run at rate 5: the start-up
// statistics' evaluation serves step 0 (the spins have not changed), not a fifth one.
TEST(DipoleRun, EvaluatedOncePerRateStepsWithNoneRepeatedAtTheStart) {
    for (const std::string integrator : {"llg-heun", "monte-carlo"}) {
        Simulation sim(parallel::Comm::world(),
                       test::config_from_text(particle +
                                              "dipole:field-update-rate = 5\n"
                                              "sim:total-time-steps = 20\nsim:integrator = " +
                                              integrator + "\n"),
                       test::quiet_options());
        run_program(sim);
        double evaluations = -1;
        for (const auto& [term, figures] : sim.hamiltonian().figures())
            for (const auto& [name, value] : figures)
                if (term == "dipolar" && name == "evaluations") evaluations = value;
        EXPECT_EQ(evaluations, 4) << integrator;
    }
}

// A continued run equals the uninterrupted one whether its checkpoint falls on an evaluation of
// the field (a multiple of the rate) or between two (the checkpoint then carries the spins of the
// last evaluation), for LLG and Monte Carlo, with the first leg on one rank and the rest on all.
// A checkpoint between evaluations without those spins (an older miniASD's) is refused.
TEST(DipoleRun, ContinuedRunsOnAnotherRankCountAreExactOnAndBetweenEvaluations) {
    const parallel::Comm world = parallel::Comm::world();
    // Root's process id names the directory, for every rank.
    std::string dir = (std::filesystem::temp_directory_path() /
                       ("miniasd-dipole-ckpt-" + std::to_string(::getpid())))
                          .string();
    int status = 0;
    world.broadcast(status, dir);
    const parallel::Comm first = world.split(world.is_root() ? 0 : -1, 0);
    struct Case {
        std::string integrator;
        int rate, leg, total;  // the checkpoint after `leg` steps
    };
    for (const Case& c : {Case{"llg-heun", 5, 10, 20}, Case{"llg-heun", 4, 10, 20},
                          Case{"monte-carlo", 3, 7, 12}}) {
        const std::string text = particle + "sim:integrator = " + c.integrator +
                                 "\ndipole:field-update-rate = " + std::to_string(c.rate) + "\n";
        if (world.is_root()) {
            std::filesystem::remove_all(dir);
            std::filesystem::create_directories(dir);
        }
        world.barrier();
        const std::string what = c.integrator + ", rate " + std::to_string(c.rate);
        std::vector<double> whole, continued;
        ASSERT_EQ(
            run(dir, text + "sim:total-time-steps = " + std::to_string(c.total) + "\n", &whole),
            "");
        std::string leg;
        if (first.valid())
            leg = run(dir,
                      text + "sim:total-time-steps = " + std::to_string(c.leg) +
                          "\nsim:save-checkpoint = end\n",
                      nullptr, first);
        world.barrier();
        ASSERT_EQ(leg, "") << what;
        const std::string go_on = text + "sim:total-time-steps = " + std::to_string(c.total) +
                                  "\nsim:load-checkpoint = continue\n";
        ASSERT_EQ(run(dir, go_on, &continued), "") << what;
        if (world.is_root()) {
            ASSERT_EQ(whole.size(), continued.size());
            EXPECT_EQ(whole, continued) << what;
        }
        // The checkpoint holds the last evaluation's spins when it falls between two.
        const std::string held =
            dir + "/checkpoints/" + checkpoint_name(c.leg) + "/spins-00000001.meta";
        const bool between = c.leg % c.rate != 0;
        if (world.is_root()) {
            EXPECT_EQ(std::filesystem::exists(held), between) << held;
        }
        if (!between) continue;
        // Without them (an older miniASD's checkpoint) the run is refused, naming the step.
        world.barrier();
        if (world.is_root()) std::filesystem::remove(held);
        world.barrier();
        const std::string refused = run(dir, go_on, nullptr);
        EXPECT_NE(refused.find("between two evaluations of the dipolar field"), std::string::npos)
            << refused;
        EXPECT_NE(refused.find("does not hold the spins of step " +
                               std::to_string(c.leg - c.leg % c.rate)),
                  std::string::npos)
            << refused;
    }
    world.barrier();
    if (world.is_root()) std::filesystem::remove_all(dir);
}

}  // namespace
