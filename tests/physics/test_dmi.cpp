// The Dzyaloshinskii-Moriya interaction from material[i]:dmi-constant[j] (hamiltonian/dmi.hpp),
// on a Co monolayer over a layer of non-magnetic (kept) Pt atoms, simple cubic, a = 3 A:
//  - geometry: each in-plane Co bond gets D_ij = (D / sqrt 2) (z x r_ij), z from Pt into Co
//    (VAMPIRE's triangle: the Pt under i, at sqrt(2) a from j, within the cutoff), so the energy
//    of any state is sum over Co bonds of that D . (S_i x S_j);
//  - the field is minus the energy's gradient over mu_s (finite differences);
//  - a chain relaxes at T = 0 into a cycloid whose turn per bond q a obeys tan(q a) = -D_eff / J
//    (the sign: its chirality), within 1 % of q;
//  - a film in a field holds a skyrmion (topological charge -1) that relaxes but does not unwind;
//  - a bulk crystal with inversion symmetry has no DMI left (every triangle cancels);
//  - the kept Pt (material[2]:non-magnetic = keep) is left out of every statistic; a removed one
//    (non-magnetic = remove, or bare) is as if it were not there, and removed atoms are counted;
//  - the same bits on 1, 2 and 4 ranks x 1 and 2 threads (LLG and Monte Carlo).
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "run/programs/program.hpp"
#include "stats/observables.hpp"
#include "support/test_support.hpp"
#include "system/materials.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double a = 3e-10;                          // m
constexpr double j_co = 1e-21;                       // J per link
constexpr double mu = 2 * constants::bohr_magneton;  // J/T

// A film nx x ny cells, two layers: Pt (material 2, kept) under Co (material 1).
std::string film(int nx, int ny, bool periodic, double d, const std::string& extra = "") {
    char text[1400];
    std::snprintf(text, sizeof text,
                  "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
                  "dimensions:system-size-x = %d !A\ndimensions:system-size-y = %d !A\n"
                  "dimensions:system-size-z = 6 !A\n%s"
                  "%s"
                  "material:num-materials = 2\n"
                  "material[1]:atomic-spin-moment = 2 !muB\n"
                  "material[1]:exchange-matrix[1] = %.17g\n"
                  "material[1]:dmi-constant[2] = %.17g\n"
                  "material[1]:minimum-height = 0.5\n"
                  "material[2]:atomic-spin-moment = 0.5 !muB\n"
                  "material[2]:non-magnetic = keep\n"
                  "material[2]:maximum-height = 0.5\n",
                  3 * nx, 3 * ny,
                  periodic ? "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n" : "",
                  d != 0 ? "exchange:dmi-cutoff-range = 4.3 !A\n" : "", j_co, d);
    return text + extra;
}

Vec3 spin(const Simulation& sim, std::int64_t i) {
    return {sim.spins().x[i], sim.spins().y[i], sim.spins().z[i]};
}
void set_spin(Simulation& sim, std::int64_t i, Vec3 s) {
    const double n = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    sim.spins().x[i] = s[0] / n;
    sim.spins().y[i] = s[1] / n;
    sim.spins().z[i] = s[2] / n;
}
Vec3 cross(const Vec3& u, const Vec3& v) {
    return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}
double dot(const Vec3& u, const Vec3& v) {
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
}

// The owned index of each Co atom by cell (x, y) of the top layer (one rank: all atoms).
std::vector<std::vector<std::int64_t>> co_layer(const Simulation& sim, int nx, int ny) {
    std::vector<std::vector<std::int64_t>> at(nx, std::vector<std::int64_t>(ny, -1));
    for (std::int64_t i = 0; i < sim.system().n_owned; ++i) {
        const Vec3 p = sim.lattice().position(sim.system().gid[i]);
        if (p[2] < 0.5 * a) continue;
        at[std::lround(p[0] / a)][std::lround(p[1] / a)] = i;
    }
    return at;
}

