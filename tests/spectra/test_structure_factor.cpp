// The dynamical structure factor (spectra/structure_factor.hpp) against linear spin-wave theory:
// a simple-cubic ferromagnet's transverse peaks at every wave vector of a path, the frequency
// difference between q and -q that bulk DMI makes (and on which side the low branch lies, the
// side of the helix the same DMI favours), and a two-sublattice antiferromagnet's dispersion;
// the sum rule between the spectra and the static structure factor; the same bits on 1 and P
// ranks with 1 and 2 threads; a q-points file; and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>

#include "spectra/fourier_sums.hpp"
#include "spectra/structure_factor.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

constexpr double pi = 3.141592653589793;
constexpr double mu_b = 9.2740100783e-24;     // J/T
constexpr double gamma_e = 1.76085963023e11;  // 1/(s T)

// A bar of simple-cubic cells along x, magnetised by a field along `axis`; `extra`: the terms.
std::string bar(int cells, const std::string& axis, const std::string& extra,
                const std::string& sampling, double tesla = 1) {
    return "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
           "dimensions:system-size-x = " +
           std::to_string(cells * 3) +
           " !A\ndimensions:system-size-y = 6 !A\ndimensions:system-size-z = 6 !A\n"
           "create:periodic-boundaries\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
           "material[1]:exchange-matrix[1] = 1e-21 !J\nmaterial[1]:damping-constant = 0.001\n"
           "material[1]:initial-spin-direction = " +
           axis + "\n" + extra + "sim:applied-field-strength = " + std::to_string(tesla) +
           " !T\nsim:applied-field-unit-vector = " + axis +
           "\nsim:program = time-series\nsim:temperature = 1 !K\nsim:time-step = 1 !fs\n"
           "sim:equilibration-time-steps = 500\nsim:time-steps-increment = 1000\n" +
           sampling;
}

std::string sampling(int samples, int averages = 1) {
    return "structure-factor:sample-interval = 20\nstructure-factor:samples = " +
           std::to_string(samples) + "\n" +
           (averages > 1 ? "structure-factor:averages = " + std::to_string(averages) + "\n"
                         : std::string()) +
           "sim:total-time-steps = " + std::to_string(20 * samples * averages) + "\n";
}

struct Result {
    SpectraTable table;
    WaveVectors waves;
};

Result run(int ranks, int threads, const std::string& input) {
    Result r;
    const std::string error = test::run_on_first_ranks(ranks, threads, input, [&](Simulation& sim) {
        r.table = sim.structure_factor()->table(1.0, true);
        r.waves = *r.table.waves;
    });
    r.table.waves = &r.waves;
    EXPECT_EQ(error, "");
    return r;
}

double frequency_step(const SpectraTable& t) {
    return 1.0 / (double(t.samples) * t.dt_ps);
}

// The transverse intensity (the sum of `a` and `b`, spectrum.hpp's indices) at wave vector q and
// transform index k.
double intensity(const SpectraTable& t, std::size_t q, std::int64_t k, int a, int b) {
    const double* s =
        t.spectra.data() + (q * std::size_t(t.samples) + std::size_t(k)) * spectrum::width;
    return s[a] + s[b];
}

// The frequency (THz) of the highest peak of components a + b at q among frequencies of the
// sign `sign` (+1, -1, or 0 for both), refined by a parabola through the three highest bins.
double peak(const SpectraTable& t, std::size_t q, int a, int b, int sign = 0) {
    const std::int64_t ns = t.samples;
    std::int64_t best = -1;
    double top = -1;
    for (std::int64_t m = -ns / 2 + 1; m < ns / 2; ++m) {
        if ((sign > 0 && m <= 0) || (sign < 0 && m >= 0)) continue;
        const double v = intensity(t, q, (m + ns) % ns, a, b);
        if (v > top) top = v, best = m;
    }
    const double l = intensity(t, q, (best - 1 + ns) % ns, a, b),
                 c = intensity(t, q, (best + ns) % ns, a, b),
                 r = intensity(t, q, (best + 1 + ns) % ns, a, b);
    const double shift = (l - r) / (2 * (l - 2 * c + r));
    return (double(best) + (std::isfinite(shift) ? shift : 0.0)) * frequency_step(t);
}

