#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>

#include "stats/columns.hpp"
#include "stats/observables.hpp"
#include "stats/run_state.hpp"
#include "stats/time_series.hpp"
#include "util/units.hpp"

using namespace miniasd;

TEST(Observables, MagnetisationIsMomentWeightedAndEnergiesPerAtom) {
    // Two materials: 2 atoms of mu=1 along +z, 1 atom of mu=2 along -z. Per material: sum mu S,
    // sum mu, sum mu^2 |S x B|^2, sum mu S.B, the torque sum mu S x B.
    const double kb = constants::boltzmann;
    std::vector<double> sums = {
        0,      0,     2 * 1.0, 2.0, 2 * kb * 300, 1.0, 1e-23, 0,     0,  // material 1
        0,      0,     -2.0,    2.0, 0.0,          0.0, 0,     2e-23, 0,  // 2
        -3e-21, -6e-22};                           // exchange, anisotropy (J)
    sums.resize(18 + energy_kind_count + 2, 0.0);  // the other kinds' and materials' energies: 0
    const Observables o = finish_observables(sums, {1, 1}, 3);
    EXPECT_DOUBLE_EQ(o.m[2], 0.0);  // compensated ferrimagnet
    EXPECT_DOUBLE_EQ(o.material_m[0][2], 1.0);
    EXPECT_DOUBLE_EQ(o.material_m[1][2], -1.0);
    EXPECT_DOUBLE_EQ(o.material_m[1][3], 1.0);
    EXPECT_DOUBLE_EQ(o.energy[int(TermKind::exchange)], -1e-21);
    EXPECT_DOUBLE_EQ(o.total, (-3e-21 - 6e-22) / 3);
    EXPECT_DOUBLE_EQ(o.material_spin_temperature[0], 300.0);
    EXPECT_DOUBLE_EQ(o.material_spin_temperature[1], 0.0);  // no field: undefined, reported 0
    EXPECT_DOUBLE_EQ(o.spin_temperature, 300.0);
    // The torques: each material's, and their sum.
    EXPECT_DOUBLE_EQ(o.material_torque[0][0], 1e-23);
    EXPECT_DOUBLE_EQ(o.material_torque[1][1], 2e-23);
    EXPECT_DOUBLE_EQ(o.torque[0], 1e-23);
    EXPECT_DOUBLE_EQ(o.torque[1], 2e-23);
    EXPECT_DOUBLE_EQ(o.torque[2], 0.0);
    const std::vector<double> x = sample_series(o, Vec3{0, 0, 1});
    EXPECT_DOUBLE_EQ(x[std::size_t(series::torque(2, 1))], 2e-23);
}

TEST(Accumulator, MomentsAndDerivedStatisticsMatchDirectSums) {
    Accumulator a;
    a.reset(1, 100);
    std::vector<double> xs;
    for (int k = 0; k < 100; ++k) {
        xs.push_back(0.5 + 0.01 * std::sin(0.7 * k));
        a.add({xs.back()});
    }
    double s1 = 0, s2 = 0, s4 = 0;
    for (double x : xs) {
        s1 += x;
        s2 += x * x;
        s4 += x * x * x * x;
    }
    const Moments m = a.total(0);
    EXPECT_EQ(a.count(), 100);
    EXPECT_DOUBLE_EQ(m.n, 100);
    EXPECT_NEAR(m.s1, s1, 1e-12);
    EXPECT_NEAR(m.s2, s2, 1e-12);
    EXPECT_NEAR(m.s4, s4, 1e-12);
    EXPECT_NEAR(binder_cumulant(m), 1 - (s4 / 100) / (3 * (s2 / 100) * (s2 / 100)), 1e-12);
    // chi = mu (<x^2> - <x>^2) / (k_B T)
    const double var = s2 / 100 - (s1 / 100) * (s1 / 100);
    EXPECT_NEAR(susceptibility(m, 2.0, 10.0), 2.0 * var / (constants::boltzmann * 10.0),
                1e-9 * 2.0 * var / (constants::boltzmann * 10.0));
}