// Total DMI energy (J) from the observables: per counted atom (the Co atoms) times their number.
double dmi_energy(Simulation& sim) {
    return sim.observe().energy[int(TermKind::dmi)] * double(sim.counted_atoms());
}

TEST(Dmi, CoOnPtBondsFollowTheTriangleRule) {
    const int nx = 5, ny = 4;
    const double d = 3e-22, d_eff = d / std::sqrt(2.0);
    Simulation sim(parallel::Comm::world(), test::config_from_text(film(nx, ny, true, d)),
                   test::quiet_options());
    const auto co = co_layer(sim, nx, ny);
    // A pseudo-random state, Pt included (its spins add nothing: its bonds cancel by symmetry).
    for (std::int64_t i = 0; i < sim.system().n_owned; ++i)
        set_spin(sim, i, {std::sin(1.7 * i + 0.3), std::cos(2.3 * i), std::sin(0.9 * i + 1.1)});
    double expected = 0;
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y) {
            const Vec3 s = spin(sim, co[x][y]);
            // z x x = y for the +x bond, z x y = -x for the +y bond
            expected += d_eff * dot({0, 1, 0}, cross(s, spin(sim, co[(x + 1) % nx][y])));
            expected += d_eff * dot({-1, 0, 0}, cross(s, spin(sim, co[x][(y + 1) % ny])));
        }
    EXPECT_NEAR(dmi_energy(sim), expected, 1e-12 * nx * ny * d);
    // Only Co atoms are counted in the statistics; Pt is kept but not measured.
    EXPECT_EQ(sim.counted_atoms(), nx * ny);

    // The field is -(1/mu) dE/dS: rotate one Co spin by a small angle about each axis.
    const std::int64_t i = co[2][1];
    const Hamiltonian& h = sim.hamiltonian();
    double b[3];
    h.field(sim.spins().view(), i, i + 1, FieldView{&b[0], &b[1], &b[2]});
    const Vec3 s0 = spin(sim, i);
    for (int axis = 0; axis < 3; ++axis) {
        Vec3 u{0, 0, 0};
        u[axis] = 1;
        const double eps = 1e-6;
        const Vec3 ds = cross(u, s0);  // the change of S for a rotation eps about u, per eps
        Vec3 plus, minus;
        for (int c = 0; c < 3; ++c) {
            plus[c] = s0[c] + eps * ds[c];
            minus[c] = s0[c] - eps * ds[c];
        }
        set_spin(sim, i, plus);
        const double e_plus = dmi_energy(sim);
        set_spin(sim, i, minus);
        const double e_minus = dmi_energy(sim);
        set_spin(sim, i, s0);
        // Field terms other than DMI (exchange, a zero applied field) are in b too: take them off
        // by the same derivative of the exchange, which the exchange's own tests check.
        const double de = (e_plus - e_minus) / (2 * eps);
        double b_exchange[3] = {0, 0, 0};
        for (const std::int64_t j : {co[1][1], co[3][1], co[2][0], co[2][2]})
            for (int c = 0; c < 3; ++c)
                b_exchange[c] += j_co / mu * spin(sim, j)[c];
        const Vec3 b_dmi{b[0] - b_exchange[0], b[1] - b_exchange[1], b[2] - b_exchange[2]};
        EXPECT_NEAR(-mu * dot(b_dmi, ds), de, 1e-6 * d) << "axis " << axis;
    }
}

