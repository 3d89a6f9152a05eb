// VAMPIRE's per-material columns (material-mean-magnetisation, -standard-deviation, -mean-torque,
// -total-energy, -mean-total-energy, -mean-specific-heat, -temperature,
// -applied-field-strength) and its field angles (sim:applied-field-angle-theta and -phi):
// the columns against hand values of known samples, the material energies of a two-sublattice
// bcc ferrimagnet against its energy by hand, the same bits on 1 and P ranks, and the angles'
// direction and precedence.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "run/programs/program.hpp"
#include "stats/time_series.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

// The numbers of the one row `t` writes for `row`.
std::vector<double> row_numbers(const std::vector<std::string>& columns, const RowContext& row) {
    char* buf = nullptr;
    std::size_t len = 0;
    std::FILE* f = open_memstream(&buf, &len);
    TimeSeriesTable t(f, columns, {"Fe", "Gd"});
    t.write_row(row);
    std::fclose(f);
    std::istringstream in(std::string(buf, len));
    std::free(buf);
    std::vector<double> v;
    for (double x; in >> x;)
        v.push_back(x);
    return v;
}

}  // namespace

TEST(MaterialColumns, MeansDeviationsTorquesAndEnergiesOfTheSamples) {
    RunState state;
    state.temperature = 100;
    state.accumulator.reset(static_cast<std::size_t>(series::count(2)), 0);
    Observables obs;
    obs.material_spin_temperature = {0, 0};
    // Two samples: Fe along x then along y (length 0.8 then 0.6); Gd along -z, length 0.5.
    const double fe_energy[2] = {-3e-20, -1e-20}, gd_energy = -2e-20;
    for (int s = 0; s < 2; ++s) {
        const double len = s == 0 ? 0.8 : 0.6;
        obs.material_m = {{s == 0 ? len : 0, s == 0 ? 0 : len, 0, len}, {0, 0, -0.5, 0.5}};
        obs.material_torque = {Vec3{1e-22 * (s + 1), 0, 0}, Vec3{0, 0, -4e-22}};
        obs.material_energy = {fe_energy[s], gd_energy};
        state.accumulator.add(sample_series(obs, state.field_direction));
    }
    const std::vector<double> moments = {1, 1};
    const std::vector<std::int64_t> atoms = {30, 10};
    std::vector<MaterialConfig> materials(2);
    materials[1].applied_field = 0.25;
    const RowContext row{state, obs, 40, 2.0, moments, &atoms, &materials};

    std::vector<double> v = row_numbers({"material-mean-magnetisation"}, row);
    EXPECT_EQ(v, (std::vector<double>{0.5, 0.5, 0, 0.7, 0, 0, -1, 0.5}));
    // sqrt(<x^2> - <x>^2) over the two samples: 0.5 for a component that is 1 then 0.
    v = row_numbers({"material-standard-deviation"}, row);
    ASSERT_EQ(v.size(), 8u);
    EXPECT_DOUBLE_EQ(v[0], 0.5);
    EXPECT_DOUBLE_EQ(v[1], 0.5);
    EXPECT_EQ(v[2], 0);
    EXPECT_NEAR(v[3], 0.1, 1e-15);
    for (int k = 4; k < 8; ++k)
        EXPECT_EQ(v[std::size_t(k)], 0) << k;  // Gd never moved
    v = row_numbers({"material-mean-torque"}, row);
    ASSERT_EQ(v.size(), 6u);
    EXPECT_DOUBLE_EQ(v[0], 1.5e-22);
    EXPECT_DOUBLE_EQ(v[5], -4e-22);
    v = row_numbers({"material-total-energy", "material-mean-total-energy"}, row);
    ASSERT_EQ(v.size(), 4u);
    EXPECT_EQ(v[0], -1e-20);  // the last sample's
    EXPECT_EQ(v[1], -2e-20);
    EXPECT_DOUBLE_EQ(v[2], -2e-20);  // the means
    EXPECT_DOUBLE_EQ(v[3], -2e-20);
    // C = var(E) / (N (k_B T)^2): var of -3e-20 and -1e-20 is 1e-40 J^2, over 30 atoms.
    v = row_numbers({"material-mean-specific-heat"}, row);
    const double kt = constants::boltzmann * 100;
    ASSERT_EQ(v.size(), 2u);
    EXPECT_NEAR(v[0], 1e-40 / (30 * kt * kt), 1e-12 * v[0]);
    EXPECT_EQ(v[1], 0);
    // The run's temperature without local temperatures; each material's own once any has one.
    v = row_numbers({"material-temperature", "material-applied-field-strength"}, row);
    EXPECT_EQ(v, (std::vector<double>{100, 100, 0, 0.25}));
    materials[0].temperature = 40;
    materials[0].temperature_set = true;
    v = row_numbers({"material-temperature"}, row);
    EXPECT_EQ(v, (std::vector<double>{40, 0}));
}

