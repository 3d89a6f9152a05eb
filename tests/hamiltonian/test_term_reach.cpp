// Terms that declare their reach (hamiltonian/reach.hpp), proved with two test-only terms
// (test_terms.hpp): a second-shell exchange and a non-local mean field. The neighbour table and
// the halo must carry the second shell (the field equals a direct sum over all atoms on 1, 2 and
// 4 ranks), the fused Heun sweep must still give the bits of two passes, the Monte Carlo
// colouring must stay proper, and every decomposition must give one spin hash. A non-local term's
// prepare stage must run once per field evaluation and stop the fused sweep.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "integrate/colouring.hpp"
#include "integrate/heun_fusion.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "test_terms.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

constexpr double j1 = 7.05e-21;  // J, first shell

std::string bcc(int cells, const char* extra) {
    return "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
           "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
           "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size = " +
           std::to_string(0.287 * cells) +
           " !nm\nmaterial[1]:atomic-spin-moment = 2.22 !muB\n"
           "material[1]:exchange-matrix[1] = 7.05e-21\n"
           "material[1]:initial-spin-direction = random\n"
           "sim:time-step = 0.1 !fs\nsim:integrator-random-seed = 5\n" +
           extra;
}

struct Switch {  // switches the test terms on for one scope
    Switch(bool second, bool mean) {
        test::second_shell_on = second;
        test::mean_field_on = mean;
    }
    ~Switch() { test::second_shell_on = test::mean_field_on = false; }
};

// The field of every owned atom from a direct sum over all atoms by distance (minimum image):
// J1 over the first shell, J2 over the second, lambda <S> when the mean field is on.
void expect_field_is_direct_sum(Simulation& sim, bool second, bool with_mean) {
    sim.observe();  // ghosts current, prepare stages run
    const std::vector<double> all = test::gather_spins(sim);
    const Lattice& l = sim.lattice();
    const LocalSystem& sys = sim.system();
    const double mu = sim.config().materials[0].moment, a = l.cell_size[0];
    const double r1 = a * std::sqrt(3.0) / 2, r2 = a;
    double mean[3] = {0, 0, 0};
    for (std::size_t k = 0; k < all.size(); ++k)
        mean[k % 3] += all[k] / double(l.atoms());
    std::vector<double> h(3 * static_cast<std::size_t>(sys.n_owned));
    for (std::int64_t b = 0; b < sys.n_owned; b += 256) {
        const std::int64_t e = std::min(sys.n_owned, b + 256), o = 3 * b;
        std::vector<double> hx(256), hy(256), hz(256);
        sim.hamiltonian().field(sim.spins().view(), b, e,
                                FieldView{hx.data(), hy.data(), hz.data()});
        for (std::int64_t i = b; i < e; ++i) {
            h[std::size_t(o + 3 * (i - b))] = hx[std::size_t(i - b)];
            h[std::size_t(o + 3 * (i - b) + 1)] = hy[std::size_t(i - b)];
            h[std::size_t(o + 3 * (i - b) + 2)] = hz[std::size_t(i - b)];
        }
    }
    const double scale = (8 * j1 + 6 * test::second_shell_j2 + test::mean_field_lambda) / mu;
    double worst = 0;
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const Vec3 p = l.position(sys.gid[i]);
        double want[3] = {0, 0, 0};
        for (std::int64_t g = 0; g < l.atoms(); ++g) {
            const Vec3 q = l.position(g);
            double r2sum = 0;
            for (int c = 0; c < 3; ++c) {
                const double box = double(l.cells[c]) * l.cell_size[c];
                double d = q[c] - p[c];
                d -= box * std::round(d / box);
                r2sum += d * d;
            }
            const double r = std::sqrt(r2sum);
            const double c = std::abs(r - r1) < 1e-3 * a             ? j1
                             : second && std::abs(r - r2) < 1e-3 * a ? test::second_shell_j2
                                                                     : 0.0;
            for (int k = 0; k < 3; ++k)
                want[k] += c / mu * all[std::size_t(3 * g + k)];
        }
        for (int k = 0; k < 3; ++k) {
            if (with_mean) want[k] += test::mean_field_lambda / mu * mean[k];
            worst = std::max(worst, std::abs(h[std::size_t(3 * i + k)] - want[k]) / scale);
        }
    }
    EXPECT_LT(worst, 1e-13) << "field differs from the direct sum on " << sim.comm().size()
                            << " ranks";
}

struct Result {
    std::vector<double> spins;
    std::uint64_t hash = 0;
};

// The input on the first `ranks` ranks of the world with `threads` threads.
Result run_on(int ranks, int threads, const std::string& input) {
    Result r;
    const std::string error = test::run_on_first_ranks(ranks, threads, input, [&](Simulation& sim) {
        r.spins = test::gather_spins(sim);
        r.hash = sim.spin_hash();
    });
    omp_set_num_threads(1);
    EXPECT_EQ(error, "") << ranks << " ranks";
    return r;
}

void expect_one_result_on_any_decomposition(const std::string& input) {
    const parallel::Comm world = parallel::Comm::world();
    const Result ref = run_on(1, 1, input);
    for (int threads : {1, 2})
        for (int ranks = 1; ranks <= world.size(); ++ranks) {
            if (ranks == 1 && threads == 1) continue;
            const Result r = run_on(ranks, threads, input);
            if (!world.is_root()) continue;
            ASSERT_EQ(r.spins.size(), ref.spins.size());
            EXPECT_EQ(std::memcmp(r.spins.data(), ref.spins.data(), r.spins.size() * 8), 0)
                << ranks << " ranks, " << threads << " threads";
            EXPECT_EQ(r.hash, ref.hash) << ranks << " ranks, " << threads << " threads";
        }
}