// The turn per bond (rad, signed about y) of the middle of a chain relaxed at T = 0.
double relaxed_turn(double d) {
    const int n = 48;
    Simulation sim(parallel::Comm::world(),
                   test::config_from_text(film(n, 1, false, d,
                                               "material[1]:damping-constant = 1\n"
                                               "sim:time-step = 2 !fs\n")),
                   test::quiet_options());
    const auto co = co_layer(sim, n, 1);
    for (int x = 0; x < n; ++x)
        set_spin(sim, co[x][0], {0.01, 0, 1});
    sim.start_run();
    Phase p;
    p.steps = 2000;
    p.increment = 2000;
    p.row_per_sample = false;
    auto turn = [&](int x) {
        const Vec3 s = spin(sim, co[x][0]), t = spin(sim, co[x + 1][0]);
        return std::atan2(cross(s, t)[1], dot(s, t));
    };
    double last = 10;
    for (int k = 0; k < 200; ++k) {
        sim.run(p);
        const double now = turn(n / 2);
        if (std::abs(now - last) < 1e-9) break;
        last = now;
    }
    // Every bond of the middle half turns the same.
    for (int x = n / 4; x < 3 * n / 4; ++x)
        EXPECT_NEAR(turn(x), turn(n / 2), 1e-6) << "bond " << x;
    // The plane of the cycloid is perpendicular to D (y).
    for (int x = 0; x < n; ++x)
        EXPECT_NEAR(spin(sim, co[x][0])[1], 0.0, 1e-6);
    return turn(n / 2);
}

TEST(Dmi, ChainRelaxesIntoTheCycloidOfTanQaEqualsDOverJ) {
    for (const double ratio : {0.2, 0.5}) {  // D_eff / J
        const double d = ratio * j_co * std::sqrt(2.0);
        const double q = relaxed_turn(d);
        std::printf("D_eff/J = %g: q a = %.9f, expected %.9f\n", ratio, q, -std::atan(ratio));
        // E per bond = -J cos(qa) + D_eff sin(qa): least at tan(qa) = -D_eff / J.
        const double expected = -std::atan(ratio);
        EXPECT_NEAR(q / expected, 1.0, 0.01) << "D_eff / J = " << ratio;
        EXPECT_NEAR(q / expected, 1.0, 1e-6) << "D_eff / J = " << ratio;  // as relaxed here
        // The opposite D gives the opposite chirality.
        if (ratio == 0.2) {
            EXPECT_NEAR(relaxed_turn(-d), -expected, 1e-6);
        }
    }
}

// Berg-Luscher topological charge of the Co layer (periodic): each plaquette as two triangles,
// each the solid angle 2 atan2(S1.(S2 x S3), 1 + S1.S2 + S2.S3 + S3.S1), summed over 4 pi.
double charge(const Simulation& sim, const std::vector<std::vector<std::int64_t>>& co) {
    const int nx = int(co.size()), ny = int(co[0].size());
    auto solid = [](const Vec3& p, const Vec3& q, const Vec3& r) {
        return 2 * std::atan2(dot(p, cross(q, r)), 1 + dot(p, q) + dot(q, r) + dot(r, p));
    };
    double sum = 0;
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y) {
            const Vec3 s00 = spin(sim, co[x][y]), s10 = spin(sim, co[(x + 1) % nx][y]),
                       s01 = spin(sim, co[x][(y + 1) % ny]),
                       s11 = spin(sim, co[(x + 1) % nx][(y + 1) % ny]);
            sum += solid(s00, s10, s11) + solid(s00, s11, s01);
        }
    return sum / (4 * M_PI);
}

struct Relaxed {
    double charge;
    int reversed;  // Co spins with S_z < 0
};

