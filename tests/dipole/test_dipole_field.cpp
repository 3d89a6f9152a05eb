// The exact dipolar field (src/dipole/): against a direct O(N^2) sum over every pair of atoms, on
// several lattices and shapes (a two-site and a four-site basis, particles, removed sites), to
// 1e-12 of the largest field; the Lorentz cavity (the field at the centre of a uniformly
// magnetised sphere on a cubic lattice vanishes); and the same bits on every sub-communicator of
// 1 to P ranks, with 1 and 2 threads.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

#include "dipole/field_support.hpp"

using namespace miniasd;
using namespace miniasd::test::dipole_fields;

namespace {

// The direct sum B_i = sum_{j != i} N(r_j - r_i) m_j, in long double.
std::vector<double> direct(const Config& c, const std::vector<std::int64_t>& gids,
                           const Vec3* uniform = nullptr) {
    const Lattice l = make_lattice(c);
    std::vector<double> out;
    for (std::int64_t i : gids) {
        const Vec3 ri = l.position(i);
        long double sum[3] = {0, 0, 0};
        for (std::int64_t j : gids) {
            if (j == i) continue;
            const Vec3 rj = l.position(j);
            double t[6];
            dipole::dipole_tensor({rj[0] - ri[0], rj[1] - ri[1], rj[2] - ri[2]}, t);
            const Vec3 m = moment_of(j, uniform);
            sum[0] +=
                (long double)t[0] * m[0] + (long double)t[1] * m[1] + (long double)t[2] * m[2];
            sum[1] +=
                (long double)t[1] * m[0] + (long double)t[3] * m[1] + (long double)t[4] * m[2];
            sum[2] +=
                (long double)t[2] * m[0] + (long double)t[4] * m[1] + (long double)t[5] * m[2];
        }
        for (long double s : sum)
            out.push_back(double(s));
    }
    return out;
}

parallel::Comm world_comm() {
    return parallel::Comm::world();
}

struct Case {
    const char* name;
    Config config;
};

std::vector<Case> cases() {
    return {
        {"sc cube", box("sc", 8, 7, 6)},
        {"bcc box", box("bcc", 6, 5, 4)},
        {"bcc 4096", box("bcc", 16, 16, 8)},
        {"fcc sphere", box("fcc", 7, 7, 7,
                           "create:sphere\n"
                           "dimensions:particle-size = 18 !A\n")},
        {"hcp film", box("hcp", 5, 4, 2)},
        {"bcc cylinder", box("bcc", 9, 9, 3,
                             "create:cylinder\n"
                             "dimensions:particle-size = 24 !A\n")},
    };
}

TEST(DipoleField, EqualsTheDirectSumOverEveryPair) {
    const parallel::Comm world = world_comm();
    for (const Case& k : cases()) {
        const Fields f = solve(k.config, world);
        if (!world.is_root()) continue;
        const std::vector<double> d = direct(k.config, f.gid);
        ASSERT_EQ(d.size(), f.b.size()) << k.name;
        double largest = 0, worst = 0;
        for (std::size_t i = 0; i < d.size(); ++i) {
            largest = std::max(largest, std::abs(d[i]));
            worst = std::max(worst, std::abs(d[i] - f.b[i]));
        }
        std::printf("%-13s %5zu atoms: max |B| %.3g T, max difference %.2e of it\n", k.name,
                    f.gid.size(), largest, worst / largest);
        EXPECT_GT(largest, 0.01) << k.name;  // T: moments of ~2 muB at 1.5 to 3 A give ~0.1 T
        EXPECT_LE(worst, 1e-12 * largest) << k.name << ": " << f.gid.size() << " atoms";
    }
}

TEST(DipoleField, LorentzCavityAtTheCentreOfAUniformSphere) {
    const parallel::Comm world = world_comm();
    // sc, 21^3 cells, a sphere of radius 9.5 cells about the centre atom: by the cubic symmetry
    // of the sphere's atoms about it, the sum at the centre vanishes.
    const Config c = box("sc", 21, 21, 21, "create:sphere\ndimensions:particle-size = 57 !A\n");
    const Vec3 m{0.3 * constants::bohr_magneton, 0.5 * constants::bohr_magneton,
                 2 * constants::bohr_magneton};
    const Fields f = solve(c, world, &m);
    if (!world.is_root()) return;
    const Lattice l = make_lattice(c);
    const std::int64_t centre = l.gid(10, 10, 10, 0);
    const auto it = std::lower_bound(f.gid.begin(), f.gid.end(), centre);
    ASSERT_TRUE(it != f.gid.end() && *it == centre);
    const std::size_t k = std::size_t(it - f.gid.begin());
    // Scale: the field of one neighbour's moment, (mu0/4pi) 2|m|/a^3.
    const double one = 2e-7 * std::sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]) / 27e-30;
    for (int a = 0; a < 3; ++a)
        EXPECT_LE(std::abs(f.b[3 * k + std::size_t(a)]), 1e-10 * one) << "component " << a;
    // Away from the centre the field is not zero (the test would pass for a zero field).
    EXPECT_GT(std::abs(f.b[3 * (k + 3) + 2]), 1e-6 * one);
}

TEST(DipoleField, SameBitsOnEveryDecompositionAndThreadCount) {
    const parallel::Comm world = world_comm();
    for (const Case& k : cases()) {
        omp_set_num_threads(1);
        const parallel::Comm one = world.split(world.rank() == 0 ? 0 : -1, 0);
        Fields ref;
        if (one.valid()) ref = solve(k.config, one);
        for (int ranks = 1; ranks <= world.size(); ++ranks)
            for (int threads : {1, 2}) {
                omp_set_num_threads(threads);
                const parallel::Comm sub = world.split(world.rank() < ranks ? 0 : -1, world.rank());
                if (sub.valid()) {
                    const Fields f = solve(k.config, sub);
                    if (world.is_root()) {
                        ASSERT_EQ(f.b.size(), ref.b.size());
                        EXPECT_EQ(std::memcmp(f.b.data(), ref.b.data(), ref.b.size() * 8), 0)
                            << k.name << " on " << ranks << " ranks x " << threads << " threads";
                    }
                }
                world.barrier();
            }
    }
    omp_set_num_threads(1);
}

}  // namespace
