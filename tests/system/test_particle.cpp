// Particles cut from the lattice (create:sphere, cube, cylinder, truncated-octahedron), core-shell
// materials and the single spin: the atoms present are exactly the sites the shape's definition
// admits, counted by brute force over every site; neighbours link present atoms only.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "parallel/process_grid.hpp"
#include "support/test_support.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"

using namespace miniasd;

namespace {

// 10 x 10 x 8 cells of 3 A; a particle of 21 A diameter (7 cells).
Config particle_config(const std::string& crystal, const std::string& shape,
                       const std::string& extra = "") {
    return test::config_from_text(
        "create:crystal-structure = " + crystal + "\ncreate:" + shape +
        "\ndimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 30 !A\n"
        "dimensions:system-size-y = 30 !A\ndimensions:system-size-z = 24 !A\n"
        "dimensions:particle-size = 21 !A\nmaterial[1]:atomic-spin-moment = 1\n" +
        extra);
}

LocalSystem serial_system(const Lattice& l, const Config& c) {
    parallel::ProcessGrid g;
    g.cells = l.cells;
    g.periodic = l.periodic;
    return build_local_system(l, g, MaterialMap(c, l));
}

// Whether a point at offset (x, y, z) from the centre, in units of the radius, is inside: the
// shapes' definitions written out independently of ParticleCut.
bool inside(const std::string& shape, double x, double y, double z) {
    x = std::abs(x), y = std::abs(y), z = std::abs(z);
    if (shape == "sphere") return x * x + y * y + z * z <= 1 + 1e-12;
    if (shape == "cylinder") return x * x + y * y <= 1 + 1e-12;
    if (shape == "cube") return x <= 1 + 1e-12 && y <= 1 + 1e-12;
    return x + y + z <= 1.5 + 1e-12 && x <= 1 + 1e-12 && y <= 1 + 1e-12 && z <= 1 + 1e-12;
}

}  // namespace

TEST(Particle, AtomsAreTheSitesInsideTheShapeAndLinkOnlyToEachOther) {
    for (const char* crystal : {"sc", "bcc", "fcc"})
        for (const char* shape : {"sphere", "cube", "cylinder", "truncated-octahedron"}) {
            SCOPED_TRACE(std::string(crystal) + " " + shape);
            const Config c = particle_config(crystal, shape);
            const Lattice l = make_lattice(c);
            // The centre is the atom nearest the box centre (15, 15, 12) A.
            const Vec3 o = l.particle.origin;
            EXPECT_LE(std::abs(o[0] - 15e-10), 1.5e-10 + 1e-20);
            EXPECT_LE(std::abs(o[2] - 12e-10), 1.5e-10 + 1e-20);
            std::set<std::int64_t> expected;
            for (std::int64_t g = 0; g < l.id_space(); ++g) {
                const Vec3 p = l.position(g);
                if (inside(shape, (p[0] - o[0]) / 10.5e-10, (p[1] - o[1]) / 10.5e-10,
                           (p[2] - o[2]) / 10.5e-10))
                    expected.insert(g);
            }
            EXPECT_EQ(l.atoms(), std::int64_t(expected.size()));
            EXPECT_LT(l.atoms(), l.id_space());
            const LocalSystem s = serial_system(l, c);
            ASSERT_EQ(s.n_owned, l.atoms());
            EXPECT_EQ(s.n_global, l.atoms());
            EXPECT_EQ(s.n_local, s.n_owned);  // one rank: no ghosts
            std::set<std::int64_t> got(s.gid.begin(), s.gid.begin() + s.n_owned);
            EXPECT_EQ(got, expected);
            for (std::int64_t i = 0; i < s.n_owned; ++i)
                for (std::int32_t j : s.neighbours_of(i))
                    EXPECT_TRUE(expected.count(s.gid[j]));
        }
}

TEST(Particle, SphereVolumeApproachesTheContinuumValue) {
    // A large sphere holds close to (4/3) pi r^3 / (cell volume / sites) atoms.
    const Config c = test::config_from_text(
        "create:crystal-structure = fcc\ncreate:sphere\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 10 !nm\ndimensions:particle-size = 9 !nm\n"
        "material[1]:atomic-spin-moment = 1\n");
    const Lattice l = make_lattice(c);
    const double r = 45.0, continuum = 4.0 / 3.0 * M_PI * r * r * r / (27.0 / 4.0);
    EXPECT_NEAR(double(l.atoms()) / continuum, 1.0, 0.01);
}

TEST(Particle, CubeAndCylinderSpanTheWholeHeightAsInVampire) {
    for (const char* shape : {"cube", "cylinder"}) {
        const Lattice l = make_lattice(particle_config("sc", shape));
        // The centre column holds an atom in every layer of the box.
        const std::int64_t cx = std::llround(l.particle.origin[0] / 3e-10);
        const std::int64_t cy = std::llround(l.particle.origin[1] / 3e-10);
        for (std::int64_t z = 0; z < l.cells[2]; ++z)
            EXPECT_TRUE(l.present(cx, cy, z, 0)) << shape << " layer " << z;
    }
}

TEST(Particle, CoreShellMaterialsFollowTheRadius) {
    const Config c =
        particle_config("bcc", "sphere",
                        "material:num-materials = 2\nmaterial[1]:core-shell-size = 0.5\n"
                        "material[2]:atomic-spin-moment = 2\n");
    const Lattice l = make_lattice(c);
    const LocalSystem s = serial_system(l, c);
    int core = 0, shell = 0;
    for (std::int64_t i = 0; i < s.n_owned; ++i) {
        const double r = l.particle.scaled_distance(l.position(s.gid[i]));
        EXPECT_EQ(s.material[i], r <= 0.5 ? 0 : 1) << "r = " << r;
        (s.material[i] == 0 ? core : shell)++;
    }
    EXPECT_GT(core, 0);
    EXPECT_GT(shell, core);  // the shell holds 7/8 of the volume
}

TEST(Particle, SingleSpinIsOneAtomWithoutNeighbours) {
    const Config c = test::config_from_text(
        "create:single-spin\ndimensions:system-size = 5 !nm\nmaterial[1]:atomic-spin-moment = 2\n"
        "material[1]:exchange-matrix[1] = 1e-21\n");
    const Lattice l = make_lattice(c);
    EXPECT_EQ(l.atoms(), 1);
    const LocalSystem s = serial_system(l, c);
    EXPECT_EQ(s.n_owned, 1);
    EXPECT_TRUE(s.neighbours_of(0).empty());
}
