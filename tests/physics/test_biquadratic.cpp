// Biquadratic exchange (hamiltonian/biquadratic.hpp), VAMPIRE's E = -sum over bonds of
// B (S_i . S_j)^2, on a periodic simple-cubic box of two materials with no bilinear exchange:
//  - the exchange energy of a pseudo-random state equals the direct sum over the box's bonds;
//  - the field on an atom is (2/mu) sum_j B_ij (S_i . S_j) S_j and minus the energy's gradient
//    over mu (finite differences of rotations);
//  - a Monte Carlo move's energy change equals the change of the total energy.
// Its spin waves (J + 2B) are in test_spin_waves.cpp, its decomposition independence in
// test_decomposition_independence.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "run/programs/program.hpp"
#include "stats/observables.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr int nx = 4, ny = 3, nz = 3;
constexpr double b11 = 1.2e-21, b12 = -0.7e-21, b22 = 0.4e-21;  // J per link
constexpr double mu1 = 2 * constants::bohr_magneton, mu2 = 1.5 * constants::bohr_magneton;

// Material 1 in the layers z = 0 and 1, material 2 in z = 2.
const char* input =
    "create:crystal-structure = sc\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
    "create:periodic-boundaries-z\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 12 !A\ndimensions:system-size-y = 9 !A\n"
    "dimensions:system-size-z = 9 !A\nmaterial:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:maximum-height = 0.6\n"
    "material[1]:biquadratic-exchange-matrix[1] = 1.2e-21\n"
    "material[1]:biquadratic-exchange-matrix[2] = -0.7e-21\n"
    "material[2]:atomic-spin-moment = 1.5 !muB\nmaterial[2]:minimum-height = 0.6\n"
    "material[2]:biquadratic-exchange-matrix[2] = 0.4e-21\n";

using V = std::array<double, 3>;
double dot(const V& a, const V& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

struct Box {
    Simulation sim{parallel::Comm::world(), test::config_from_text(input), test::quiet_options()};
    std::vector<std::int64_t> at = std::vector<std::int64_t>(nx * ny * nz, -1);  // [cell]: index
    Box() {
        for (std::int64_t i = 0; i < sim.system().n_owned; ++i) {
            const Vec3 p = sim.lattice().position(sim.system().gid[i]);
            const int x = int(std::lround(p[0] / 3e-10)), y = int(std::lround(p[1] / 3e-10)),
                      z = int(std::lround(p[2] / 3e-10));
            at[std::size_t((z * ny + y) * nx + x)] = i;
            set(i, {std::sin(1.3 * i + 0.2), std::cos(0.7 * i), std::sin(2.1 * i + 0.5)});
        }
    }
    std::int64_t index(int x, int y, int z) const {
        return at[std::size_t((((z + nz) % nz) * ny + (y + ny) % ny) * nx + (x + nx) % nx)];
    }
    V spin(std::int64_t i) const { return {sim.spins().x[i], sim.spins().y[i], sim.spins().z[i]}; }
    void set(std::int64_t i, V s) {
        const double n = std::sqrt(dot(s, s));
        sim.spins().x[i] = s[0] / n;
        sim.spins().y[i] = s[1] / n;
        sim.spins().z[i] = s[2] / n;
    }
    static double b(int za, int zb) {
        const bool one = za < 2, other = zb < 2;
        return one && other ? b11 : !one && !other ? b22 : b12;
    }
    // The direct sum over the box's bonds (+x, +y, +z of every cell).
    double expected_energy() const {
        double e = 0;
        for (int z = 0; z < nz; ++z)
            for (int y = 0; y < ny; ++y)
                for (int x = 0; x < nx; ++x) {
                    const V s = spin(index(x, y, z));
                    const int next[3][3] = {{x + 1, y, z}, {x, y + 1, z}, {x, y, z + 1}};
                    for (const auto& n : next) {
                        const double d = dot(s, spin(index(n[0], n[1], n[2])));
                        e -= b(z, n[2] % nz) * d * d;
                    }
                }
        return e;
    }
    double energy() { return sim.observe().energy[int(TermKind::exchange)] * nx * ny * nz; }
};

}  // namespace

TEST(Biquadratic, EnergyFieldAndMonteCarloChangeFollowTheBonds) {
    if (parallel::Comm::world().size() != 1) GTEST_SKIP() << "one rank holds the whole box";
    Box box;
    ASSERT_EQ(box.sim.system().n_owned, nx * ny * nz);
    const double scale = 6 * nx * ny * nz * 1e-21;
    EXPECT_NEAR(box.energy(), box.expected_energy(), 1e-13 * scale);

    const Hamiltonian& h = box.sim.hamiltonian();
    for (const int z : {0, 1, 2}) {  // an atom of each layer
        const std::int64_t i = box.index(1, 2, z);
        const V s0 = box.spin(i);
        const double mu = z < 2 ? mu1 : mu2;
        V direct{0, 0, 0};
        const int near[6][3] = {{0, 2, z}, {2, 2, z},     {1, 1, z},
                                {1, 0, z}, {1, 2, z - 1}, {1, 2, z + 1}};
        for (const auto& n : near) {
            const V sj = box.spin(box.index(n[0], n[1], n[2]));
            const double c = 2 / mu * Box::b(z, (n[2] + nz) % nz) * dot(s0, sj);
            for (int a = 0; a < 3; ++a)
                direct[a] += c * sj[a];
        }
        double field[3];
        h.field(box.sim.spins().view(), i, i + 1, FieldView{&field[0], &field[1], &field[2]});
        for (int a = 0; a < 3; ++a)
            EXPECT_NEAR(field[a], direct[a], 1e-12 * std::abs(b11) / mu) << "z " << z;
        // -mu B . dS = dE for a small rotation of S_i about each axis.
        for (int axis = 0; axis < 3; ++axis) {
            V u{0, 0, 0};
            u[axis] = 1;
            const V ds{u[1] * s0[2] - u[2] * s0[1], u[2] * s0[0] - u[0] * s0[2],
                       u[0] * s0[1] - u[1] * s0[0]};
            const double eps = 1e-6;
            box.set(i, {s0[0] + eps * ds[0], s0[1] + eps * ds[1], s0[2] + eps * ds[2]});
            const double plus = box.energy();
            box.set(i, {s0[0] - eps * ds[0], s0[1] - eps * ds[1], s0[2] - eps * ds[2]});
            const double minus = box.energy();
            box.set(i, s0);
            EXPECT_NEAR(-mu * dot({field[0], field[1], field[2]}, ds), (plus - minus) / (2 * eps),
                        1e-6 * std::abs(b11))
                << "z " << z << ", axis " << axis;
        }
        // A Monte Carlo move's energy change: the change of the whole energy.
        const double before = box.energy();
        const V to{0.3, -0.8, 0.52};
        const double norm = std::sqrt(dot(to, to));
        const double unit[3] = {to[0] / norm, to[1] / norm, to[2] / norm};
        const double from[3] = {s0[0], s0[1], s0[2]};
        const double change = h.site_energy_change(box.sim.spins().view(), i, from, unit);
        box.set(i, to);
        EXPECT_NEAR(change, box.energy() - before, 1e-12 * scale) << "z " << z;
        box.set(i, s0);
    }
}