// Within 1 % or 1.5 frequency bins.
void expect_near_frequency(double got, double want, const SpectraTable& t,
                           const std::string& what) {
    EXPECT_LE(std::abs(got - want), std::max(0.01 * std::abs(want), 1.5 * frequency_step(t)))
        << what << ": " << got << " THz, linear spin-wave theory " << want << " THz";
}

// gamma / (2 pi mu (1 + alpha^2)) in THz per joule.
double thz_per_joule(double mu, double alpha) {
    return gamma_e / (2 * pi * mu * (1 + alpha * alpha)) * 1e-12;
}

}  // namespace

// The simple-cubic ferromagnet (J, k_u, B along z): f(q) = [J(0) - J(q) + 2 k_u + mu B] / h-bar
// in the LLG's units, at every wave vector of the path (h, 0, 0); and the sum rule.
TEST(StructureFactor, FerromagnetFollowsSpinWaveTheory) {
    const double j = 1e-21, ku = 1e-23, mu = 2 * mu_b;
    const Result r = run(parallel::Comm::world().size(), 1,
                         bar(14, "0,0,1",
                             "material[1]:uniaxial-anisotropy-constant = 1e-23 !J\n"
                             "material[1]:uniaxial-anisotropy-direction = 0,0,1\n",
                             sampling(512, 2) + "structure-factor:q-path = 0,0,0 1,0,0\n"));
    const SpectraTable& t = r.table;
    ASSERT_EQ(r.waves.hkl.size(), 15u);
    ASSERT_EQ(t.blocks, 2);
    for (std::size_t q = 0; q < r.waves.hkl.size(); ++q) {
        const double h = r.waves.hkl[q][0];
        const double want =
            thz_per_joule(mu, 0.001) * (2 * j * (1 - std::cos(2 * pi * h)) + 2 * ku + mu * 1.0);
        expect_near_frequency(std::abs(peak(t, q, spectrum::xx, spectrum::yy)), want, t,
                              "q = (" + std::to_string(h) + ", 0, 0)");
        // The sum rule: sum_f S(q, f) df = S(q), for every component, to rounding.
        const double df = frequency_step(t);
        for (int c : {spectrum::xx, spectrum::yy, spectrum::zz, spectrum::perp}) {
            double sum = 0;
            for (std::int64_t k = 0; k < t.samples; ++k)
                sum += t.spectra[(q * std::size_t(t.samples) + std::size_t(k)) * spectrum::width +
                                 std::size_t(c)];
            const double s = t.statics[q * spectrum::width + std::size_t(c)];
            EXPECT_NEAR(sum * df, s, 1e-12 * std::abs(s)) << "q " << q << " component " << c;
        }
    }
}

