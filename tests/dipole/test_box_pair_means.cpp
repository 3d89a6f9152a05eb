// The tensor solver's near-field means (dipole/box_pair_means.hpp): the factorised sum over cell
// displacements, taken for whole boxes, and the pair sum, taken for boxes a surface cuts, both
// against a direct sum over every pair of atoms in long double, for bcc and hcp (two and four
// sites per cell) in boxes that are no multiple of the cell, a cube and a sphere.
#include <gtest/gtest.h>

#include <cmath>

#include "dipole/box_pair_means.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// The mean of (3 r^ r^T - I) / r^3 over the pairs of magnetic atoms of boxes a and b (p != q),
// and in `scale` the largest mean of a component's absolute values over the pairs (a self pair's
// mean nearly cancels: its differences are measured against the terms it sums).
std::array<long double, 6> direct(const Lattice& l, const dipole::MacroCells& c, std::int64_t a,
                                  std::int64_t b, long double& scale) {
    std::vector<Vec3> pa, pb;
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz)
        for (std::int64_t cy = 0; cy < l.cells[1]; ++cy)
            for (std::int64_t cx = 0; cx < l.cells[0]; ++cx)
                for (int s = 0; s < l.sites(); ++s) {
                    if (!l.present(cx, cy, cz, s)) continue;
                    const Vec3 r = l.position(cx, cy, cz, s);
                    if (c.box_of(r) == a) pa.push_back(r);
                    if (c.box_of(r) == b) pb.push_back(r);
                }
    std::array<long double, 6> t{}, size{};
    for (const Vec3& p : pa)
        for (const Vec3& q : pb) {
            const long double d[3] = {(long double)q[0] - p[0], (long double)q[1] - p[1],
                                      (long double)q[2] - p[2]};
            const long double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if (r2 == 0) continue;
            const long double r = std::sqrt(r2), inv3 = 1 / (r2 * r), inv5 = 3 * inv3 / r2;
            int k = 0;
            for (int i = 0; i < 3; ++i)
                for (int j = i; j < 3; ++j, ++k) {
                    const long double term = d[i] * d[j] * inv5 - (i == j ? inv3 : 0);
                    t[std::size_t(k)] += term;
                    size[std::size_t(k)] += std::fabs(term);
                }
        }
    scale = 0;
    for (int k = 0; k < 6; ++k) {
        t[std::size_t(k)] /= (long double)(pa.size() * pb.size());
        scale = std::max(scale, size[std::size_t(k)] / (long double)(pa.size() * pb.size()));
    }
    return t;
}

struct Outcome {
    int whole = 0, cut = 0, pairs = 0;
    double worst = 0;  // largest difference over its pair's scale (see direct)
};

Outcome compare(const std::string& text, double box_size, double near_range) {
    const Config cfg = test::config_from_text(text);
    const Lattice l = make_lattice(cfg);
    const MaterialMap materials(cfg, l);
    const std::vector<double> moments(cfg.materials.size(), 1.0);
    const dipole::MacroCells c =
        dipole::make_macro_cells(l, materials, moments, {box_size, box_size, box_size});
    const std::vector<char> needed(std::size_t(c.count()), 1);
    const dipole::BoxPairMeans means(l, materials, moments, c, needed, near_range);
    Outcome o;
    for (std::int64_t a = 0; a < c.count(); ++a) {
        if (!c.atoms[std::size_t(a)]) continue;
        (means.whole(a) ? o.whole : o.cut) += 1;
        for (std::int64_t b = a; b < c.count(); ++b) {
            if (!c.atoms[std::size_t(b)]) continue;
            const Vec3 &ca = c.centre[std::size_t(a)], &cb = c.centre[std::size_t(b)];
            const double dist =
                std::sqrt((ca[0] - cb[0]) * (ca[0] - cb[0]) + (ca[1] - cb[1]) * (ca[1] - cb[1]) +
                          (ca[2] - cb[2]) * (ca[2] - cb[2]));
            if (dist > near_range) continue;
            double got[6];
            means.mean(a, b, got);
            long double scale = 0;
            const auto want = direct(l, c, a, b, scale);
            for (int k = 0; k < 6; ++k)
                o.worst =
                    std::max(o.worst, double(std::fabs(got[k] - want[std::size_t(k)]) / scale));
            ++o.pairs;
        }
    }
    return o;
}

TEST(BoxPairMeans, WholeAndCutBoxesEqualTheDirectSum) {
    const std::string bcc =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "material[1]:atomic-spin-moment = 2.2 !muB\n";
    const std::string hcp =
        "create:crystal-structure = hcp\ndimensions:unit-cell-size = 2.5 !A\n"
        "material[1]:atomic-spin-moment = 1.7 !muB\n";
    // A cube: every box whole but the last along each axis (cut by the system's edge).
    const Outcome cube = compare(bcc + "dimensions:system-size = 2.3 !nm\n", 7e-10, 14e-10);
    EXPECT_GT(cube.whole, 20);
    EXPECT_GT(cube.pairs, 100);
    EXPECT_LT(cube.worst, 1e-13);
    // A sphere: boxes on its surface are cut and take the pair sum.
    const Outcome sphere = compare(
        bcc +
            "dimensions:system-size = 2.6 !nm\ncreate:sphere\ndimensions:particle-size = 2.4 !nm\n",
        6.5e-10, 13e-10);
    EXPECT_GT(sphere.whole, 4);
    EXPECT_GT(sphere.cut, 20);
    EXPECT_LT(sphere.worst, 1e-13);
    const Outcome h = compare(hcp + "dimensions:system-size = 2.0 !nm\n", 6e-10, 12e-10);
    EXPECT_GT(h.whole, 8);
    EXPECT_LT(h.worst, 1e-13);
}

}  // namespace
