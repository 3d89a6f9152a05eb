// The Monte Carlo colouring: no atom shares its colour with any atom it interacts with, on every
// built-in crystal, for even and odd cell counts, open and periodic, for the first shell and for
// reaches of several shells (the colouring follows the interaction offsets, not the crystal); a
// lattice where an atom is its own neighbour is refused.
#include <gtest/gtest.h>

#include <set>

#include "integrate/colouring.hpp"
#include "support/test_support.hpp"
#include "system/crystals.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

Lattice lattice(const char* crystal, int nx, int ny, int nz, bool periodic) {
    std::string text = std::string("create:crystal-structure = ") + crystal +
                       "\ndimensions:unit-cell-size = 3 !A\n"
                       "material[1]:atomic-spin-moment = 1 !muB\n";
    text += "dimensions:system-size-x = " + std::to_string(3 * nx) + " !A\n";
    text += "dimensions:system-size-y = " + std::to_string(3 * ny) + " !A\n";
    text += "dimensions:system-size-z = " + std::to_string(3 * nz) + " !A\n";
    if (periodic)
        text +=
            "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
            "create:periodic-boundaries-z\n";
    return make_lattice(test::config_from_text(text));
}

// The union of the first `n` shells, per site.
SiteOffsets shells(const Lattice& l, int n) {
    SiteOffsets u(static_cast<std::size_t>(l.sites()));
    for (const SiteOffsets& shell : neighbour_shells(l, n))
        for (std::size_t s = 0; s < u.size(); ++s)
            u[s].insert(u[s].end(), shell[s].begin(), shell[s].end());
    return u;
}

// Every atom against every interacting atom, wrap-around included.
void expect_proper(const Lattice& l, const SiteOffsets& offsets) {
    const Colouring c(l, offsets);
    std::set<int> used;
    for (std::int64_t g = 0; g < l.atoms(); ++g) {
        std::int64_t cx, cy, cz;
        int s;
        l.decode(g, cx, cy, cz, s);
        used.insert(c.of(g));
        for (const NeighbourOffset& o : offsets[s]) {
            std::int64_t p[3] = {cx + o.dx, cy + o.dy, cz + o.dz};
            bool inside = true;
            for (int a = 0; a < 3; ++a) {
                if (p[a] >= 0 && p[a] < l.cells[a]) continue;
                if (!l.periodic[a]) inside = false;
                p[a] = (p[a] + l.cells[a]) % l.cells[a];
            }
            if (!inside) continue;
            ASSERT_NE(c.of(l.gid(p[0], p[1], p[2], o.site)), c.of(g))
                << word_of(l.crystal) << " " << l.cells[0] << "x" << l.cells[1] << "x" << l.cells[2]
                << " atom " << g;
        }
    }
    EXPECT_EQ(static_cast<int>(used.size()), c.colours());
}

}  // namespace

TEST(Colouring, NoNeighboursShareAColourOnAnyLattice) {
    for (const CrystalCell& cell : crystal_cells())
        for (bool periodic : {false, true})
            for (int n : {2, 3, 4, 5}) {
                const Lattice l = lattice(cell.name, n, n + 1, 2 * n - 1, periodic);
                expect_proper(l, l.neighbours);
                expect_proper(l, l.exchange.offsets());
            }
}

TEST(Colouring, ColourCountsAreSmall) {
    auto colours = [](const Lattice& l) { return Colouring(l, l.neighbours).colours(); };
    EXPECT_EQ(colours(lattice("sc", 4, 4, 4, true)), 2);
    EXPECT_EQ(colours(lattice("sc", 5, 4, 4, true)), 3);
    EXPECT_EQ(colours(lattice("sc", 5, 5, 5, false)), 2);
    EXPECT_EQ(colours(lattice("bcc", 3, 3, 3, true)), 2);
    EXPECT_EQ(colours(lattice("fcc", 3, 3, 3, true)), 4);
}

// A second shell links atoms of one basis site (bcc: the cube edges): the site colouring is no
// longer proper, and the colours come from the interaction graph.
TEST(Colouring, FurtherShellsGetAProperColouringFromTheirOffsets) {
    for (const char* crystal : {"sc", "bcc", "fcc"})
        for (int reach : {2, 3})
            for (bool periodic : {false, true})
                for (int n : {3, 4, 5, 7}) {
                    const Lattice l = lattice(crystal, n, n + 1, n + 2, periodic);
                    SCOPED_TRACE(std::string(crystal) + " shells " + std::to_string(reach) + " n " +
                                 std::to_string(n) + (periodic ? " periodic" : " open"));
                    expect_proper(l, shells(l, reach));
                }
    const Lattice bcc = lattice("bcc", 4, 4, 4, true);
    const Colouring c(bcc, shells(bcc, 2));
    EXPECT_EQ(c.scheme(), Colouring::Scheme::classes);
    EXPECT_LE(c.colours(), 8);  // 16 classes (2 per axis x 2 sites) coloured greedily
    // The first shell keeps the two-colour site scheme (Monte Carlo runs keep their bits).
    EXPECT_EQ(Colouring(bcc, bcc.neighbours).scheme(), Colouring::Scheme::by_site);
}

TEST(Colouring, APeriodicAxisShorterThanTheReachIsRefused) {
    // One periodic cell: the lattice itself refuses, as its exchange bonds would join an atom to
    // itself (system/lattice.cpp); the colouring refuses such offsets of any other term.
    EXPECT_THROW(lattice("sc", 1, 4, 4, true), Error);
    const Lattice two = lattice("sc", 2, 4, 4, true);  // the third shell (2,0,0) is the atom itself
    EXPECT_NO_THROW(Colouring(two, shells(two, 2)));
    EXPECT_THROW(Colouring(two, shells(two, 4)), Error);
}