// Bulk DMI along the bonds, magnetised along x by 5 T (above the 2.2 T that saturates it): f(q) -
// f(-q) = 4 D sin(2 pi h) in the LLG's units along (h, 0, 0), and the lower branch lies on the side
// of the helix the DMI favours, whose wave vector is where the circular component M^y - i M^z of
// its spins peaks.
TEST(StructureFactor, BulkDmiMakesSpinWavesNonReciprocal) {
    const double d = 2e-22, j = 1e-21, mu = 2 * mu_b;
    const std::string dmi = "material[1]:bulk-dmi-constant[1] = 2e-22 !J\n";
    const Result r =
        run(parallel::Comm::world().size(), 1,
            bar(20, "1,0,0", dmi,
                sampling(1024, 3) + "structure-factor:q-path = -0.5,0,0 0.5,0,0\n", 5));
    const SpectraTable& t = r.table;
    ASSERT_EQ(r.waves.hkl.size(), 21u);
    double low_side = 0;                     // the sign of h where the branch is lower
    for (std::size_t q = 11; q < 20; ++q) {  // h = 0.05 .. 0.45 against -h
        const std::size_t minus = 20 - q;
        const double h = r.waves.hkl[q][0];
        ASSERT_DOUBLE_EQ(r.waves.hkl[minus][0], -h);
        const double plus_f = peak(t, q, spectrum::yy, spectrum::zz, +1);
        const double minus_f = peak(t, minus, spectrum::yy, spectrum::zz, +1);
        // Each branch against its own prediction, f(+-q) = [J(0) - J(q) + mu B +- 2 D sin]
        // (DMI's sign aside: which branch is lower is checked below), and their difference.
        const double c = thz_per_joule(mu, 0.001),
                     base = 2 * j * (1 - std::cos(2 * pi * h)) + mu * 5,
                     split = 2 * d * std::sin(2 * pi * h);
        expect_near_frequency(std::max(plus_f, minus_f), c * (base + split), t,
                              "upper branch at |h| = " + std::to_string(h));
        expect_near_frequency(std::min(plus_f, minus_f), c * (base - split), t,
                              "lower branch at |h| = " + std::to_string(h));
        EXPECT_LE(std::abs(std::abs(plus_f - minus_f) - c * 2 * split), 2 * frequency_step(t))
            << "f(q) - f(-q) at h = " << h;
        low_side += plus_f < minus_f ? 1 : -1;
    }
    // The helix of wave vector (h0, 0, 0), h0 = 1/20, of either sense: which has the lower
    // energy, and where its circular component peaks.
    std::string input =
        bar(20, "1,0,0", dmi, sampling(8) + "structure-factor:q-path = 0,0,0 1,0,0\n");
    double helix_side = 0;
    const std::string error = test::run_on_first_ranks(1, 1, input, [&](Simulation& sim) {
        double energy[2];
        double circular[2][2];  // [sense][q = +h0, -h0]
        for (int sense = 0; sense < 2; ++sense) {
            Spins& s = sim.spins();
            const LocalSystem& sys = sim.system();
            for (std::int64_t i = 0; i < sys.n_local; ++i) {
                std::int64_t cx, cy, cz;
                int site;
                sim.lattice().decode(sys.gid[std::size_t(i)], cx, cy, cz, site);
                const double phi = (sense == 0 ? 1 : -1) * 2 * pi * double(cx) / 20;
                s.x[std::size_t(i)] = 0, s.y[std::size_t(i)] = std::cos(phi),
                s.z[std::size_t(i)] = std::sin(phi);
            }
            energy[sense] = sim.observe().total;
            FourierSums sums(sim.lattice(), sys, {1}, {{0.05, 0, 0}, {-0.05, 0, 0}},
                             sim.counted_atoms());
            std::vector<double> m;
            sums.compute(sim.spins(), m);
            for (int q = 0; q < 2; ++q) {  // M^y - i M^z
                const double re = m[6 * q + 2] + m[6 * q + 5], im = m[6 * q + 3] - m[6 * q + 4];
                circular[sense][q] = std::hypot(re, im);
            }
        }
        const int favoured = energy[0] < energy[1] ? 0 : 1;
        EXPECT_NE(energy[0], energy[1]);
        helix_side = circular[favoured][0] > circular[favoured][1] ? 1 : -1;
    });
    ASSERT_EQ(error, "");
    if (parallel::Comm::world().rank() != 0) return;  // the helices ran on rank 0
    EXPECT_EQ(low_side, 9 * helix_side)
        << "the lower branch lies at h of sign " << low_side << ", the helix at " << helix_side;
}