// A 30 x 30 film in a field along z (Zeeman energy 0.15 J per Co spin), started from a reversed
// disc of radius 4 a with a Neel wall and relaxed at T = 0 until the energy stops changing.
Relaxed relax_skyrmion(double ratio) {
    const int n = 30;
    char field[200];
    std::snprintf(field, sizeof field,
                  "sim:applied-field-strength = %.17g !T\nsim:applied-field-unit-vector = 0,0,1\n"
                  "material[1]:damping-constant = 1\nsim:time-step = 1 !fs\n",
                  0.15 * j_co / mu);
    Simulation sim(parallel::Comm::world(),
                   test::config_from_text(film(n, n, true, ratio * j_co * std::sqrt(2.0), field)),
                   test::quiet_options());
    const auto co = co_layer(sim, n, n);
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y) {
            const double dx = x - n / 2 + 0.5, dy = y - n / 2 + 0.5, r = std::hypot(dx, dy);
            const double theta = M_PI * std::clamp(1.0 - (r - 4) / 4, 0.0, 1.0);
            set_spin(sim, co[x][y],
                     {std::sin(theta) * dx / r, std::sin(theta) * dy / r, std::cos(theta)});
        }
    EXPECT_NEAR(std::abs(charge(sim, co)), 1.0, 1e-6);
    sim.start_run();
    Phase p;
    p.steps = 2000;
    p.increment = 2000;
    p.row_per_sample = false;
    double last = 1;
    for (int k = 0; k < 40; ++k) {
        sim.run(p);
        const double e = sim.observe().total;
        if (std::abs(e - last) < 1e-12 * std::abs(e)) break;
        last = e;
    }
    Relaxed r{charge(sim, co), 0};
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            r.reversed += spin(sim, co[x][y])[2] < 0;
    return r;
}

TEST(Dmi, FilmInAFieldHoldsASkyrmion) {
    const Relaxed with = relax_skyrmion(0.5);  // D_eff / J
    EXPECT_NEAR(with.charge, -1.0, 0.01);      // measured: -1.000000 with 52 spins reversed
    EXPECT_GT(with.reversed, 20);
    EXPECT_LT(with.reversed, 200);
    // Without DMI the same start unwinds: the field and exchange alone shrink it to nothing.
    const Relaxed without = relax_skyrmion(0);
    EXPECT_NEAR(without.charge, 0.0, 0.01);
    EXPECT_EQ(without.reversed, 0);
}

// Bulk fcc with D between atoms of its one material: every bond's triangles cancel in pairs
// (inversion symmetry), so no DMI is left, whatever the spins.
TEST(Dmi, CancelsInACrystalWithInversionSymmetry) {
    Simulation sim(parallel::Comm::world(),
                   test::config_from_text("create:crystal-structure = fcc\n"
                                          "create:periodic-boundaries\n"
                                          "dimensions:unit-cell-size = 3.54 !A\n"
                                          "dimensions:system-size = 1.4 !nm\n"
                                          "exchange:dmi-cutoff-range = 3.6 !A\n"
                                          "material[1]:atomic-spin-moment = 1.7 !muB\n"
                                          "material[1]:exchange-matrix[1] = 1e-21\n"
                                          "material[1]:dmi-constant[1] = 4e-22\n"),
                   test::quiet_options());
    for (std::int64_t i = 0; i < sim.system().n_owned; ++i)
        set_spin(sim, i, {std::sin(1.7 * i + 0.3), std::cos(2.3 * i), std::sin(0.9 * i + 1.1)});
    EXPECT_EQ(sim.observe().energy[int(TermKind::dmi)], 0.0);
}

// material[i]:non-magnetic = keep (VAMPIRE's meaning): the Pt atoms stay and interact, but the
// magnetisation, the energies and their per-atom divisor count Co only; Pt keeps its own columns.
TEST(Dmi, KeptNonMagneticAtomsAreLeftOutOfTheStatistics) {
    const std::string pt_down =
        "material[2]:initial-spin-direction = 0,0,-1\n"
        "sim:applied-field-strength = 2 !T\n"
        "sim:applied-field-unit-vector = 0,0,1\n";
    Simulation sim(parallel::Comm::world(), test::config_from_text(film(4, 3, true, 0, pt_down)),
                   test::quiet_options());
    const Observables o = sim.observe();
    EXPECT_EQ(sim.counted_atoms(), 12);
    EXPECT_EQ(o.m[2], 1.0);  // Co alone: along +z; with Pt it would be (2 - 0.5) / 2.5
    EXPECT_EQ(o.material_m[1][2], -1.0);
    // Per Co atom: Zeeman -mu B, exchange -z J / 2 with its 4 in-plane Co bonds.
    EXPECT_DOUBLE_EQ(o.energy[int(TermKind::applied_field)], -mu * 2);
    EXPECT_DOUBLE_EQ(o.energy[int(TermKind::exchange)], -4 * j_co / 2);
}

