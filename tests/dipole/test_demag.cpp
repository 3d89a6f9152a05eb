// Demagnetising factors from the exact dipolar field: the energy difference between two
// directions of uniform magnetisation of a body of ~10^5 atoms, E_u - E_v = (mu0/2) M^2 V
// (N_u - N_v), against the exact demagnetising factors of a rectangular prism (Aharoni, J. Appl.
// Phys. 83, 3432 (1998)) for a thin film and a long needle, and zero for a sphere (whose cubic
// lattice makes the two directions equivalent). The lattice's own correction to the continuum
// falls off with the distance from the surfaces, so it is a few parts in a thousand at these
// sizes: the tolerance is 2 % of (mu0/2) M^2 V.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "dipole/dipole_solver.hpp"
#include "parallel/decomposition.hpp"
#include "support/test_support.hpp"
#include "system/materials.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

// Aharoni's N_z of a prism with sides 2a, 2b, 2c (c along z).
double aharoni_nz(double a, double b, double c) {
    const double abc = std::sqrt(a * a + b * b + c * c), ab = std::sqrt(a * a + b * b),
                 bc = std::sqrt(b * b + c * c), ac = std::sqrt(a * a + c * c);
    const double pi_n =
        (b * b - c * c) / (2 * b * c) * std::log((abc - a) / (abc + a)) +
        (a * a - c * c) / (2 * a * c) * std::log((abc - b) / (abc + b)) +
        b / (2 * c) * std::log((ab + a) / (ab - a)) + a / (2 * c) * std::log((ab + b) / (ab - b)) +
        c / (2 * a) * std::log((bc - b) / (bc + b)) + c / (2 * b) * std::log((ac - a) / (ac + a)) +
        2 * std::atan(a * b / (c * abc)) +
        (a * a * a + b * b * b - 2 * c * c * c) / (3 * a * b * c) +
        (a * a + b * b - 2 * c * c) / (3 * a * b * c) * abc + c / (a * b) * (ac + bc) -
        (ab * ab * ab + bc * bc * bc + ac * ac * ac) / (3 * a * b * c);
    return pi_n / M_PI;
}

TEST(Demag, AharoniFactorsAreAFactorization) {
    EXPECT_NEAR(aharoni_nz(1, 1, 1), 1.0 / 3, 1e-12);  // a cube
    const double a = 3, b = 1.5, c = 0.4;              // N_x + N_y + N_z = 1
    EXPECT_NEAR(aharoni_nz(b, c, a) + aharoni_nz(c, a, b) + aharoni_nz(a, b, c), 1.0, 1e-12);
    EXPECT_NEAR(aharoni_nz(100, 100, 0.01), 1.0, 1e-3);  // a thin plate
}

// E = -1/2 sum m.B (J) of the uniform state along `dir`, and the atom count.
double energy(const Config& c, const Vec3& dir, std::int64_t& atoms) {
    const parallel::Comm world = parallel::Comm::world();
    const Lattice l = make_lattice(c);
    const parallel::Decomposition d = parallel::decompose(world, l.cells, l.periodic);
    const LocalSystem sys = build_local_system(l, d.grid, MaterialMap(c, l));
    dipole::DipoleSolver solver(l, sys, d.comm);
    const double mu = c.materials[0].moment;
    std::vector<double> m(std::size_t(3 * sys.n_owned)), b(m.size());
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        for (int k = 0; k < 3; ++k)
            m[std::size_t(3 * i + k)] = mu * dir[std::size_t(k)];
    solver.field(m.data(), b.data());
    double e = 0;
    for (std::size_t k = 0; k < m.size(); ++k)
        e -= 0.5 * m[k] * b[k];
    atoms = sys.n_global;
    return world.sum(e);
}

Config prism(int nx, int ny, int nz, const std::string& extra = "") {
    return test::config_from_text(
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = " +
        std::to_string(3 * nx) + " !A\n" + "dimensions:system-size-y = " + std::to_string(3 * ny) +
        " !A\n" + "dimensions:system-size-z = " + std::to_string(3 * nz) + " !A\n" +
        "material[1]:atomic-spin-moment = 2 !muB\n" + extra);
}

// (E_z - E_x) / ((mu0/2) M^2 V) = N_z - N_x.
double factor_difference(const Config& c) {
    std::int64_t atoms = 0;
    const double ez = energy(c, {0, 0, 1}, atoms), ex = energy(c, {1, 0, 0}, atoms);
    const double m = 2 * constants::bohr_magneton, v_atom = 27e-30;
    const double scale = 0.5 * 4 * M_PI * constants::mu0_over_4pi * m * m / v_atom * double(atoms);
    return (ez - ex) / scale;
}

TEST(Demag, FilmAndNeedleMatchThePrismsFactorsSphereHasNone) {
    const bool root = parallel::Comm::world().is_root();
    // A film of 128 x 128 x 8 cells (131 072 atoms).
    const double film = factor_difference(prism(128, 128, 8));
    const double film_exact = aharoni_nz(64, 64, 4) - aharoni_nz(64, 4, 64);
    // A needle of 16 x 16 x 512 cells along z (131 072 atoms).
    const double needle = factor_difference(prism(16, 16, 512));
    const double needle_exact = aharoni_nz(8, 8, 256) - aharoni_nz(8, 256, 8);
    // A sphere of radius 30.17 cells (~115 000 atoms; no atom within rounding of its surface, so
    // the atoms keep the cubic symmetry that swaps x and z).
    const double sphere =
        factor_difference(prism(61, 61, 61, "create:sphere\ndimensions:particle-size = 181 !A\n"));
    if (root)
        std::printf("N_z - N_x: film %.5f (prism %.5f), needle %.5f (prism %.5f), sphere %.2e\n",
                    film, film_exact, needle, needle_exact, sphere);
    EXPECT_NEAR(film, film_exact, 0.02);
    EXPECT_GT(film_exact, 0.75);
    EXPECT_NEAR(needle, needle_exact, 0.02);
    EXPECT_LT(needle_exact, -0.45);
    EXPECT_NEAR(sphere, 0.0, 1e-9);
}

}  // namespace
