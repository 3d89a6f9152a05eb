// VAMPIRE's macrocell and tensor solvers against their formulas, computed by hand here for a
// layer of 4 x 2 simple cubic atoms (a = 5 A) in macro-cells of 10 A: two cells of 4 atoms (and
// an empty third, as VAMPIRE's n = ceil((L + 0.01 A) / c) makes one), uniform moments along z:
//   macrocell: B_0 = (mu0/4pi) [ T(R_01) m_1 + (8 pi/3) m_0 / V_0 ],  T(10 A x^) z^ = -z^ / R^3
//   tensor:    T(R_01) replaced by the mean over the 8 x 8 atom pairs, plus the self cell's mean
//              over its 12 ordered pairs p != q;
//   energy field mu0 H: the self term -(4 pi/3) m / V instead.
// And the same field on every decomposition (the cells' moments are summed exactly).
#include <gtest/gtest.h>

#include <cmath>

#include "dipole/macro_cell_solver.hpp"
#include "parallel/decomposition.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

const double mu = 2 * constants::bohr_magneton;

Config small_box() {
    return test::config_from_text(
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 5 !A\n"
        "dimensions:system-size-x = 20 !A\ndimensions:system-size-y = 10 !A\n"
        "dimensions:system-size-z = 5 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n");
}

// Every atom's field and energy field, gathered by global id, with moments mu z^.
void solve(double near_range, std::vector<double>& b, std::vector<double>& h) {
    const parallel::Comm world = parallel::Comm::world();
    const Config c = small_box();
    const Lattice l = make_lattice(c);
    const parallel::Decomposition d = parallel::decompose(world, l.cells, l.periodic);
    const LocalSystem sys = build_local_system(l, d.grid, MaterialMap(c, l));
    dipole::MacroCellSolver s(l, sys, MaterialMap(c, l), {mu}, {10e-10, 10e-10, 10e-10}, near_range,
                              d.comm);
    EXPECT_EQ(s.cells().count(), 3 * 2 * 1);
    std::vector<double> m(std::size_t(3 * sys.n_owned), 0.0), lb(m.size()), lh(m.size());
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        m[std::size_t(3 * i + 2)] = mu;
    s.field(m.data(), lb.data(), lh.data());
    b.assign(std::size_t(3 * l.atoms()), 0.0);
    h = b;
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        for (int a = 0; a < 3; ++a) {
            b[std::size_t(3 * sys.gid[std::size_t(i)] + a)] = lb[std::size_t(3 * i + a)];
            h[std::size_t(3 * sys.gid[std::size_t(i)] + a)] = lh[std::size_t(3 * i + a)];
        }
    world.sum_in_place(b);  // each atom's values from its one owner, zeros elsewhere
    world.sum_in_place(h);
}

// The z field of an atom of cell 0 by hand (T), for the cross-cell zz tensor t01 and self t00
// (A^-3).
double by_hand(double t01, double t00, double self_factor) {
    const double a3 = 1e-30, m_cell = 4 * mu, volume = 4 * 125e-30;
    return 1e-7 * ((t01 + t00) / a3 * m_cell + self_factor * M_PI / 3 * m_cell / volume);
}

TEST(MacroCells, MacrocellSolverIsVampiresFormula) {
    std::vector<double> b, h;
    solve(0.0, b, h);
    // Cell centres 10 A apart along x: T z^ = -z^ / 1000 A^3; no tensor inside a cell.
    const double bz = by_hand(-1.0 / 1000, 0.0, 8), hz = by_hand(-1.0 / 1000, 0.0, -4);
    for (std::size_t atom = 0; atom < b.size() / 3; ++atom) {
        EXPECT_NEAR(b[3 * atom + 2], bz, 1e-12 * std::abs(bz)) << atom;
        EXPECT_NEAR(h[3 * atom + 2], hz, 1e-12 * std::abs(hz)) << atom;
        EXPECT_EQ(b[3 * atom], 0.0);
    }
}

TEST(MacroCells, TensorSolverTakesTheMeanOverAtomPairs) {
    std::vector<double> b, h;
    solve(20e-10, b, h);  // cut-off 2 x 10 A: the two cells are near
    // The means of N_zz = (3 z^2 - r^2) / r^5 over the cells' atoms (A), by brute force.
    std::vector<std::array<double, 3>> cell0, cell1;
    for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 2; ++y)
            (x < 2 ? cell0 : cell1).push_back({5.0 * x, 5.0 * y, 0.0});
    auto mean_zz = [](const auto& p, const auto& q) {
        double sum = 0;
        for (const auto& u : p)
            for (const auto& v : q) {
                const double dx = v[0] - u[0], dy = v[1] - u[1], dz = v[2] - u[2];
                const double r2 = dx * dx + dy * dy + dz * dz;
                if (r2 == 0) continue;
                sum += (3 * dz * dz - r2) / std::pow(r2, 2.5);
            }
        return sum / double(p.size() * q.size());
    };
    const double t01 = mean_zz(cell0, cell1), t00 = mean_zz(cell0, cell0);
    const double bz = by_hand(t01, t00, 8), hz = by_hand(t01, t00, -4);
    for (std::size_t atom = 0; atom < b.size() / 3; ++atom) {
        EXPECT_NEAR(b[3 * atom + 2], bz, 1e-12 * std::abs(bz)) << atom;
        EXPECT_NEAR(h[3 * atom + 2], hz, 1e-12 * std::abs(hz)) << atom;
    }
    // The self mean is not the point tensor's zero: the tensor solver differs from macrocell.
    EXPECT_GT(std::abs(t00), 1e-6);
}

}  // namespace