// material[i]:non-magnetic (bare: remove, VAMPIRE's default): the Pt layer's sites hold no atom,
// and the Co layer over it runs exactly as a box of the Co layer alone: same atom count, same
// statistics bit for bit (a T = 0 precession in a tilted field).
TEST(NonMagnetic, RemovedLayerIsAsIfItWereNotThere) {
    const std::string run =
        "material[1]:initial-spin-direction = 1,0,1\n"
        "material[1]:damping-constant = 0.1\n"
        "sim:applied-field-strength = 3 !T\n"
        "sim:applied-field-unit-vector = 0,0.6,0.8\n"
        "sim:time-step = 1 !fs\nsim:total-time-steps = 300\n"
        "sim:time-steps-increment = 100\n";
    std::string removed = film(5, 4, true, 0, run);
    removed.replace(removed.find("material[2]:non-magnetic = keep"),
                    std::string("material[2]:non-magnetic = keep").size(),
                    "material[2]:non-magnetic");
    const std::string alone =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
        "dimensions:system-size-x = 15 !A\ndimensions:system-size-y = 12 !A\n"
        "dimensions:system-size-z = 3 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n" +
        run;
    std::vector<double> rows[2];
    std::int64_t atoms[2];
    int k = 0;
    for (const std::string& input : {removed, alone}) {
        Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                       test::quiet_options());
        run_program(sim);
        atoms[k] = sim.system().n_global;
        const auto all = sample_series(sim.last_sample(), sim.state().field_direction);
        rows[k++].assign(all.begin(), all.begin() + series::global_count);
    }
    EXPECT_EQ(atoms[0], 20);
    EXPECT_EQ(atoms[1], 20);
    EXPECT_EQ(std::memcmp(rows[0].data(), rows[1].data(), rows[0].size() * sizeof(double)), 0);
    EXPECT_NE(rows[0][series::mx], 0.0);
}

// The atom count with removed materials: layer by layer when the materials are fixed per layer,
// atom by atom with a random alloy or a particle; both equal a direct count of present sites.
TEST(NonMagnetic, RemovedAtomsAreCounted) {
    const std::string base =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 1.8 !nm\nmaterial:num-materials = 3\n"
        "material[1]:atomic-spin-moment = 2 !muB\n"
        "material[2]:atomic-spin-moment = 2 !muB\n"
        "material[3]:atomic-spin-moment = 2 !muB\n"
        "material[3]:non-magnetic = remove\n";
    for (const std::string& placement :
         {std::string("material[1]:maximum-height = 0.5\nmaterial[3]:minimum-height = 0.5\n"
                      "material[2]:unit-cell-category = 2\n"),
          std::string("material[1]:host-alloy\nmaterial[1]:alloy-fraction[3] = 0.3\n"
                      "material[2]:unit-cell-category = 2\n"),
          std::string("create:sphere\ndimensions:particle-size = 1.5 !nm\n"
                      "material[1]:host-alloy\nmaterial[1]:alloy-fraction[3] = 0.3\n")}) {
        const Config c = test::config_from_text(base + placement);
        const Lattice l = make_lattice(c);
        const MaterialMap m(c, l);
        std::int64_t n = 0, by_material = 0;
        for (std::int64_t z = 0; z < l.cells[2]; ++z)
            for (std::int64_t y = 0; y < l.cells[1]; ++y)
                for (std::int64_t x = 0; x < l.cells[0]; ++x)
                    for (int s = 0; s < l.sites(); ++s) {
                        n += l.present(x, y, z, s);
                        by_material += l.present(x, y, z, s) && m.of(l.gid(x, y, z, s)) == 2;
                    }
        EXPECT_EQ(l.atoms(), n) << placement;
        EXPECT_LT(n, l.id_space()) << placement;
        EXPECT_EQ(by_material, 0) << placement;
    }
}

}  // namespace