TEST(Accumulator, JackknifeErrorOfTheMeanMatchesTheStandardErrorOfIndependentSamples) {
    // Independent N(0, 1) samples: the error of the mean is 1/sqrt(n) within its own spread.
    std::mt19937_64 rng(7);
    std::normal_distribution<double> g;
    Accumulator a;
    const int n = 20000;
    a.reset(1, n);
    for (int k = 0; k < n; ++k)
        a.add({g(rng)});
    const Estimate e = a.estimate(0, [](const Moments& m) { return m.mean(); });
    EXPECT_NEAR(e.error, 1 / std::sqrt(double(n)), 0.5 / std::sqrt(double(n)));
    EXPECT_LT(std::abs(e.value), 4 * e.error);
    // One block: no error estimate.
    Accumulator one;
    one.reset(1, 0);
    one.add({1.0});
    one.add({2.0});
    EXPECT_EQ(one.estimate(0, [](const Moments& m) { return m.mean(); }).error, 0.0);
}

TEST(Accumulator, TotalsDoNotDependOnTheExpectedCountOrACheckpoint) {
    // A run of 300 samples in one go, against one planned for 200 that is checkpointed after
    // 150 and continued (a longer sim:total-time-steps) to 300: its blocks are cut differently,
    // but every total, and so every mean-* column, must agree in every bit. (They came from the
    // blocks, which gave different roundings.)
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(0.1, 0.9);
    std::vector<std::vector<double>> samples(300);
    for (auto& x : samples)
        x = {u(rng), -1e-21 * u(rng)};
    Accumulator whole, first;
    whole.reset(2, 300);
    first.reset(2, 200);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        whole.add(samples[i]);
        if (i < 150) first.add(samples[i]);
    }
    Accumulator continued;
    continued.restore(first.serialise());
    for (std::size_t i = 150; i < samples.size(); ++i)
        continued.add(samples[i]);
    for (std::size_t k = 0; k < 2; ++k) {
        const Moments a = whole.total(k), b = continued.total(k);
        EXPECT_EQ(a.n, b.n);
        EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << "series " << k;
    }
    // A checkpoint without totals and binning (run-state version 2): the totals are the sums of
    // its blocks.
    std::vector<double> old = first.serialise();
    old.resize(3 + 4 * 2 * Accumulator::max_blocks);
    Accumulator legacy;
    legacy.restore(old);
    EXPECT_EQ(legacy.total(0).n, 150);
    EXPECT_NEAR(legacy.total(0).s1, first.total(0).s1, 1e-12);
}

TEST(Accumulator, CorrelatedSamplesGetTheirTrueErrorAndAutocorrelationTime) {
    // AR(1): x' = phi x + noise has tau = (1 + phi) / (2 (1 - phi)) samples and the error of the
    // mean sigma sqrt(2 tau / N), sigma^2 = 1 / (1 - phi^2). With phi = 0.98 (tau = 49.5) and
    // 2^17 or 2^14 samples the error must be right within 20 % and tau within 35 % (it goes as
    // the error squared). With phi = 0.999 (tau ~ 1000) and 2^14 samples, the 10 error blocks of
    // 1600 samples are far too short: the run is not called trustworthy.
    for (const auto& [phi, n] : {std::pair{0.98, 1 << 17}, std::pair{0.98, 1 << 14}}) {
        std::mt19937_64 rng(3);
        std::normal_distribution<double> g;
        Accumulator a;
        a.reset(1, n);
        double x = 0;
        for (int k = 0; k < 5000; ++k)  // start in equilibrium
            x = phi * x + g(rng);
        for (int k = 0; k < n; ++k) {
            x = phi * x + g(rng);
            a.add({x});
        }
        const double tau = (1 + phi) / (2 * (1 - phi));
        const double sigma = 1 / std::sqrt(1 - phi * phi);
        const double truth = sigma * std::sqrt(2 * tau / n);
        const Estimate e = a.estimate(0, [](const Moments& m) { return m.mean(); });
        EXPECT_NEAR(e.error / truth, 1.0, 0.2) << "phi " << phi << ", " << n << " samples";
        EXPECT_NEAR(a.tau(0) / tau, 1.0, 0.35) << "phi " << phi << ", " << n << " samples";
        EXPECT_TRUE(a.errors_trustworthy(0)) << n;
    }
    std::mt19937_64 rng(5);
    std::normal_distribution<double> g;
    const double phi = 0.999;
    Accumulator a;
    const int n = 1 << 14;
    a.reset(1, n);
    double x = 0;
    for (int k = 0; k < 20000; ++k)
        x = phi * x + g(rng);
    for (int k = 0; k < n; ++k) {
        x = phi * x + g(rng);
        a.add({x});
    }
    EXPECT_FALSE(a.errors_trustworthy(0));
    const Estimate e = a.estimate(0, [](const Moments& m) { return m.mean(); });
    EXPECT_GT(e.error, 0.0);
    EXPECT_GT(a.tau(0), 100.0);  // far above independent samples' 0.5, though not converged
}

