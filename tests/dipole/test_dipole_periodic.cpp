// The exact dipolar field of a box periodic along x, y and z (src/dipole/ewald_sum.hpp) and of a
// film, periodic along x and y (src/dipole/slab_ewald.hpp):
// - uniformly magnetised cubic lattices (sc, bcc, fcc) under the tin-foil surface feel the Lorentz
//   field mu0 M / 3 and nothing else (the macroscopic field vanishes and the cubic lattice sum in
//   the cavity is zero), so the energy per atom is -mu0 mu M / 6 (sc: -mu0 mu^2 / (6 a^3)); under
//   the vacuum surface of a sphere the field vanishes;
// - random moments in an orthorhombic cell with three sites against an independent Ewald sum over
//   the atoms and the box's images, written in Python (tests/dipole/ewald_reference.py), for the
//   film across a vacuum gap with Yeh and Berkowitz's correction;
// - a uniformly magnetised sc film: the monolayer's energies from the square lattice's sum in
//   closed form, and each interior layer's shape anisotropy mu0 M^2 / 2 per volume;
// - the same bits on every sub-communicator of 1 to P ranks, with 1 and 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "dipole/field_support.hpp"
#include "physics/ucf_files.hpp"

using namespace miniasd;
using namespace miniasd::test::dipole_fields;

namespace {

const std::string periodic =
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n";

TEST(DipolePeriodic, UniformCubicLatticesFeelOnlyTheLorentzField) {
    const parallel::Comm world = parallel::Comm::world();
    const Vec3 m{0.3 * constants::bohr_magneton, -0.5 * constants::bohr_magneton,
                 2 * constants::bohr_magneton};
    const struct {
        const char* crystal;
        int sites, nx, ny, nz;
    } cases[] = {{"sc", 1, 5, 4, 3}, {"bcc", 2, 3, 3, 2}, {"fcc", 4, 2, 3, 4}};
    for (const auto& k : cases) {
        const Config c = box(k.crystal, k.nx, k.ny, k.nz, periodic);
        // M = sites m / a^3 (A/m); mu0 M / 3 = (4 pi / 3) 1e-7 M (T).
        const double a3 = 27e-30, lorentz = 4 * M_PI / 3 * 1e-7 * k.sites / a3;
        const Fields tin = solve(c, world, &m);
        const Fields vacuum = solve(c, world, &m, dipole::SurfaceTerm::vacuum);
        if (!world.is_root()) continue;
        const double scale = lorentz * std::sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
        double worst = 0, worst_vacuum = 0, energy = 0;
        for (std::size_t i = 0; i < tin.gid.size(); ++i)
            for (std::size_t a = 0; a < 3; ++a) {
                worst = std::max(worst, std::abs(tin.b[3 * i + a] - lorentz * m[a]));
                worst_vacuum = std::max(worst_vacuum, std::abs(vacuum.b[3 * i + a]));
                energy -= 0.5 * m[a] * tin.b[3 * i + a];
            }
        energy /= double(tin.gid.size());
        const double mu2 = m[0] * m[0] + m[1] * m[1] + m[2] * m[2];
        const double want = -4 * M_PI * 1e-7 * mu2 * k.sites / (6 * a3);  // -mu0 mu M / 6
        std::printf(
            "%-3s %4zu atoms: B off mu0 M/3 by %.1e, vacuum |B| %.1e of it; "
            "E/atom %.15e J (want %.15e)\n",
            k.crystal, tin.gid.size(), worst / scale, worst_vacuum / scale, energy, want);
        EXPECT_LE(worst, 1e-12 * scale) << k.crystal;
        EXPECT_LE(worst_vacuum, 1e-12 * scale) << k.crystal;
        EXPECT_NEAR(energy / want, 1, 1e-12) << k.crystal;
    }
}

// An orthorhombic cell (3 x 4 x 5 A) holding three sites, 3 x 2 x 2 cells.
const std::array<double, 3> cell{3.0, 4.0, 5.0};
const std::string three_sites_ucf = test::make_ucf(
    cell, {{{0.0, 0.0, 0.0}, 0}, {{0.5, 0.3, 0.25}, 0}, {{0.2, 0.7, 0.6}, 0}}, "isotropic",
    [](int, const std::array<double, 3>& r) {
        return std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) < 3.1 ? std::vector<double>{1e-21}
                                                                        : std::vector<double>{};
    },
    1);

const std::string film = "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n";

Config three_site_box(const std::string& boundaries = periodic) {
    return test::config_from_files(
        "material:unit-cell-file = three.ucf\ndimensions:system-size-x = 9 !A\n"
        "dimensions:system-size-y = 8 !A\ndimensions:system-size-z = 10 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\n" +
            boundaries,
        {{"three.ucf", three_sites_ucf}});
}