const char* llg =
    "sim:temperature = 300\nsim:total-time-steps = 40\nsim:time-steps-increment = 20\n";
const char* mc =
    "sim:integrator = monte-carlo\nsim:temperature = 900\nsim:total-time-steps = 20\n"
    "sim:time-steps-increment = 10\n";

}  // namespace

TEST(TermReach, TheSecondShellWidensTheTableAndTheHalo) {
    const Switch on(true, false);
    Simulation sim(parallel::Comm::world(), test::config_from_text(bcc(6, llg)),
                   test::quiet_options());
    EXPECT_EQ(sim.system().width, 14);  // 8 first-shell + 6 second-shell columns
    EXPECT_EQ(sim.hamiltonian().reach().width(), 14);
    EXPECT_FALSE(sim.hamiltonian().non_local());
    EXPECT_TRUE(sim.hamiltonian().needs_neighbour_table());  // the test term reads the table
    expect_field_is_direct_sum(sim, true, false);
}

TEST(TermReach, WithoutTheTestTermsTheTableIsTheFirstShell) {
    Simulation sim(parallel::Comm::world(), test::config_from_text(bcc(6, llg)),
                   test::quiet_options());
    EXPECT_EQ(sim.system().width, 8);
    EXPECT_EQ(sim.hamiltonian().term_names(),
              (std::vector<std::string>{"exchange", "anisotropy", "applied-field"}));
    expect_field_is_direct_sum(sim, false, false);
}

TEST(TermReach, FusedStagesCoverTheSecondShellAndGiveTheBitsOfTwoPasses) {
    const Switch on(true, false);
    const std::string input = bcc(24, llg);
    {
        const Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                             test::quiet_options());
        const LocalSystem& sys = sim.system();
        const HeunFusion f = plan_heun_fusion(sys, sim.hamiltonian());
        ASSERT_GT(f.window, 0);
        f.fusable_in(0, sys.n_core, [&](std::int64_t b, std::int64_t e) {
            for (std::int64_t i = b; i < e; ++i)
                for (int k = 0; k < sys.width; ++k) {  // all 14 columns, not the exchange's 8
                    const std::int64_t j = sim.hamiltonian().neighbour(i, k);
                    ASSERT_LT(j, sys.n_core) << "atom " << i << " column " << k;
                    ASSERT_LE(std::llabs(j - i), f.window) << "atom " << i << " column " << k;
                }
        });
    }
    std::uint64_t hash[2];
    std::vector<double> spins[2];
    for (const bool fused : {true, false}) {
        if (!fused) ::setenv("MINIASD_NO_FUSED_HEUN", "1", 1);
        Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                       test::quiet_options());
        run_program(sim);
        ::unsetenv("MINIASD_NO_FUSED_HEUN");
        hash[fused] = sim.spin_hash();
        spins[fused] = test::gather_spins(sim);
    }
    EXPECT_EQ(hash[0], hash[1]);
    EXPECT_EQ(std::memcmp(spins[0].data(), spins[1].data(), spins[0].size() * 8), 0);
}

TEST(TermReach, TheColouringFollowsTheSecondShell) {
    const Switch on(true, false);
    const Simulation sim(parallel::Comm::world(), test::config_from_text(bcc(6, mc)),
                         test::quiet_options());
    const Lattice& l = sim.lattice();
    const Colouring c(l, sim.hamiltonian().reach().offsets());
    EXPECT_EQ(c.scheme(), Colouring::Scheme::classes);  // one colour per site would link atoms
    const LocalSystem& sys = sim.system();
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        for (int k = 0; k < sys.width; ++k) {
            const std::int32_t j = sim.hamiltonian().neighbour(i, k);
            if (j == sys.null_atom) continue;
            ASSERT_NE(c.of(sys.gid[i]), c.of(sys.gid[j]))
                << "atoms " << sys.gid[i] << ", " << sys.gid[j];
        }
}

TEST(TermReach, SecondShellLlgIsBitwiseIdenticalOnAnyDecomposition) {
    const Switch on(true, false);
    expect_one_result_on_any_decomposition(bcc(6, llg));
}

TEST(TermReach, SecondShellMonteCarloIsBitwiseIdenticalOnAnyDecomposition) {
    const Switch on(true, false);
    expect_one_result_on_any_decomposition(bcc(6, mc));
}

TEST(TermReach, ANonLocalTermIsPreparedOncePerFieldEvaluationAndStopsFusion) {
    const Switch on(false, true);
    Simulation sim(parallel::Comm::world(), test::config_from_text(bcc(24, llg)),
                   test::quiet_options());
    EXPECT_TRUE(sim.hamiltonian().non_local());
    EXPECT_EQ(plan_heun_fusion(sim.system(), sim.hamiltonian(), 1).window, 0);
    const std::int64_t before = test::mean_field_prepares;
    run_program(sim);  // 40 steps of two field evaluations, and 3 statistics samples
    EXPECT_EQ(test::mean_field_prepares - before, 2 * 40 + 3);
}

TEST(TermReach, ANonLocalFieldIsTheDirectSum) {
    const Switch on(true, true);
    Simulation sim(parallel::Comm::world(), test::config_from_text(bcc(6, llg)),
                   test::quiet_options());
    expect_field_is_direct_sum(sim, true, true);
}

TEST(TermReach, NonLocalLlgAndMonteCarloAreBitwiseIdenticalOnAnyDecomposition) {
    const Switch on(false, true);
    expect_one_result_on_any_decomposition(bcc(6, llg));
    expect_one_result_on_any_decomposition(bcc(6, mc));
}