// A checkpoint from before a series existed: the old series keep every sum and block, the new
// ones start empty and average what comes after.
TEST(Accumulator, WidenKeepsTheOldSeriesAndStartsTheNewOnesEmpty) {
    Accumulator a, b;
    a.reset(2, 40);
    b.reset(2, 40);
    for (int k = 0; k < 20; ++k) {
        a.add({double(k), double(k * k)});
        b.add({double(k), double(k * k)});
    }
    EXPECT_TRUE(a.widen(3));
    EXPECT_FALSE(a.widen(3));
    EXPECT_EQ(a.series(), 3u);
    for (int k = 20; k < 40; ++k) {
        a.add({double(k), double(k * k), 1.0 + k});
        b.add({double(k), double(k * k)});
    }
    for (std::size_t s = 0; s < 2; ++s) {
        EXPECT_EQ(a.total(s).s2, b.total(s).s2);
        const auto mean = [](const Moments& m) { return m.mean(); };
        EXPECT_EQ(a.estimate(s, mean).error, b.estimate(s, mean).error);
    }
    EXPECT_EQ(a.total(2).n, 20);
    EXPECT_DOUBLE_EQ(a.total(2).mean(), 30.5);
    Accumulator c;
    c.restore(a.serialise());  // the widened layout is an ordinary one
    EXPECT_EQ(c.total(2).s1, a.total(2).s1);
}

TEST(TimeSeries, HeaderNamesEveryColumnAndRowsRoundTripDoubles) {
    char* buf = nullptr;
    std::size_t len = 0;
    std::FILE* f = open_memstream(&buf, &len);
    TimeSeriesTable t(
        f,
        {"time-steps", "real-time", "magnetisation-components", "material-magnetisation-components",
         "total-energy-per-atom", "mean-magnetisation-length"},
        {"Fe", "Gd"});
    t.write_header();
    RunState state;
    state.step = 100000;  // whole numbers in full: "100000", not the shortest "1e+05"
    state.time_step = 1e-16;
    state.accumulator.reset(static_cast<std::size_t>(series::count(2)), 0);
    Observables obs;
    obs.m = {0.1, 0.2, 1.0 / 3.0};
    obs.m_length = std::sqrt(0.05 + 1.0 / 9.0);
    obs.material_m = {{1, 0, 0, 1}, {0, 0, -1, 1}};
    obs.material_spin_temperature = {0, 0};
    obs.total = -2.5e-20;
    state.accumulator.add(sample_series(obs, state.field_direction));
    obs.m_length = 0.25;
    state.accumulator.add(sample_series(obs, state.field_direction));
    const std::vector<double> moments = {1, 1};
    t.write_row(RowContext{state, obs, 3, 2.0, moments});
    std::fclose(f);
    std::istringstream in(std::string(buf, len));
    std::free(buf);
    std::string header, row;
    std::getline(in, header);
    std::getline(in, row);
    EXPECT_EQ(header,
              "# time-steps real-time[s] mx my mz |m| Fe:mx Fe:my Fe:mz Fe:|m| Gd:mx Gd:my Gd:mz "
              "Gd:|m| E_total[J/atom] <|m|>");
    std::istringstream fields(row);
    std::vector<double> v;
    for (double x; fields >> x;)
        v.push_back(x);
    ASSERT_EQ(v.size(), 16u);
    EXPECT_EQ(row.substr(0, 7), "100000 ");
    EXPECT_EQ(v[0], 100000);
    EXPECT_EQ(v[1], 100000 * 1e-16);
    EXPECT_EQ(v[4], 1.0 / 3.0);  // exact round trip
    EXPECT_EQ(v[12], -1);
    EXPECT_EQ(v[14], -2.5e-20);
    EXPECT_EQ(v[15], 0.5 * (std::sqrt(0.05 + 1.0 / 9.0) + 0.25));  // mean of the two samples
    EXPECT_EQ(t.column_names().size(), 16u);
}