// The rocksalt antiferromagnet (moments on both sublattices, each atom's 6 neighbours on the
// other, J < 0, uniaxial k along z): f(q) = sqrt((6|J| + 2k)^2 - (6|J| g(q))^2) in the LLG's
// units, g(q) = (cos pi h + cos pi k + cos pi l) / 3 on the cell of edge a.
TEST(StructureFactor, AntiferromagnetFollowsSpinWaveTheory) {
    const double j = 2e-21, k = 1e-22, mu = 4.6 * mu_b;
    const std::string input =
        "create:crystal-structure = rocksalt\ncreate:periodic-boundaries\n"
        "dimensions:unit-cell-size = 4.2 !A\ndimensions:system-size-x = 25.2 !A\n"
        "dimensions:system-size-y = 8.4 !A\ndimensions:system-size-z = 8.4 !A\n"
        "material:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 4.6 !muB\nmaterial[1]:unit-cell-category = 1\n"
        "material[1]:exchange-matrix[2] = -2e-21 !J\nmaterial[1]:initial-spin-direction = 0,0,1\n"
        "material[1]:uniaxial-anisotropy-constant = 1e-22 !J\nmaterial[1]:damping-constant = "
        "0.001\n"
        "material[2]:atomic-spin-moment = 4.6 !muB\nmaterial[2]:unit-cell-category = 2\n"
        "material[2]:initial-spin-direction = 0,0,-1\n"
        "material[2]:uniaxial-anisotropy-constant = 1e-22 !J\nmaterial[2]:damping-constant = "
        "0.001\n"
        "sim:program = time-series\nsim:temperature = 1 !K\nsim:time-step = 1 !fs\n"
        "sim:equilibration-time-steps = 500\nsim:time-steps-increment = 1000\n" +
        sampling(512) + "structure-factor:q-path = 0,0,0 1,0,0\n";
    const Result r = run(parallel::Comm::world().size(), 1, input);
    ASSERT_EQ(r.waves.hkl.size(), 7u);
    for (std::size_t q = 0; q < r.waves.hkl.size(); ++q) {
        const double h = r.waves.hkl[q][0];
        const double g = (std::cos(pi * h) + 2) / 3;
        const double want = thz_per_joule(mu, 0.001) *
                            std::sqrt(std::pow(6 * j + 2 * k, 2) - std::pow(6 * j * g, 2));
        expect_near_frequency(std::abs(peak(r.table, q, spectrum::xx, spectrum::yy)), want, r.table,
                              "q = (" + std::to_string(h) + ", 0, 0)");
    }
}

// The spectra and static sums have the same bits on 1 rank x 1 thread, P ranks x 1 thread and
// 1 rank x 2 threads (2 ranks x 2 threads: the files' script test, check_structure_factor.py).
TEST(StructureFactor, SameBitsOnAnyDecomposition) {
    const std::string input =
        bar(12, "0,0,1", "", sampling(32, 2) + "structure-factor:q-path = 0,0,0 1,0,0 1,0.5,0.5\n");
    const Result one = run(1, 1, input);
    const bool root = parallel::Comm::world().rank() == 0;  // in every run
    if (root) {
        ASSERT_FALSE(one.table.spectra.empty());
    }
    for (const auto& [ranks, threads] :
         {std::pair{parallel::Comm::world().size(), 1}, std::pair{1, 2}}) {
        const Result other = run(ranks, threads, input);
        if (!root) continue;
        ASSERT_EQ(one.table.spectra.size(), other.table.spectra.size());
        EXPECT_EQ(0, std::memcmp(one.table.spectra.data(), other.table.spectra.data(),
                                 one.table.spectra.size() * sizeof(double)))
            << ranks << " ranks x " << threads << " threads";
        EXPECT_EQ(0, std::memcmp(one.table.statics.data(), other.table.statics.data(),
                                 one.table.statics.size() * sizeof(double)))
            << ranks << " ranks x " << threads << " threads";
    }
}

