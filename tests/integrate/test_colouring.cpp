// The Monte Carlo colouring: no atom shares its colour with any of its neighbours, on every
// lattice, for even and odd cell counts, open and periodic; a lattice where an atom is its own
// neighbour is refused.
#include <gtest/gtest.h>

#include <set>

#include "integrate/colouring.hpp"
#include "support/test_support.hpp"
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

// Every atom against every neighbour, wrap-around included.
void expect_proper(const Lattice& l) {
    const Colouring c(l);
    std::set<int> used;
    for (std::int64_t g = 0; g < l.atoms(); ++g) {
        std::int64_t cx, cy, cz;
        int s;
        l.decode(g, cx, cy, cz, s);
        used.insert(c.of(g));
        for (const NeighbourOffset& o : l.neighbours[s]) {
            std::int64_t p[3] = {cx + o.dx, cy + o.dy, cz + o.dz};
            bool inside = true;
            for (int a = 0; a < 3; ++a) {
                if (p[a] >= 0 && p[a] < l.cells[a]) continue;
                if (!l.periodic[a]) inside = false;
                p[a] = (p[a] + l.cells[a]) % l.cells[a];
            }
            if (!inside) continue;
            ASSERT_NE(c.of(l.gid(p[0], p[1], p[2], o.site)), c.of(g))
                << to_string(l.crystal) << " " << l.cells[0] << "x" << l.cells[1] << "x"
                << l.cells[2] << " atom " << g;
        }
    }
    EXPECT_EQ(static_cast<int>(used.size()), c.colours());
}

}  // namespace

TEST(Colouring, NoNeighboursShareAColourOnAnyLattice) {
    for (const char* crystal : {"sc", "bcc", "fcc"})
        for (bool periodic : {false, true})
            for (int n : {2, 3, 4, 5})
                expect_proper(lattice(crystal, n, n + 1, 2 * n - 1, periodic));
}

TEST(Colouring, ColourCountsAreSmall) {
    EXPECT_EQ(Colouring(lattice("sc", 4, 4, 4, true)).colours(), 2);
    EXPECT_EQ(Colouring(lattice("sc", 5, 4, 4, true)).colours(), 3);
    EXPECT_EQ(Colouring(lattice("sc", 5, 5, 5, false)).colours(), 2);
    EXPECT_EQ(Colouring(lattice("bcc", 3, 3, 3, true)).colours(), 2);
    EXPECT_EQ(Colouring(lattice("fcc", 3, 3, 3, true)).colours(), 4);
}

TEST(Colouring, APeriodicAxisOfOneCellIsRefused) {
    EXPECT_THROW(Colouring(lattice("sc", 1, 4, 4, true)), Error);
}