// The field of random moments against tests/dipole/ewald_reference.py (its --film form for a
// film); false when there is no Python to run it.
bool matches_python(const Config& c, bool as_film) {
    const parallel::Comm world = parallel::Comm::world();
    const Fields f = solve(c, world);
    if (!world.is_root()) return true;
    const std::string python = MINIASD_PYTHON;
    if (python.empty() ||
        std::system((python + " -c 'import numpy' > /dev/null 2>&1").c_str()) != 0)
        return false;
    const Lattice l = make_lattice(c);
    EXPECT_EQ(l.sites(), 3);
    EXPECT_EQ(f.gid.size(), std::size_t(36));
    {
        std::ofstream in("ewald_in.txt");
        in.precision(17);
        in << 9e-10 << ' ' << 8e-10 << ' ' << 10e-10 << '\n';
        for (const std::int64_t g : f.gid) {
            const Vec3 r = l.position(g), m = moment_of(g);
            in << r[0] << ' ' << r[1] << ' ' << r[2] << ' ' << m[0] << ' ' << m[1] << ' ' << m[2]
               << '\n';
        }
    }
    const std::string command = python + " " + MINIASD_SOURCE_DIR +
                                "/tests/dipole/ewald_reference.py ewald_in.txt ewald_out.txt" +
                                (as_film ? " --film" : "");
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream out("ewald_out.txt");
    double largest = 0, worst = 0;
    for (std::size_t i = 0; i < 3 * f.gid.size(); ++i) {
        double b = 0;
        EXPECT_TRUE(out >> b) << "value " << i;
        largest = std::max(largest, std::abs(b));
        worst = std::max(worst, std::abs(b - f.b[i]));
    }
    std::printf(
        "%s, %zu atoms: max |B| %.3g T, max difference from the Python Ewald sum %.2e "
        "of it\n",
        as_film ? "film" : "periodic box", f.gid.size(), largest, worst / largest);
    EXPECT_GT(largest, 0.01);
    EXPECT_LE(worst, 1e-12 * largest);
    return true;
}

TEST(DipolePeriodic, RandomMomentsMatchAnIndependentEwaldSum) {
    if (!matches_python(three_site_box(), false))
        GTEST_SKIP() << "no python3 with numpy (" << MINIASD_PYTHON
                     << "): no independent Ewald sum to compare with";
}

TEST(DipolePeriodic, FilmMatchesAnIndependentEwaldSumAcrossAVacuumGap) {
    if (!matches_python(three_site_box(film), true))
        GTEST_SKIP() << "no python3 with numpy (" << MINIASD_PYTHON
                     << "): no independent Ewald sum to compare with";
}

// A uniformly magnetised sc film, periodic in-plane. A monolayer feels only its own plane:
// B = (mu0/4pi) m S / a^3 x (-1 along z, +1/2 in-plane), S = sum over the square lattice of 1/|R|^3
// = 4 zeta(3/2) beta(3/2) = 9.0336216831009503 (beta: Dirichlet's), so E/atom = -m.B/2 is
// +(mu0/4pi) m^2 S / (2a^3) perpendicular and -(mu0/4pi) m^2 S / (4a^3) in-plane: their
// difference is 1.0783 x the continuum's shape anisotropy mu0 M^2 a^3 / 2, the monolayer's
// lattice correction. Thick films approach the continuum: each layer added in the interior adds
// mu0 M^2 a^3 / 2 per column to E_perp - E_in (the layers' fields beyond the first few fall off
// as exp(-2 pi d / a)).
TEST(DipolePeriodic, FilmShapeAnisotropyHasTheMonolayerSumAndTheContinuumLimit) {
    const parallel::Comm world = parallel::Comm::world();
    const double mu = 2 * constants::bohr_magneton, a3 = 27e-30, s = 9.0336216831009503;
    const Vec3 perp{0, 0, mu}, in_plane{mu, 0, 0};
    auto energy = [&](int layers, const Vec3& m) {  // per in-plane cell (a column of atoms), J
        const Config c = box("sc", 4, 3, layers, film);
        const Fields f = solve(c, world, &m);
        double e = 0;
        for (std::size_t i = 0; i < f.gid.size(); ++i)
            for (std::size_t a = 0; a < 3; ++a)
                e -= 0.5 * m[a] * f.b[3 * i + a];
        return e / 12;
    };
    const double mono_perp = energy(1, perp), mono_in = energy(1, in_plane);
    const double d8 = energy(8, perp) - energy(8, in_plane);
    const double d16 = energy(16, perp) - energy(16, in_plane);
    if (!world.is_root()) return;
    const double shape = 4 * M_PI * 1e-7 * mu * mu / (2 * a3);  // mu0 M^2 a^3 / 2, J per atom
    std::printf(
        "monolayer: E_perp %.15e (want %.15e), E_in %.15e (want %.15e) J; "
        "(E_perp - E_in) / shape %.12f; per interior layer %.15f of the continuum\n",
        mono_perp, 1e-7 * mu * mu * s / (2 * a3), mono_in, -1e-7 * mu * mu * s / (4 * a3),
        (mono_perp - mono_in) / shape, (d16 - d8) / 8 / shape);
    EXPECT_NEAR(mono_perp / (1e-7 * mu * mu * s / (2 * a3)), 1, 1e-12);
    EXPECT_NEAR(mono_in / (-1e-7 * mu * mu * s / (4 * a3)), 1, 1e-12);
    EXPECT_NEAR((d16 - d8) / 8 / shape, 1, 1e-10);
}

TEST(DipolePeriodic, SameBitsOnEveryDecompositionAndThreadCount) {
    const parallel::Comm world = parallel::Comm::world();
    const Config configs[] = {box("bcc", 6, 5, 4, periodic), three_site_box(),
                              box("bcc", 5, 4, 3, film), three_site_box(film)};
    for (const Config& c : configs) {
        omp_set_num_threads(1);
        const parallel::Comm one = world.split(world.rank() == 0 ? 0 : -1, 0);
        Fields ref;
        if (one.valid()) ref = solve(c, one);
        for (int ranks = 1; ranks <= world.size(); ++ranks)
            for (int threads : {1, 2}) {
                omp_set_num_threads(threads);
                const parallel::Comm sub = world.split(world.rank() < ranks ? 0 : -1, world.rank());
                if (sub.valid()) {
                    const Fields f = solve(c, sub);
                    if (world.is_root()) {
                        ASSERT_EQ(f.b.size(), ref.b.size());
                        EXPECT_EQ(std::memcmp(f.b.data(), ref.b.data(), ref.b.size() * 8), 0)
                            << ranks << " ranks x " << threads << " threads";
                    }
                }
                world.barrier();
            }
    }
    omp_set_num_threads(1);
}

}  // namespace