// VAMPIRE's columns (its statistics/magnetization.cpp and energy.cpp): the magnetisation as unit
// vector and length, its means per component of the unit vector, energies of the whole system.
TEST(TimeSeries, VampireColumnsGiveTheUnitVectorAndWholeSystemEnergies) {
    char* buf = nullptr;
    std::size_t len = 0;
    std::FILE* f = open_memstream(&buf, &len);
    TimeSeriesTable t(
        f,
        {"magnetisation", "material-magnetisation", "mean-magnetisation", "total-energy",
         "exchange-energy", "mean-exchange-energy", "exchange-energy-per-atom", "dmi-energy"},
        {"Fe", "Gd"});
    RunState state;
    state.accumulator.reset(static_cast<std::size_t>(series::count(2)), 0);
    const std::int64_t atoms = 1000;
    Observables obs;
    obs.material_m = {{0, 0.3, 0.4, 0.5}, {0, 0, 0, 0}};  // Gd: no net moment
    obs.material_spin_temperature = {0, 0};
    obs.m = {0, 0.15, 0.2};
    obs.m_length = 0.25;
    obs.energy[std::size_t(TermKind::exchange)] = -2e-21;
    obs.energy[std::size_t(TermKind::dmi)] = -0.5e-21;
    obs.total = -2.5e-21;
    state.accumulator.add(sample_series(obs, state.field_direction));
    // The second sample points down.
    obs.m = {0, 0, -0.25};
    state.accumulator.add(sample_series(obs, state.field_direction));
    const std::vector<double> moments = {1, 1};
    t.write_row(RowContext{state, obs, atoms, 2.0, moments});
    std::fclose(f);
    std::istringstream in(std::string(buf, len));
    std::free(buf);
    std::vector<double> v;
    for (double x; in >> x;)
        v.push_back(x);
    ASSERT_EQ(v.size(), 4u + 8u + 4u + 5u);
    EXPECT_EQ(std::vector<double>(v.begin(), v.begin() + 4), (std::vector<double>{0, 0, -1, 0.25}));
    EXPECT_EQ(std::vector<double>(v.begin() + 4, v.begin() + 12),
              (std::vector<double>{0, 0.6, 0.8, 0.5, 0, 0, 0, 0}));  // never nan at m = 0
    const double means[4] = {0, 0.3, -0.1, 0.25};                    // <u>, <|m|>
    for (int a = 0; a < 4; ++a)
        EXPECT_DOUBLE_EQ(v[std::size_t(12 + a)], means[a]);
    EXPECT_DOUBLE_EQ(v[16], -2.5e-18);  // J, the whole system
    EXPECT_DOUBLE_EQ(v[17], -2.5e-18);  // exchange, its DMI included
    EXPECT_DOUBLE_EQ(v[18], -2.5e-18);
    EXPECT_DOUBLE_EQ(v[19], -2.5e-21);
    EXPECT_DOUBLE_EQ(v[20], -0.5e-18);
}