TEST(MaterialColumns, EachSublatticesEnergyIsItsShareOfTheTotal) {
    // bcc, material 1 on the corners and 2 on the centres: every atom has 8 neighbours of the
    // other, so at 0 K along z in a field along z each material's energy is
    // N_k (-4 J12 - mu_k B - k_k) (a bond's energy split half and half).
    const double j12 = 5e-21, b = 1.5, k[2] = {1e-23, 3e-23}, mu[2] = {2, 7};
    const std::string input =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 9 !A\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "material:num-materials = 2\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:unit-cell-category = 2\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[2]:atomic-spin-moment = 7 !muB\nmaterial[1]:exchange-matrix[2] = 5e-21\n"
        "material[2]:exchange-matrix[1] = 5e-21\n"
        "material[1]:uniaxial-anisotropy-constant = 1e-23\n"
        "material[2]:uniaxial-anisotropy-constant = 3e-23\n"
        "material[1]:initial-spin-direction = 0,0,1\nmaterial[2]:initial-spin-direction = 0,0,1\n"
        "sim:applied-field-strength = 1.5 !T\nsim:temperature = 0\nsim:total-time-steps = 0\n"
        "output:material-total-energy\noutput:total-energy\n";
    const parallel::Comm world = parallel::Comm::world();
    std::vector<std::vector<double>> stats;
    for (const int ranks : {1, world.size()}) {
        std::vector<double> s;
        const std::string error = test::run_on_first_ranks(ranks, 1, input, [&](Simulation& sim) {
            const Observables& o = sim.last_sample();
            ASSERT_EQ(o.material_energy.size(), 2u);
            for (int m = 0; m < 2; ++m) {
                const double expected =
                    27 * (-4 * j12 - mu[m] * constants::bohr_magneton * b - k[m]);
                EXPECT_NEAR(o.material_energy[std::size_t(m)], expected, 1e-12 * -expected) << m;
            }
            const double whole = o.total * double(sim.lattice().atoms());
            EXPECT_NEAR(o.material_energy[0] + o.material_energy[1], whole, 1e-12 * -whole);
            s = test::statistics_of(sim);
            s.insert(s.end(), o.material_energy.begin(), o.material_energy.end());
        });
        EXPECT_EQ(error, "");
        if (world.rank() == 0) stats.push_back(s);
    }
    if (world.rank() == 0) EXPECT_EQ(stats[0], stats[1]);  // the same bits on 1 and P ranks
}

TEST(MaterialColumns, WithoutAColumnTheMaterialEnergiesAreNotComputed) {
    const std::string input =
        "create:single-spin\nmaterial[1]:initial-spin-direction = 0,0,1\n"
        "sim:applied-field-strength = 1 !T\nsim:temperature = 0\nsim:total-time-steps = 0\n"
        "output:total-energy\n";
    const std::string error = test::run_on_first_ranks(1, 1, input, [](Simulation& sim) {
        EXPECT_NE(sim.last_sample().total, 0.0);
        EXPECT_EQ(sim.last_sample().material_energy, std::vector<double>{0.0});
    });
    EXPECT_EQ(error, "");
}

TEST(FieldAngles, VampiresAnglesSetTheDirectionAndTheLastKeywordWins) {
    const std::string base =
        "create:single-spin\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "sim:applied-field-strength = 1 !T\n";
    auto direction = [&](const std::string& lines) {
        return test::config_from_text(base + lines).sim.field_direction;
    };
    // phi from z, theta the azimuth from x: phi = 90, theta = 90 is +y.
    Vec3 d = direction("sim:applied-field-angle-phi = 90\nsim:applied-field-angle-theta = 90\n");
    EXPECT_NEAR(d[0], 0, 1e-15);
    EXPECT_DOUBLE_EQ(d[1], 1);
    EXPECT_NEAR(d[2], 0, 1e-15);
    d = direction("sim:applied-field-angle-theta = 60\nsim:applied-field-angle-phi = 30\n");
    EXPECT_DOUBLE_EQ(d[0], std::sin(M_PI / 6) * std::cos(M_PI / 3));
    EXPECT_DOUBLE_EQ(d[1], std::sin(M_PI / 6) * std::sin(M_PI / 3));
    EXPECT_DOUBLE_EQ(d[2], std::cos(M_PI / 6));
    // theta alone (phi = 0, VAMPIRE's default) leaves the field along z.
    EXPECT_EQ(direction("sim:applied-field-angle-theta = 45\n"), (Vec3{0, 0, 1}));
    // The unit vector after the angles wins; angles after the unit vector win.
    EXPECT_EQ(
        direction("sim:applied-field-angle-phi = 90\nsim:applied-field-unit-vector = 0,1,0\n"),
        (Vec3{0, 1, 0}));
    d = direction("sim:applied-field-unit-vector = 0,1,0\nsim:applied-field-angle-phi = 90\n");
    EXPECT_DOUBLE_EQ(d[0], 1);
    EXPECT_NE(test::input_refusal(base + "sim:applied-field-angle-phi = 400\n"), "");
}