// The whole grid through the distributed FFT (structure-factor:method = fft, auto's choice here)
// against the direct sums: the same spectra to rounding (1e-10 of the largest value), with odd
// numbers of cells along x and z (the partners -q of an odd axis, the half-complex x axis without
// a Nyquist column), and the same bits on 1 and P ranks.
TEST(StructureFactor, GridThroughTheFftMatchesTheDirectSums) {
    const std::string input =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size-x = 14.35 !A\ndimensions:system-size-y = 11.48 !A\n"
        "dimensions:system-size-z = 8.61 !A\ncreate:periodic-boundaries\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21 !J\n"
        "material[1]:damping-constant = 0.01\nsim:program = time-series\n"
        "sim:temperature = 300 !K\nsim:time-step = 0.5 !fs\nsim:total-time-steps = 400\n"
        "sim:time-steps-increment = 400\nstructure-factor:q-grid = full\n"
        "structure-factor:sample-interval = 4\nstructure-factor:samples = 16\n"
        "structure-factor:averages = 2\n";
    const int ranks = parallel::Comm::world().size();
    bool fft = false;
    Result grid;
    const std::string error = test::run_on_first_ranks(ranks, 1, input, [&](Simulation& sim) {
        fft = sim.structure_factor()->through_grid();
        grid.table = sim.structure_factor()->table(1.0, true);
        grid.waves = *grid.table.waves;
    });
    ASSERT_EQ(error, "");
    EXPECT_TRUE(fft) << "auto chose the direct sums for the whole grid";
    const Result direct = run(ranks, 1, input + "structure-factor:method = direct\n");
    const Result one = run(1, 1, input);
    if (parallel::Comm::world().rank() != 0) return;
    ASSERT_EQ(grid.waves.hkl.size(), 60u);
    ASSERT_EQ(grid.table.spectra.size(), direct.table.spectra.size());
    double largest = 0, worst = 0;
    for (std::size_t i = 0; i < grid.table.spectra.size(); ++i) {
        largest = std::max(largest, std::abs(direct.table.spectra[i]));
        worst = std::max(worst, std::abs(grid.table.spectra[i] - direct.table.spectra[i]));
    }
    EXPECT_LT(worst, 1e-10 * largest);
    EXPECT_EQ(0, std::memcmp(one.table.spectra.data(), grid.table.spectra.data(),
                             grid.table.spectra.size() * sizeof(double)))
        << "the grid's spectra on 1 and " << ranks << " ranks";
}

// The quantum correction (structure-factor:quantum-correction): 1 at f = 0 and without a
// temperature, x / (1 - exp(-x)) with x = hf/kT, and detailed balance between f and -f:
// c(f) / c(-f) = exp(hf/kT).
TEST(StructureFactor, QuantumCorrectionObeysDetailedBalance) {
    EXPECT_EQ(quantum_correction_factor(0.0, 100.0), 1.0);
    EXPECT_EQ(quantum_correction_factor(3.0, -1.0), 1.0);
    const double h = 6.62607015e-34, kb = 1.380649e-23;
    for (double f : {0.1, 2.0, 25.0})
        for (double t : {10.0, 100.0, 300.0}) {  // x up to 120: exp(x) finite
            const double x = h * f * 1e12 / (kb * t);
            const double up = quantum_correction_factor(f, t),
                         down = quantum_correction_factor(-f, t);
            EXPECT_NEAR(up, x / (1 - std::exp(-x)), 1e-12 * up) << f << " THz, " << t << " K";
            EXPECT_NEAR(up / down, std::exp(x), 1e-12 * std::exp(x)) << f << " THz, " << t << " K";
        }
}

// The refusals name the keyword and say what is wrong.
TEST(StructureFactor, RefusesWhatItCannotSample) {
    const std::string base = bar(12, "0,0,1", "", sampling(32));
    EXPECT_NE(test::input_refusal(base + "structure-factor:q-path = 0,0,0\n").find("two corners"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "structure-factor:q-path = 0,0,0 1,0,0\n"
                                         "structure-factor:q-grid = full\n")
                  .find("second time"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(bar(12, "0,0,1", "", sampling(32)) +
                                  "structure-factor:averages = 3\n"
                                  "structure-factor:q-path = 0,0,0 1,0,0\n")
                  .find("too short"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(bar(12, "0,0,1", "", "") + "structure-factor:samples = 64\n")
                  .find("without wave vectors"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "structure-factor:q-path = 0,0,0 1,0,0\n"
                                         "structure-factor:method = fft\n")
                  .find("q-grid = full"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "structure-factor:q-path = 0,0,0 1,0,0\n"
                                         "sim:integrator = monte-carlo\n")
                  .find("Monte Carlo"),
              std::string::npos);
    // A corner off the box's grid (12 cells: multiples of 1/12) stops the run with its name.
    const std::string error = test::run_on_first_ranks(
        parallel::Comm::world().size(), 1, base + "structure-factor:q-path = 0,0,0 0.3,0,0\n",
        [](Simulation&) {});
    EXPECT_NE(error.find("0.3,0,0"), std::string::npos) << error;
}