// output:energy-unit: the columns in joules (energies, torques) in meV or eV, their headers saying
// so; other columns untouched.
TEST(TimeSeries, EnergyColumnsInMilliElectronvolts) {
    for (const auto unit : {EnergyUnit::millielectronvolt, EnergyUnit::electronvolt}) {
        char* buf = nullptr;
        std::size_t len = 0;
        std::FILE* f = open_memstream(&buf, &len);
        TimeSeriesTable t(
            f, {"magnetisation-length", "total-energy", "total-energy-per-atom", "total-torque"},
            {"Co"}, unit);
        RunState state;
        state.accumulator.reset(static_cast<std::size_t>(series::count(1)), 0);
        Observables obs;
        obs.material_m = {{0, 0, 1, 1}};
        obs.material_spin_temperature = {0};
        obs.m = {0, 0, 1};
        obs.m_length = 1;
        obs.total = -2e-21;  // J per atom
        obs.torque = {constants::electron_volt, 0, 0};
        const std::vector<double> moments = {1};
        t.write_header();
        t.write_row(RowContext{state, obs, 10, 1.0, moments});
        std::fclose(f);
        std::istringstream in(std::string(buf, len));
        std::free(buf);
        std::string header;
        std::getline(in, header);
        const bool milli = unit == EnergyUnit::millielectronvolt;
        const std::string u = milli ? "meV" : "eV";
        EXPECT_EQ(header, "# |m| E_total[" + u + "] E_total[" + u + "/atom] torque-x[" + u +
                              "] torque-y[" + u + "] torque-z[" + u + "]");
        std::vector<double> v;
        for (double x; in >> x;)
            v.push_back(x);
        ASSERT_EQ(v.size(), 6u);
        const double per = milli ? constants::electron_volt * 1e-3 : constants::electron_volt;
        EXPECT_EQ(v[0], 1);
        EXPECT_EQ(v[1], -2e-20 / per);
        EXPECT_EQ(v[2], -2e-21 / per);
        EXPECT_EQ(v[3], milli ? 1000 : 1);
    }
}

TEST(Columns, EveryColumnHasAKeywordDocAndHeadersAndIsFoundByName) {
    for (const ColumnSpec& c : column_table()) {
        EXPECT_FALSE(std::string(c.keyword).empty());
        EXPECT_FALSE(std::string(c.doc).empty());
        EXPECT_FALSE(c.headers.empty());
        EXPECT_LE(c.headers.size(), 8u);  // TimeSeriesTable's buffer
        EXPECT_EQ(find_column(c.keyword), &c);
    }
    EXPECT_EQ(find_column("no-such-column"), nullptr);
}

// Each row of the energy table gives its two columns, in the sample's layout: the kind's energy
// and its running mean, read from the series energy_of(kind).
TEST(Columns, EveryEnergyKindHasItsColumnsFromTheTable) {
    ASSERT_EQ(series::alignment, series::energy + 1 + energy_kind_count);
    for (int k = 0; k < energy_kind_count; ++k) {
        const EnergyKind& e = energy_kinds[k];
        const ColumnSpec* now = find_column(std::string(e.keyword) + "-energy");
        const ColumnSpec* mean = find_column("mean-" + std::string(e.keyword) + "-energy");
        ASSERT_NE(now, nullptr) << e.keyword;
        ASSERT_NE(mean, nullptr) << e.keyword;
        const ColumnSpec* per_atom = find_column(std::string(e.keyword) + "-energy-per-atom");
        ASSERT_NE(per_atom, nullptr) << e.keyword;
        EXPECT_EQ(now->headers[0], std::string(e.header) + "[J]");
        EXPECT_EQ(mean->headers[0], "<" + std::string(e.header) + ">[J]");
        EXPECT_EQ(per_atom->headers[0], std::string(e.header) + "[J/atom]");
        Observables o;
        o.energy[static_cast<std::size_t>(k)] = 1.5e-21 * (k + 1);
        const std::vector<double> x = sample_series(o, Vec3{0, 0, 1});
        EXPECT_EQ(x[static_cast<std::size_t>(series::energy_of(k))], 1.5e-21 * (k + 1));
        RunState state;
        state.accumulator.reset(x.size(), 0);
        state.accumulator.add(x);
        const std::vector<double> moments{1.0};
        const RowContext row{state, o, 4, 1.0, moments};  // 4 atoms: exact scaling
        double v[3] = {0, 0, 0};
        now->values(row, -1, v);
        mean->values(row, -1, v + 1);
        per_atom->values(row, -1, v + 2);
        EXPECT_EQ(v[0], 4 * 1.5e-21 * (k + 1)) << e.keyword;
        EXPECT_EQ(v[1], 4 * 1.5e-21 * (k + 1)) << e.keyword;
        EXPECT_EQ(v[2], 1.5e-21 * (k + 1)) << e.keyword;
    }
}
