// The textures of atomic layers on every lattice (stats/layer_triangles.hpp, stats/topology.hpp):
// each layer's triangles tile it exactly once (the triangles' areas add up to the cell's, each
// anticlockwise and none degenerate) for every built-in crystal, strained cells and a unit-cell
// file's; a prepared skyrmion then has Q = -1 to rounding on the films where the triangles from
// the exchange's nearest bonds gave 0 (bcc, mn2au: those bonds leave the layer), -2/3 (honeycomb),
// -3/4 (kagome) or 0 (a 0.3 % in-plane strain), on 1 and 2 ranks with the same bits; the radius
// is NaN with a count of 0 when there is no skyrmion; a system without triangles refuses the
// columns by name.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "stats/layer_triangles.hpp"
#include "support/test_support.hpp"
#include "system/crystals.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

// Each layer's triangles: anticlockwise, none degenerate, areas adding up to the cell's.
void expect_tiling(const std::vector<Vec3>& basis, const Vec3& cell, const std::string& what) {
    const auto t = layer_triangles(basis, cell);
    std::vector<double> heights;  // one area sum per distinct height
    std::vector<double> area;
    for (std::size_t s = 0; s < basis.size(); ++s) {
        std::size_t h = 0;
        while (h < heights.size() && std::abs(heights[h] - basis[s][2]) > 1e-9)
            ++h;
        if (h == heights.size()) {
            heights.push_back(basis[s][2]);
            area.push_back(0);
        }
        for (const LayerTriangle& tr : t[s]) {
            auto at = [&](const NeighbourOffset& o, int a) {
                return ((a == 0 ? o.dx : o.dy) + basis[std::size_t(o.site)][std::size_t(a)] -
                        basis[s][std::size_t(a)]) *
                       cell[std::size_t(a)];
            };
            const double twice =
                at(tr.b, 0) * at(tr.c, 1) - at(tr.b, 1) * at(tr.c, 0);  // anticlockwise: > 0
            EXPECT_GT(twice, 1e-6 * cell[0] * cell[1]) << what << " site " << s;
            EXPECT_EQ(std::abs(basis[std::size_t(tr.b.site)][2] - basis[s][2]) < 1e-9, true)
                << what;
            area[h] += twice / 2;
        }
    }
    for (std::size_t h = 0; h < heights.size(); ++h)
        EXPECT_NEAR(area[h], cell[0] * cell[1], 1e-9 * cell[0] * cell[1])
            << what << " layer at " << heights[h];
}

// A periodic film holding a prepared Neel skyrmion (core down) of 12 A, its Q and radius.
struct Texture {
    double q = 0, radius = 0, count = 0;
};
Texture prepared_skyrmion(const std::string& crystal, int ranks, const std::string& extra = "") {
    const std::string input =
        "create:crystal-structure = " + crystal +
        "\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 72 !A\n"
        "dimensions:system-size-y = 72 !A\ndimensions:system-size-z = 6 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
        "sim:total-time-steps = 0\nsim:initial-spin-configuration = skyrmion\n"
        "sim:initial-skyrmion-radius = 12 !A\noutput:topological-charge\n"
        "output:skyrmion-radius\n" +
        extra;
    Texture t;
    const std::string error = test::run_on_first_ranks(ranks, 1, input, [&](Simulation& sim) {
        t.q = sim.last_sample().topological_charge;
        t.radius = sim.last_sample().skyrmion_radius;
        t.count = sim.last_sample().skyrmion_count;
    });
    EXPECT_EQ(error, "") << crystal;
    return t;
}

}  // namespace

TEST(LayerTriangles, EveryBuiltInCrystalsLayersAreTiledOnce) {
    for (const CrystalCell& cell : crystal_cells()) {
        expect_tiling(cell.basis, cell.dimensions, cell.name);
        // Strained in the plane by 0.3 % (square layers become rectangles: still tiled).
        const Vec3 strained{cell.dimensions[0] * 1.003, cell.dimensions[1],
                            cell.dimensions[2] * 0.97};
        expect_tiling(cell.basis, strained, std::string(cell.name) + " strained");
    }
    // A cell with sites at scattered heights and positions (a unit-cell file's kind).
    expect_tiling({{0.1, 0.2, 0}, {0.7, 0.3, 0}, {0.4, 0.8, 0}, {0.5, 0.5, 0.5}}, {3, 4, 5},
                  "scattered");
}

TEST(LayerTextures, AskyrmionHasChargeMinusOneOnEveryFilm) {
    const int world = parallel::Comm::world().size();
    for (const std::string crystal :
         {"sc", "bcc", "fcc", "hcp", "honeycomb", "kagome", "mn2au", "fcc-111", "bcc-110"}) {
        const Texture one = prepared_skyrmion(crystal, 1);
        if (parallel::Comm::world().is_root()) {
            EXPECT_NEAR(one.q, -1, 1e-9) << crystal;
            EXPECT_EQ(one.count, 1) << crystal;
            EXPECT_GT(one.radius, 6e-10) << crystal;
            EXPECT_LT(one.radius, 18e-10) << crystal;
        }
        if (world < 2) continue;
        const Texture two = prepared_skyrmion(crystal, 2);
        if (parallel::Comm::world().is_root()) {
            EXPECT_EQ(std::memcmp(&one, &two, sizeof one), 0) << crystal << ": 2 ranks differ";
        }
    }
    // A cell 0.3 % longer along x than y: the exchange's nearest bonds lay along y only.
    const Texture strained = prepared_skyrmion("sc", 1, "dimensions:unit-cell-size-x = 3.009 !A\n");
    if (parallel::Comm::world().is_root()) {
        EXPECT_NEAR(strained.q, -1, 1e-9);
    }
}

TEST(LayerTextures, NoSkyrmionHasNoRadiusAndAChainNoCharge) {
    // A uniform film: Q = 0, so no skyrmion: count 0 and a NaN radius (it printed 1 and 0).
    const std::string film =
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ndimensions:system-size-x = 3 !nm\n"
        "dimensions:system-size-y = 3 !nm\ndimensions:system-size-z = 3.54 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
        "sim:total-time-steps = 0\noutput:topological-charge\noutput:skyrmion-radius\n"
        "output:skyrmion-centre\n";
    Observables o;
    EXPECT_EQ(test::run_on_first_ranks(1, 1, film, [&](Simulation& sim) { o = sim.last_sample(); }),
              "");
    if (parallel::Comm::world().is_root()) {
        EXPECT_EQ(o.topological_charge, 0);
        EXPECT_EQ(o.skyrmion_count, 0);
        EXPECT_TRUE(std::isnan(o.skyrmion_radius));
        EXPECT_TRUE(std::isnan(o.skyrmion_centre[0]));
    }
    // A chain along x has no triangle: the columns are refused by name.
    std::string chain = film;
    chain.replace(chain.find("system-size-y = 3 !nm"), 21, "system-size-y = 3.54 !A");
    chain.replace(chain.find("create:periodic-boundaries-y\n"), 29, "");
    const std::string error = test::run_on_first_ranks(1, 1, chain, [](Simulation&) {});
    if (parallel::Comm::world().is_root()) {
        EXPECT_NE(error.find("skyrmion-centre and their mean- forms) need a layer of atoms that "
                             "forms triangles"),
                  std::string::npos)
            << error;
    }
}
